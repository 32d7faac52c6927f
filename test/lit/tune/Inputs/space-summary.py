"""Prints the distinct (block, tiles, register cap) of a bundle's
candidates, one line each, sorted: what a test checks of a tuning space."""
import json
import sys

b = json.load(open(sys.argv[1]))
rows = set()
for v in b["variants"]:
    if v["role"] != "candidate":
        continue
    p = v["params"]
    tiles = " ".join(f"{k}={p[k]}" for k in sorted(p) if k.startswith("tile_") and k != "tile_k")
    rows.add(f"block={p['block']} {tiles} maxrregcount={p.get('maxrregcount', '-')}")
for r in sorted(rows):
    print(r)
