#!/usr/bin/env python3
"""How well a bundle's cost model ranks measured variants: a bundle made now
(c2cuda tune ... --emit-bundle DIR) against caches of measured runs (its own
or older ones: variants are matched by their parameters, a parameter at its
neutral value -- async 0, maxrregcount 0, split 1 -- counting as absent).

    benchmarks/tuning/model-rank.py DIR CACHE.jsonl [CACHE.jsonl ...]

Prints the number matched, Spearman's rank correlation between predicted
and measured times, the fastest measured and its place in the model's order
of the whole space, and the fastest among the model's first 10 and 30."""
import json
import sys

NEUTRAL = {"async": 0, "maxrregcount": 0, "split_k": 1}


def key(params):
    return tuple(sorted((k, v) for k, v in params.items()
                        if not (k in NEUTRAL and v == NEUTRAL[k])))


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0] * len(xs)
    for place, i in enumerate(order):
        r[i] = place
    return r


bundle = json.load(open(sys.argv[1] + "/bundle.json"))
predicted = {key(v["params"]): v["model"]["seconds"]
             for v in bundle["variants"] if v["role"] == "candidate"}
measured = {}
for path in sys.argv[2:]:
    for line in open(path):
        r = json.loads(line)
        if r.get("status") == "ok" and r.get("role") == "candidate":
            measured[key(r["params"])] = r["time"]["median_ms"]
pairs = [(predicted[k], t, k) for k, t in measured.items() if k in predicted]
n = len(pairs)
a, m = ranks([t for _, t, _ in pairs]), ranks([p for p, _, _ in pairs])
rho = 1 - 6 * sum((x - y) ** 2 for x, y in zip(a, m)) / (n * (n * n - 1))
order = sorted(predicted, key=predicted.get)
best = min(pairs, key=lambda p: p[1])
print(f"matched {n} of {len(measured)} measured; Spearman {rho:.3f}")
print(f"fastest measured {best[1]:.4f} ms, place {order.index(best[2]) + 1} "
      f"of {len(order)} in the model's order")
for top in (10, 30):
    got = [measured[k] for k in order[:top] if k in measured]
    print(f"model's first {top}: {len(got)} measured, fastest "
          + (f"{min(got):.4f} ms" if got else "-"))
