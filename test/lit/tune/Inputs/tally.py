#!/usr/bin/env python3
"""Counts for the engine's tests.

  tally.py cache FILE             lines, distinct keys, then one line per
                                  variant: "<id> <status> | <reason>"
  tally.py runs LOG [CACHE]       runs, distinct variants, most runs of one
                                  variant, the GPUs used; with CACHE (a copy
                                  taken before a rerun) also how many of the
                                  variants it held ran more than once
"""
import collections
import json
import sys


def cache_lines(path):
    out = []
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        try:
            out.append(json.loads(line))
        except ValueError:
            out.append(None)
    return out


def main(argv):
    if argv[1] == "cache":
        lines = cache_lines(argv[2])
        good = [e for e in lines if e is not None]
        print("lines %d" % len(lines))
        print("unparsable %d" % (len(lines) - len(good)))
        print("keys %d" % len({e["key"] for e in good}))
        for e in sorted(good, key=lambda e: e["variant"]):
            print("%s %s | %s" % (e["variant"], e["status"], e["reason"]))
        return 0
    runs = [l.split() for l in open(argv[2]) if l.strip()]
    per = collections.Counter(r[0] for r in runs)
    print("runs %d" % len(runs))
    print("variants %d" % len(per))
    print("most-runs %d" % (max(per.values()) if per else 0))
    print("gpus %s" % " ".join(sorted({r[1] for r in runs})))
    if len(argv) > 3:
        cached = {e["variant"] for e in cache_lines(argv[3]) if e is not None}
        print("cached-before %d" % len(cached))
        print("cached-run-again %d" % sum(1 for v in cached if per[v] > 1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
