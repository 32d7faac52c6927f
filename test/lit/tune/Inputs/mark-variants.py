#!/usr/bin/env python3
"""Appends a fake-nvcc.py marker line to every variant of a bundle.

  mark-variants.py DIR MARKERS     e.g. mark-variants.py b wrong

adds "// FAKE: MARKERS" to DIR/variants/*.cu (plain and default included)
and prints how many sources it marked.
"""
import glob
import os
import sys

paths = sorted(glob.glob(os.path.join(sys.argv[1], "variants", "*.cu")))
for path in paths:
    with open(path, "a") as f:
        f.write("// FAKE: %s\n" % sys.argv[2])
print("marked %d" % len(paths))
