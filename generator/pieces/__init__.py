"""Faces and pieces, and the seam between components and writers: jobs and offers."""
