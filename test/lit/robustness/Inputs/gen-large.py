#!/usr/bin/env python3
"""Writes one large nest of a given kind (large-nests.test).

  repeated N   N statements over four arrays, of a few access forms
  rows N       N statements, each on its own row C[k][i][j]
  locals N     a chain of N float locals, each from the one before
  doubling N   N int locals, each using the one before three times
  mixed N      N statements: locals, ifs and inner loops, seeded
  functions N  N unmarked host functions after one marked function
"""
import random
import sys

kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
L = []
if kind == "repeated":
    L += ["void f(int n, int m, float *A, float *B, float *C, float *D) {",
          "#pragma c2cuda kernel",
          "  for (int i = 1; i < n - 1; i++)",
          "    for (int j = 1; j < m - 1; j++) {"]
    for s in range(n):
        w, r1, r2 = "CD"[s % 2], "AB"[s % 2], "AB"[(s + 1) % 2]
        L.append(f"      {w}[i*m+j] = {r1}[(i-1)*m+j] + {r2}[i*m+j+1] * "
                 f"{s % 7 + 1}.0f;")
    L += ["    }", "}"]
elif kind == "rows":
    L += [f"void f(int n, int m, float A[n][m], float C[{n}][n][m]) {{",
          "#pragma c2cuda kernel",
          "  for (int i = 1; i < n - 1; i++)",
          "    for (int j = 1; j < m - 1; j++) {"]
    for s in range(n):
        L.append(f"      C[{s}][i][j] = A[i-1][j] * {s % 7 + 1}.0f + C[{s}][i][j];")
    L += ["    }", "}"]
elif kind == "locals":
    L += ["void f(int n, float *A, float *B) {", "#pragma c2cuda kernel",
          "  for (int i = 0; i < n; i++) {", "    float t0 = A[i];"]
    for s in range(1, n):
        L.append(f"    float t{s} = t{s - 1} * 0.5f + B[i];")
    L += [f"    A[i] = t{n - 1};", "  }", "}"]
elif kind == "doubling":
    L += ["void f(int n, float *A) {", "#pragma c2cuda kernel",
          "  for (int i = 0; i < n; i++) {", "    int t0 = i;"]
    for s in range(1, n):
        L.append(f"    int t{s} = t{s - 1} + t{s - 1} - t{s - 1};")
    L += [f"    A[t{n - 1}] = 1.0f;", "  }", "}"]
elif kind == "mixed":
    rng = random.Random(3)
    L += ["void f(int n, int m, float *A, float *B, float *C) {",
          "#pragma c2cuda kernel extent(B: n)",
          "  for (int i = 0; i < n; i++) {"]
    for k in range(n):
        r = rng.random()
        if r < 0.4:
            L.append(f"    float v{k} = A[i] * {rng.randint(1, 9)}.0f + B[i];")
        elif r < 0.6:
            L.append(f"    if (A[i] > {rng.randint(0, 9)}.0f) {{ float w{k} = B[i]; "
                     f"C[i] = C[i] + w{k}; }}")
        elif r < 0.8:
            L.append(f"    for (int j{k} = 0; j{k} < m; j{k}++) {{ int q{k} = j{k} * 2; "
                     f"C[i] = C[i] + B[q{k} % n] * {k}.0f; }}")
        else:
            L.append("    C[i] = C[i] * 0.5f + A[i];")
    L += ["  }", "}"]
elif kind == "functions":
    L += ["void marked(int n, float *A) {", "#pragma c2cuda kernel",
          "  for (int i = 0; i < n; i++)", "    A[i] = A[i] * 2.0f;", "}"]
    for k in range(n):
        L += [f"int host{k}(int n, int *A) {{", "  int s = 0;",
              "  for (int i = 0; i < n; i++)",
              f"    s += A[i] * {k} + (s >> 3);", "  return s;", "}"]
else:
    sys.exit("unknown kind " + kind)
with open(out, "w") as f:
    f.write("\n".join(L) + "\n")
