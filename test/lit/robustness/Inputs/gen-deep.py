#!/usr/bin/env python3
"""Writes a C file with one deeply nested construct inside a kernel nest.

  gen-deep.py KIND N OUT.c

KIND: expr  x[i] = a[0] + a[1] + ... + a[N-1]   (N terms, nesting N)
      ifs   N nested 'if' statements around one assignment
      loops N nested loops (the kernel's own loop excluded)
"""
import sys

kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
head = "void f(int n, float *a, float *x) {\n#pragma c2cuda kernel\n"
if kind == "expr":
    body = "  for (int i = 0; i < n; i++)\n    x[i] = %s;\n" % " + ".join(
        "a[%d]" % t for t in range(n))
elif kind == "ifs":
    stmt = "x[i] = 1;"
    for d in range(n):
        stmt = "if (a[%d] > 0) %s" % (d % 7, stmt)
    body = "  for (int i = 0; i < n; i++)\n    %s\n" % stmt
elif kind == "loops":
    body = "  for (int i = 0; i < n; i++)\n"
    for d in range(n):
        body += "for (int i%d = 0; i%d < n; i%d++)\n" % (d, d, d)
    body += "x[i] += a[%s];\n" % " + ".join(["i"] + ["i%d" % d for d in range(n)])
else:
    sys.exit("unknown kind " + kind)
with open(out, "w") as f:
    f.write(head + body + "}\n")
