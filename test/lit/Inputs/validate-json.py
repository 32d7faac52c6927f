#!/usr/bin/env python3
"""Validates JSON reports against a JSON schema (the draft its "$schema"
names): `c2cuda analyze --json` output against docs/analyze.schema.json,
`c2cuda tune` report.json against docs/tune-report.schema.json.

Usage: validate-json.py [--name-from-dir] SCHEMA REPORT.json... Prints
"NAME: valid" or every error, and exits non-zero if any report is invalid.
NAME is the file's name without .json, or with --name-from-dir the name of
the directory holding it (every tune report is called report.json)."""
import json
import os
import sys

import jsonschema

args = sys.argv[1:]
from_dir = args[:1] == ["--name-from-dir"]
if from_dir:
    args = args[1:]
schema = json.load(open(args[0]))
Validator = jsonschema.validators.validator_for(schema)
Validator.check_schema(schema)
validator = Validator(schema)
failed = False
for path in args[1:]:
    if from_dir:
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
    else:
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
