#!/usr/bin/env python3
"""Validates tune report.json files against docs/tune-report.schema.json.

Usage: validate-report.py SCHEMA REPORT.json... Prints "NAME: valid" (NAME
the file's parent directory) or every error, and exits non-zero if any
report is invalid."""
import json
import os
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = False
for path in sys.argv[2:]:
    name = os.path.basename(os.path.dirname(os.path.abspath(path)))
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
