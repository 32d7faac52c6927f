#!/usr/bin/env python3
"""Validates a `c2cuda analyze --json` report against docs/analyze.schema.json.

Usage: validate-json.py SCHEMA REPORT.json... Prints "NAME: valid" (NAME
the report's file name without .json) or every error, and exits non-zero
if any report is invalid."""
import json
import os
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
failed = False
for path in sys.argv[2:]:
    name = os.path.basename(path)[:-len(".json")]
    report = json.load(open(path))
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.path))
    for e in errors:
        print("%s: invalid at /%s: %s"
              % (name, "/".join(map(str, e.path)), e.message))
    if errors:
        failed = True
    else:
        print("%s: valid" % name)
sys.exit(1 if failed else 0)
