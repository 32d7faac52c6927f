#!/usr/bin/env python3
"""Fails when a non-coherent load (ld.global.nc) may read through an
address chosen by a select (selp.b64), directly or through moves and
additions: nvcc's merged load of `c ? B[x] : W[y]` when B is const
__restrict__ and W is written (see lib/codegen/ReadOnlyPath.h).

Usage: check-ptx-nc.py FILE.ptx   prints one line per function checked and
exits 1 if any such load is found."""
import re
import sys

INSTR = re.compile(r"^\s*(?:@!?%p\d+\s+)?([a-z][\w.]*)\s+(.*?);")
REG = re.compile(r"%[a-z]+\d+")


def check(name, body):
    lines = [m.groups() for m in map(INSTR.match, body) if m]
    chosen = set()
    changed = True
    while changed:  # Fixed point: loops carry registers backwards.
        changed = False
        for op, args in lines:
            regs = REG.findall(args)
            if not regs:
                continue
            dst, srcs = regs[0], regs[1:]
            derived = op.startswith("selp.b64") or (
                op.split(".")[0] in ("mov", "add", "sub", "cvta", "mad")
                and any(s in chosen for s in srcs))
            if derived and dst not in chosen:
                chosen.add(dst)
                changed = True
    bad = []
    for op, args in lines:
        if op.startswith("ld.global.nc"):
            addr = re.search(r"\[(%[a-z]+\d+)", args)
            if addr and addr.group(1) in chosen:
                bad.append(op + " " + args)
    return bad


def main():
    text = open(sys.argv[1]).read()
    failed = False
    for m in re.finditer(r"\.entry\s+(\w+)\((.*?)^\}", text, re.S | re.M):
        bad = check(m.group(1), m.group(2).splitlines())
        print("%s %s" % ("SELECTED-NC" if bad else "OK", m.group(1)))
        for b in bad:
            print("  " + b)
        failed |= bool(bad)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
