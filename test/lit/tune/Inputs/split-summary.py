"""Prints what a test checks of a tuning space's split knob: the split
parameter's values, the candidates per split count with the smallest
tiles (i x j) among them, and the model's fastest candidate. With a
second argument, a directory: the sources of a split-4 candidate and of its
unsplit twin (the same other parameters) are copied there as split.cu and
whole.cu."""
import json
import os
import shutil
import sys

b = json.load(open(sys.argv[1]))
params = {p["name"]: p["values"] for p in b["params"]}
print("param split_k:", params.get("split_k", "absent"))
cands = [v for v in b["variants"] if v["role"] == "candidate"]
by_split = {}
for v in cands:
    p = v["params"]
    s = p.get("split_k", 1)
    tiles = p["tile_i"] * p["tile_j"]
    n, least = by_split.get(s, (0, None))
    by_split[s] = (n + 1, tiles if least is None else min(least, tiles))
for s in sorted(by_split):
    n, least = by_split[s]
    print(f"split {s}: {n} candidates, smallest tile {least}")
best = min(cands, key=lambda v: v["model"]["seconds"])
print("model's fastest: split", best["params"].get("split_k", 1),
      "schedule split", best["schedule"].get("split", {}))
if len(sys.argv) > 2:
    bundle = os.path.dirname(sys.argv[1])
    for v in cands:
        if v["params"].get("split_k", 1) != 4:
            continue
        twin = [w for w in cands if w["params"] == dict(v["params"], split_k=1)]
        if twin:
            for name, w in (("split.cu", v), ("whole.cu", twin[0])):
                shutil.copy(os.path.join(bundle, w["source"]),
                            os.path.join(sys.argv[2], name))
            break
