#!/usr/bin/env python3
"""Sets keys of DIR/bundle.json, as a hand-edited or hostile bundle would.

  edit-bundle.py DIR KEY=JSON...     e.g. edit-bundle.py b 'variants.2.id="x"'

KEY is a dotted path; list indices are numbers.
"""
import json
import os
import sys

path = os.path.join(sys.argv[1], "bundle.json")
with open(path) as f:
    bundle = json.load(f)
for arg in sys.argv[2:]:
    key, _, value = arg.partition("=")
    *parents, last = key.split(".")
    node = bundle
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    node[int(last) if isinstance(node, list) else last] = json.loads(value)
with open(path, "w") as f:
    json.dump(bundle, f, indent=1)
