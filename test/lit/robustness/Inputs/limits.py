#!/usr/bin/env python3
"""Runs a command under time and memory limits and checks how it ended.

  limits.py --seconds S --max-rss-mb M --exit N -- COMMAND...

Passes the command's stdout and stderr through. Exits 0 only if it ended
with status N (not by a signal) within S seconds, having used at most M MB
of resident memory; otherwise says what went wrong and exits 1.
"""
import argparse
import resource
import subprocess
import sys
import time

p = argparse.ArgumentParser()
p.add_argument("--seconds", type=float, required=True)
p.add_argument("--max-rss-mb", type=float, required=True)
p.add_argument("--exit", type=int, required=True)
p.add_argument("command", nargs=argparse.REMAINDER)
a = p.parse_args()
cmd = a.command[1:] if a.command[:1] == ["--"] else a.command

start = time.monotonic()
try:
    r = subprocess.run(cmd, timeout=a.seconds)
except subprocess.TimeoutExpired:
    sys.exit("limits.py: still running after %g s: %s" % (a.seconds, " ".join(cmd)))
took = time.monotonic() - start
rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
if r.returncode < 0:
    sys.exit("limits.py: killed by signal %d" % -r.returncode)
if r.returncode != a.exit:
    sys.exit("limits.py: exit status %d, expected %d" % (r.returncode, a.exit))
if rss_mb > a.max_rss_mb:
    sys.exit("limits.py: %.0f MB resident, more than %g MB" % (rss_mb, a.max_rss_mb))
