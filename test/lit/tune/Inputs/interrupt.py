#!/usr/bin/env python3
"""Starts a command, waits until FILE has at least N lines, sends it a
signal, and reports how it ended.

  interrupt.py --signal KILL|INT --file FILE --lines N [--copy DEST] -- CMD...

Prints "exit <code>" (negative: killed by that signal) and "prompt yes" if
it ended within 3 s of the signal. With --copy, FILE is copied to DEST
right after the command ended. The command's stdout and stderr go to
FILE.out and FILE.err.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

p = argparse.ArgumentParser()
p.add_argument("--signal", required=True)
p.add_argument("--file", required=True)
p.add_argument("--lines", type=int, required=True)
p.add_argument("--copy")
p.add_argument("--out", required=True)
p.add_argument("cmd", nargs=argparse.REMAINDER)
a = p.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd


def lines():
    try:
        with open(a.file) as f:
            return sum(1 for l in f if l.endswith("\n"))
    except OSError:
        return 0


with open(a.out + ".out", "w") as out, open(a.out + ".err", "w") as err:
    proc = subprocess.Popen(cmd, stdout=out, stderr=err)
    deadline = time.time() + 120
    while lines() < a.lines and proc.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    if proc.poll() is not None:
        print("finished before the signal")
        sys.exit(1)
    sent = time.time()
    proc.send_signal(getattr(signal, "SIG" + a.signal))
    try:
        code = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = proc.wait()
    took = time.time() - sent
if a.copy:
    shutil.copy(a.file, a.copy)
print("exit %d" % code)
print("prompt %s" % ("yes" if took < 3 else "no (%.1f s)" % took))
