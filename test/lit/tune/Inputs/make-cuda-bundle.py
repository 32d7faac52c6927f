#!/usr/bin/env python3
"""Writes a tiny bundle of real CUDA for the engine's nvcc test.

  make-cuda-bundle.py DIR

The variants and the harness compile with the real nvcc and the protocol's
commands (symbol renames included), but the harness never touches a GPU:
--info prints a made-up GPU and --run reports the time the variant's
f_fake_ms() returns, so the test runs on a machine without one. v2 uses
more registers (a local array kept live), v3 does not compile.
"""
import json
import os
import sys

d = sys.argv[1]
os.makedirs(os.path.join(d, "variants"), exist_ok=True)


def write(rel, text):
    with open(os.path.join(d, rel), "w") as f:
        f.write(text)


def variant(ms, body, extra=""):
    return """#include <cuda_runtime.h>
extern "C" __global__ void f_kernel0(float *a, int n) {
%s
}
extern "C" void f_device(float *a, int n) { f_kernel0<<<1, 32>>>(a, n); }
extern "C" void f(float *a, int n) { (void)a; (void)n; }
extern "C" double f_fake_ms(void) { return %r; }
%s""" % (body, ms, extra)


SIMPLE = "  int i = threadIdx.x;\n  if (i < n) a[i] = 2.0f * a[i];"
MANY = """  float acc[24];
  for (int k = 0; k < 24; ++k) acc[k] = a[(threadIdx.x + k) % n];
  for (int r = 0; r < 64; ++r)
    for (int k = 0; k < 24; ++k) acc[k] = acc[k] * acc[(k + 1) % 24] + 1.0f;
  float s = 0;
  for (int k = 0; k < 24; ++k) s += acc[k];
  a[threadIdx.x % n] = s;"""
write("variants/plain.cu", variant(3.0, SIMPLE))
write("variants/v1.cu", variant(2.0, SIMPLE))
write("variants/v2.cu", variant(1.0, MANY))
write("variants/v3.cu", variant(0.5, SIMPLE + "\n  oops;"))
write("f.c", "void f(float *a, int n) { for (int i = 0; i < n; ++i) a[i] *= 2; }\n")
write("ref64.c", "#include <stdlib.h>\n#define float double\n"
      "#define f c2c_ref64_f\n#include \"f.c\"\n")
write("harness.cu", r"""#include <cstdio>
#include <cstring>
extern "C" void c2c_ref64_f(double *a, int n);
extern "C" void c2c_plain_f_device(float *a, int n);
extern "C" void c2c_var_f_device(float *a, int n);
extern "C" double c2c_var_f_fake_ms(void);
int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--info")) {
    printf("{\"gpu\": \"No GPU (nvcc test)\", \"cc\": \"9.0\", \"sms\": 132, "
           "\"l2_bytes\": 52428800, \"peak_gflops\": 0, \"peak_gbs\": 0, "
           "\"driver\": \"13.0\", \"runtime\": \"13.0\"}\n");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--run")) {
    double ms = c2c_var_f_fake_ms();
    printf("{\"status\":\"ok\",\"small_err\":0,\"tuning_err\":0,"
           "\"times_ms\":[%g,%g,%g]}\n", ms, ms, ms);
    return 0;
  }
  return 2;
}
""")
vs = []
for vid, role in [("plain", "plain"), ("v1", "candidate"), ("v2", "candidate"),
                  ("v3", "candidate")]:
    vs.append({"id": vid, "role": role,
               "params": {} if role == "plain" else {"v": int(vid[1:])},
               "schedule": {} if role == "plain" else {"v": int(vid[1:])},
               "source": "variants/%s.cu" % vid, "nvcc_flags": [],
               "model": {"threads_per_block": 32}})
write("bundle.json", json.dumps({
    "format": 1, "source_name": "f.c", "source_sha256": "cd" * 32,
    "function": "f", "nest": 0, "sizes": {"n": 32}, "verify_sizes": {"n": 8},
    "flops": 1e6, "min_bytes": 1e6, "timeout_seconds": 30,
    "symbols": ["f", "f_device", "f_kernel0", "f_fake_ms"],
    "params": [{"name": "v", "values": [1, 2, 3]}],
    "variants": vs, "strategy": "exhaustive", "seed": 1}, indent=1) + "\n")
