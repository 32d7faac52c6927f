"""Runs c2cuda on every input under a directory of fuzz regressions.

Usage: replay.py C2CUDA DIR

Each input once crashed c2cuda (docs/fuzzing.md). It passes when c2cuda
either writes CUDA (status 0) or rejects the input with a diagnostic
(status 1), within a time limit, and prints no crash report.
"""
import os
import subprocess
import sys
import tempfile

c2cuda, regressions = sys.argv[1], sys.argv[2]
# Git keeps no empty directory: none is no input.
names = os.listdir(regressions) if os.path.isdir(regressions) else []
inputs = sorted(
    os.path.join(regressions, name) for name in names
    if not name.endswith(".md"))
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out.cu")
    for path in inputs:
        try:
            run = subprocess.run([c2cuda, path, "-o", out], capture_output=True,
                                 text=True, errors="replace", timeout=120)
            crashed = (run.returncode not in (0, 1) or
                       "Stack dump" in run.stderr or
                       "PLEASE submit a bug report" in run.stderr)
            why = "exit status %d" % run.returncode
            tail = run.stderr[-2000:]
        except subprocess.TimeoutExpired:
            crashed, why, tail = True, "timed out after 120 s", ""
        if crashed:
            failures += 1
            print("FAIL: %s: %s\n%s" % (path, why, tail))
print("%d inputs, %d failed" % (len(inputs), failures))
sys.exit(1 if failures else 0)
