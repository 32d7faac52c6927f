#!/usr/bin/env python3
"""Writes the loop-order corpus: one computation in many loop orders and
accumulator forms (loop_orders.c), and a CUDA driver (driver.cu) that times
the `_device` entry point c2cuda emits for each form, checks that every form
of a computation gives the same result, and times cuBLAS beside the gemm
forms. Issue 12's benchmark: every form should run within 10% of the
fastest form of its computation.

    python3 benchmarks/loop-order/gen.py OUT_DIR [--double]

--double writes the same forms in double, timed beside cuBLAS DGEMM/DSYRK.

The same loop_orders.c is the input of test/lit/restructure/loop-orders.test
(the CPU oracle on every form).
"""
import itertools
import os
import sys

FUNCS = []  # (group, name, params, body)


def fn(group, name, params, body):
    FUNCS.append((group, name, params, body))


GEMM_P = [("int", "ni"), ("int", "nj"), ("int", "nk"), ("float", "alpha"),
          ("float", "beta"), ("float", "C[ni][nj]"),
          ("const float", "A[ni][nk]"), ("const float", "B[nk][nj]")]
BOUND = {"i": "ni", "j": "nj", "k": "nk"}


def loops(order, body, indent):
    out, pad = [], indent
    for v in order:
        out.append(f"{pad}for (int {v} = 0; {v} < {BOUND[v]}; {v}++)")
        pad += "  "
    out.append(pad + body)
    return out


UPDATE = "C[i][j] += alpha * A[i][k] * B[k][j];"
for order in itertools.permutations("ijk"):
    name = "gemm_" + "".join(order)
    first = order[0]
    if first in "ij":
        other = "j" if first == "i" else "i"
        lines = [f"  for (int {first} = 0; {first} < {BOUND[first]}; {first}++) {{"]
        lines += loops([other], "C[i][j] *= beta;", "    ")
        lines += loops(order[1:], UPDATE, "    ")
        lines.append("  }")
    else:
        lines = loops("ij", "C[i][j] *= beta;", "  ")
        lines += loops(order, UPDATE, "  ")
    fn("gemm", name, GEMM_P, lines)
fn("gemm", "gemm_scalar_acc", GEMM_P, [
    "  for (int i = 0; i < ni; i++)",
    "    for (int j = 0; j < nj; j++) {",
    "      float acc = 0;",
    "      for (int k = 0; k < nk; k++)",
    "        acc += A[i][k] * B[k][j];",
    "      C[i][j] = beta * C[i][j] + alpha * acc;",
    "    }"])

SYRK_P = [("int", "n"), ("int", "m"), ("float", "alpha"), ("float", "beta"),
          ("float", "C[n][n]"), ("const float", "A[n][m]")]
fn("syrk", "syrk_ikj", SYRK_P, [
    "  for (int i = 0; i < n; i++) {",
    "    for (int j = 0; j <= i; j++)",
    "      C[i][j] *= beta;",
    "    for (int k = 0; k < m; k++)",
    "      for (int j = 0; j <= i; j++)",
    "        C[i][j] += alpha * A[i][k] * A[j][k];",
    "  }"])
fn("syrk", "syrk_ijk", SYRK_P, [
    "  for (int i = 0; i < n; i++)",
    "    for (int j = 0; j <= i; j++) {",
    "      C[i][j] *= beta;",
    "      for (int k = 0; k < m; k++)",
    "        C[i][j] += alpha * A[i][k] * A[j][k];",
    "    }"])

MM2_P = [("int", "n"), ("float", "alpha"), ("float", "beta"),
         ("float", "tmp[n][n]"), ("const float", "A[n][n]"),
         ("const float", "B[n][n]"), ("const float", "C[n][n]"),
         ("float", "D[n][n]")]
fn("2mm", "mm2_ijk", MM2_P, [
    "  for (int i = 0; i < n; i++)",
    "    for (int j = 0; j < n; j++) {",
    "      tmp[i][j] = 0.0f;",
    "      for (int k = 0; k < n; ++k)",
    "        tmp[i][j] += alpha * A[i][k] * B[k][j];",
    "    }",
    "  for (int i = 0; i < n; i++)",
    "    for (int j = 0; j < n; j++) {",
    "      D[i][j] *= beta;",
    "      for (int k = 0; k < n; ++k)",
    "        D[i][j] += tmp[i][k] * C[k][j];",
    "    }"])
