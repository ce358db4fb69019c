"""Putting pieces on paper: papers, sheet layouts, imposition, marks, calibration pages."""
