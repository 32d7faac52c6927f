#!/usr/bin/env python3
"""Writes a small hand-made tuning bundle for the engine's tests.

  make-bundle.py DIR [--candidates 12] [--mark ID=MARKERS]... [--sleep S]
                 [--timeout S] [--strategy exhaustive] [--budget B]

Candidates v01..vNN form a tile_i x tile_j grid (3 x 4 for 12); candidate
i (from 0) takes 1.0 + 0.1 * ((5 i + 3) mod 12) ms, so v10 is the fastest
(1.0 ms) of 12. The plain mapping takes 3.0 ms, the default 1.8 ms.
--mark v03="crash" adds markers (fake-nvcc.py) to a variant's source,
replacing its time when it has ms=; --sleep adds a delay to every run.
"""
import argparse
import json
import os

p = argparse.ArgumentParser()
p.add_argument("dir")
p.add_argument("--candidates", type=int, default=12)
p.add_argument("--mark", action="append", default=[])
p.add_argument("--sleep", type=float, default=0)
p.add_argument("--timeout", type=float, default=60)
p.add_argument("--strategy", default="exhaustive")
p.add_argument("--budget", default="")
a = p.parse_args()

marks = {}
for m in a.mark:
    k, _, v = m.partition("=")
    marks[k] = v

os.makedirs(os.path.join(a.dir, "variants"), exist_ok=True)
TI = [16, 32, 64]
TJ = [8, 16, 32, 64]


def write(rel, text):
    with open(os.path.join(a.dir, rel), "w") as f:
        f.write(text)


def variant(vid, role, ms, params):
    extra = marks.get(vid, "")
    fake = "" if "ms=" in extra else "ms=%g " % ms
    if a.sleep:
        fake += "sleep=%g " % a.sleep
    write("variants/%s.cu" % vid,
          "// %s (%s)\n// FAKE: %s%s\nextern \"C\" void f_device() {}\n"
          % (vid, role, fake, extra))
    return {"id": vid, "role": role, "params": params,
            "schedule": {"f": {"tile": params}} if params else {},
            "source": "variants/%s.cu" % vid, "nvcc_flags": [],
            "model": {"seconds": ms * 1e-3, "occupancy": 0.5,
                      "est_registers": 32, "shared_bytes": 8192,
                      "threads_per_block": 256, "terms": {}}}


vs = [variant("plain", "plain", 3.0, {}),
      variant("default", "default", 1.8, {"tile_i": 32, "tile_j": 24})]
for i in range(a.candidates):
    params = {"tile_i": TI[(i // len(TJ)) % len(TI)], "tile_j": TJ[i % len(TJ)]}
    if i >= len(TI) * len(TJ):
        params["unroll"] = i // (len(TI) * len(TJ))
    vs.append(variant("v%02d" % (i + 1), "candidate",
                      1.0 + 0.1 * ((5 * i + 3) % 12), params))

write("harness.cu", "// fake harness\n")
write("ref64.c", "#define float double\n#include \"f.c\"\n")
write("f.c", "void f(float *a, int n) { for (int i = 0; i < n; ++i) a[i] = 0; }\n")
params = [{"name": "tile_i", "values": TI}, {"name": "tile_j", "values": TJ}]
if a.candidates > len(TI) * len(TJ):
    params.append({"name": "unroll", "values": list(range(a.candidates // 12 + 1))})
bundle = {
    "format": 1, "source_name": "f.c", "source_sha256": "ab" * 32,
    "function": "f", "nest": 0, "sizes": {"n": 4096}, "verify_sizes": {"n": 64},
    "arch": "sm_90", "elem_type": "float", "tolerance": 1e-4,
    "flops": 2e9, "min_bytes": 1e9,
    "timing": {"warmup": 1, "reps": 5, "flush_l2": True},
    "timeout_seconds": a.timeout, "symbols": ["f", "f_device", "f_kernel0"],
    "harness": "harness.cu", "reference": "ref64.c", "params": params,
    "variants": vs, "strategy": a.strategy, "budget": a.budget, "seed": 1}
write("bundle.json", json.dumps(bundle, indent=1) + "\n")