fn("2mm", "mm2_ikj", MM2_P, [
    "  for (int i = 0; i < n; i++) {",
    "    for (int j = 0; j < n; j++)",
    "      tmp[i][j] = 0.0f;",
    "    for (int k = 0; k < n; ++k)",
    "      for (int j = 0; j < n; j++)",
    "        tmp[i][j] += alpha * A[i][k] * B[k][j];",
    "  }",
    "  for (int i = 0; i < n; i++) {",
    "    for (int j = 0; j < n; j++)",
    "      D[i][j] *= beta;",
    "    for (int k = 0; k < n; ++k)",
    "      for (int j = 0; j < n; j++)",
    "        D[i][j] += tmp[i][k] * C[k][j];",
    "  }"])

MV_P = [("int", "n"), ("int", "m"), ("const float", "A[n][m]"),
        ("const float", "x[m]"), ("float", "y[n]")]
fn("mv", "mv_ij", MV_P, [
    "  for (int i = 0; i < n; i++) {",
    "    y[i] = 0;",
    "    for (int j = 0; j < m; j++)",
    "      y[i] += A[i][j] * x[j];",
    "  }"])
fn("mv", "mv_ji", MV_P, [
    "  for (int i = 0; i < n; i++)",
    "    y[i] = 0;",
    "  for (int j = 0; j < m; j++)",
    "    for (int i = 0; i < n; i++)",
    "      y[i] += A[i][j] * x[j];"])
ATX_P = [("int", "n"), ("int", "m"), ("const float", "A[n][m]"),
         ("const float", "x[n]"), ("float", "y[m]")]
fn("atx", "atx_ij", ATX_P, [
    "  for (int j = 0; j < m; j++)",
    "    y[j] = 0;",
    "  for (int i = 0; i < n; i++)",
    "    for (int j = 0; j < m; j++)",
    "      y[j] += A[i][j] * x[i];"])
fn("atx", "atx_ji", ATX_P, [
    "  for (int j = 0; j < m; j++) {",
    "    y[j] = 0;",
    "    for (int i = 0; i < n; i++)",
    "      y[j] += A[i][j] * x[i];",
    "  }"])

CT_P = [("int", "nr"), ("int", "nq"), ("int", "np"),
        ("float", "sum[nr][nq][np]"), ("const float", "A[nr][nq][np]"),
        ("const float", "C4[np][np]")]
fn("contraction", "ct_rqps", CT_P, [
    "  for (int r = 0; r < nr; r++)",
    "    for (int q = 0; q < nq; q++)",
    "      for (int p = 0; p < np; p++) {",
    "        sum[r][q][p] = 0;",
    "        for (int s = 0; s < np; s++)",
    "          sum[r][q][p] += A[r][q][s] * C4[s][p];",
    "      }"])
fn("contraction", "ct_rqsp", CT_P, [
    "  for (int r = 0; r < nr; r++)",
    "    for (int q = 0; q < nq; q++) {",
    "      for (int p = 0; p < np; p++)",
    "        sum[r][q][p] = 0;",
    "      for (int s = 0; s < np; s++)",
    "        for (int p = 0; p < np; p++)",
    "          sum[r][q][p] += A[r][q][s] * C4[s][p];",
    "    }"])
fn("contraction", "ct_srqp", CT_P, [
    "  for (int r = 0; r < nr; r++)",
    "    for (int q = 0; q < nq; q++)",
    "      for (int p = 0; p < np; p++)",
    "        sum[r][q][p] = 0;",
    "  for (int s = 0; s < np; s++)",
    "    for (int r = 0; r < nr; r++)",
    "      for (int q = 0; q < nq; q++)",
    "        for (int p = 0; p < np; p++)",
    "          sum[r][q][p] += A[r][q][s] * C4[s][p];"])


def write_c(path):
    with open(path, "w") as f:
        f.write("// Generated by benchmarks/loop-order/gen.py: one computation in\n"
                "// several loop orders and accumulator forms per group.\n")
        for group, name, params, body in FUNCS:
            ps = ", ".join(f"{t} {n}" for t, n in params)
            f.write(f"\nvoid {name}({ps}) {{\n#pragma scop\n")
            f.write("\n".join(body) + "\n#pragma endscop\n}\n")


