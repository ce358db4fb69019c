"""The nesting bound checked before a YAML file is parsed counts flow brackets only where YAML
reads them: not inside quoted scalars, nor in comments."""

from generator.kit.datafiles import flow_depth


def test_flow_depth_counts_flow_collections_only():
    assert flow_depth("a: [1, [2, {b: 3}]]") == 3
    assert flow_depth("t: Kristina's [x] 'not [[[ this'") == 1           # an apostrophe opens no quote
    assert flow_depth('# [[[[\nv: "[[[["\nw: [1]  # [[[[') == 1
    assert flow_depth("ink: " + "[" * 20000) == 20000                    # never closed: still counted
