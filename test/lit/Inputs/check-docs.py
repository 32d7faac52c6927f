#!/usr/bin/env python3
"""Checks the project's Markdown: relative links and `lib/...`-style paths
name files that exist, and no table is split by a blank line (the second
half would render as raw pipes). Usage: check-docs.py ROOT FILE.md..."""
import os
import re
import sys

PATH = re.compile(r"`((?:lib|tools|test|scripts|benchmarks|docs|examples|cmake)/[\w./-]+)`")
LINK = re.compile(r"\]\(([^)#\s]+)")


def main():
    root = sys.argv[1]
    problems = 0
    for rel in sys.argv[2:]:
        path = os.path.join(root, rel)
        lines = open(path).read().split("\n")
        for n, line in enumerate(lines, 1):
            for m in LINK.finditer(line):
                t = m.group(1)
                if "://" in t:
                    continue
                if not os.path.exists(os.path.join(os.path.dirname(path), t)):
                    print("%s:%d: link to missing '%s'" % (rel, n, t))
                    problems += 1
            for m in PATH.finditer(line):
                t = m.group(1).rstrip(".")
                if any(c in t for c in "*<>") or t.endswith("/"):
                    continue
                if not os.path.exists(os.path.join(root, t)):
                    print("%s:%d: names missing '%s'" % (rel, n, t))
                    problems += 1
            if (n >= 3 and line.startswith("|") and not lines[n - 2].strip()
                    and lines[n - 3].startswith("|")):
                print("%s:%d: table split by the blank line above" % (rel, n))
                problems += 1
    print("%d problems" % problems)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