def c_type(t, n):
    # `float C[ni][nj]` -> `float *`; scalars stay.
    return t + (" *" if "[" in n else "")


SIZES = {"gemm": {"ni": 4096, "nj": 4096, "nk": 4096},
         "syrk": {"n": 4096, "m": 4096},
         "2mm": {"n": 2048},
         "mv": {"n": 16384, "m": 16384},
         "atx": {"n": 16384, "m": 16384},
         "contraction": {"nr": 128, "nq": 128, "np": 256}}


def elems(n, sizes):
    dims = n[n.index("["):].strip("[]").split("][")
    e = 1
    for d in dims:
        e *= sizes[d]
    return e


def write_driver(path):
    o = []
    o.append('#include <algorithm>\n#include <cmath>\n#include <cstdio>\n'
             '#include <cstdlib>\n#include <cstring>\n#include <string>\n#include <vector>\n'
             '#include <cublas_v2.h>\n#include <cuda_runtime.h>\n')
    o.append('extern "C" {')
    for group, name, params, body in FUNCS:
        o.append(f"void {name}_device(" +
                 ", ".join(c_type(t, n) for t, n in params) + ");")
    o.append("}")
    o.append(r'''
static int Runs = 15;
template <class F> float median_ms(F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();
  cudaDeviceSynchronize();
  std::vector<float> t;
  for (int r = 0; r < Runs; r++) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
static float *dev(size_t n, unsigned seed) {
  std::vector<float> h(n);
  for (size_t i = 0; i < n; i++)
    h[i] = (float)(((i + seed) * 2654435761u) % 2001) / 1000.0f - 1.0f;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  return d;
}
static std::vector<float> host(const float *d, size_t n) {
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  return h;
}
static double relL2(const std::vector<float> &a, const std::vector<float> &b) {
  double num = 0, den = 0;
  for (size_t i = 0; i < a.size(); i++) {
    double d = (double)a[i] - b[i];
    if (std::isnan(a[i])) return INFINITY;
    num += d * d;
    den += (double)b[i] * b[i];
  }
  return std::sqrt(num / (den > 0 ? den : 1));
}
struct Row { std::string group, name; float ms; double err; };
static std::vector<Row> Rows;
''')
    o.append("int main(int argc, char **argv) {")
    o.append('  bool quick = false;')
    o.append('  for (int a = 1; a < argc; a++) {')
    o.append('    if (!strcmp(argv[a], "--quick")) { quick = true; Runs = 3; }')
    o.append('    if (!strcmp(argv[a], "--runs") && a + 1 < argc) Runs = atoi(argv[++a]);')
    o.append('  }')
    o.append("  cublasHandle_t h;\n  cublasCreate(&h);\n"
             "  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);")
    groups = []
    for g, *_ in FUNCS:
        if g not in groups:
            groups.append(g)
    for g in groups:
        fs = [x for x in FUNCS if x[0] == g]
        sizes = SIZES[g]
        o.append("  {")
        for k, v in sizes.items():
            o.append(f"    int {k} = quick ? {max(v // 16, 8)} : {v};")
        params = fs[0][2]
        arrays = [(t, n) for t, n in params if "[" in n]
        for idx, (t, n) in enumerate(arrays):
            nm = n[:n.index("[")]
            dims = n[n.index("["):].strip("[]").split("][")
            cnt = "*".join(f"(size_t){d}" for d in dims)
            o.append(f"    size_t n_{nm} = {cnt};")
            o.append(f"    float *init_{nm} = dev(n_{nm}, {idx * 17 + 1});")
            o.append(f"    float *{nm}; cudaMalloc(&{nm}, n_{nm} * sizeof(float));")
        written = [n[:n.index("[")] for t, n in arrays if not t.startswith("const")]
        o.append("    float alpha = 0.5f, beta = 0.25f; (void)alpha; (void)beta;")
        o.append("    std::vector<float> ref;")
        args = ", ".join(n[:n.index("[")] if "[" in n else n for t, n in params)
        for _, name, _, _ in fs:
            reset = " ".join(f"cudaMemcpy({w}, init_{w}, n_{w} * sizeof(float), cudaMemcpyDeviceToDevice);" for w in written)
            for t, n in arrays:
                if t.startswith("const"):
                    nm = n[:n.index("[")]
                    o.append(f"    cudaMemcpy({nm}, init_{nm}, n_{nm} * sizeof(float), cudaMemcpyDeviceToDevice);")
            o.append(f"    {reset}")
            o.append(f"    {name}_device({args});")
            o.append("    cudaDeviceSynchronize();")
            last = written[-1]
            o.append(f"    {{ auto got = host({last}, n_{last}); if (ref.empty()) ref = got;")
            o.append(f"      double err = relL2(got, ref);")
            o.append(f"      float ms = median_ms([&] {{ {reset} {name}_device({args}); }});")
            o.append(f"      float ms0 = median_ms([&] {{ {reset} }});")
            o.append(f'      Rows.push_back({{"{g}", "{name}", ms - ms0, err}}); }}')
        if g == "gemm":
            o.append("    { " + " ".join(f"cudaMemcpy(C, init_C, n_C * sizeof(float), cudaMemcpyDeviceToDevice);" for _ in [0]))
            o.append("      // Row-major C = alpha A B + beta C is column-major C^T = alpha B^T A^T + beta C^T.")
            o.append("      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, nj, ni, nk, &alpha, B, nj, A, nk, &beta, C, nj);")
            o.append("      cudaDeviceSynchronize();")
            o.append("      double err = relL2(host(C, n_C), ref);")
            o.append("      float ms = median_ms([&] { cudaMemcpy(C, init_C, n_C * sizeof(float), cudaMemcpyDeviceToDevice); cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, nj, ni, nk, &alpha, B, nj, A, nk, &beta, C, nj); });")
            o.append("      float ms0 = median_ms([&] { cudaMemcpy(C, init_C, n_C * sizeof(float), cudaMemcpyDeviceToDevice); });")
            o.append('      Rows.push_back({"gemm", "cuBLAS SGEMM", ms - ms0, err}); }')
        if g == "syrk":
            reset = "cudaMemcpy(C, init_C, n_C * sizeof(float), cudaMemcpyDeviceToDevice);"
            # Row-major lower triangle = column-major upper; row-major A
            # (n x m) is column-major A^T with leading dimension m.
            call = "cublasSsyrk(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, n, m, &alpha, A, m, &beta, C, n);"
            o.append(f"    {{ {reset} {call}")
            o.append("      cudaDeviceSynchronize();")
            o.append("      double err = relL2(host(C, n_C), ref);")
            o.append(f"      float ms = median_ms([&] {{ {reset} {call} }});")
            o.append(f"      float ms0 = median_ms([&] {{ {reset} }});")
            o.append('      Rows.push_back({"syrk", "cuBLAS SSYRK", ms - ms0, err}); }')
        o.append("  }")
    o.append(r'''  printf("| group | form | ms | vs fastest form | rel. L2 vs first form |\n|---|---|---|---|---|\n");
  for (const Row &r : Rows) {
    float best = 1e30f;
    for (const Row &s : Rows)
      if (s.group == r.group && s.name.rfind("cuBLAS", 0) != 0)
        best = std::min(best, s.ms);
    printf("| %s | %s | %.3f | %.2f | %.1e |\n", r.group.c_str(), r.name.c_str(), r.ms, best / r.ms, r.err);
  }
  return 0;
}''')
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def in_double(path):
    with open(path) as f:
        text = f.read()
    text = text.replace("float", "double").replace("cublasS", "cublasD")
    text = text.replace("SGEMM", "DGEMM").replace("SSYRK", "DSYRK")
    # What stays float: CUDA's event times; cublasSetMathMode is no S-routine.
    text = text.replace("double ms;\n    cudaEventElapsedTime",
                        "float ms;\n    cudaEventElapsedTime")
    text = text.replace("cublasDetMathMode", "cublasSetMathMode")
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--double"]
    out = args[0] if args else "."
    os.makedirs(out, exist_ok=True)
    write_c(os.path.join(out, "loop_orders.c"))
    write_driver(os.path.join(out, "driver.cu"))
    if "--double" in sys.argv:
        for name in ("loop_orders.c", "driver.cu"):
            in_double(os.path.join(out, name))
