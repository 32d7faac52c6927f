#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets under DIR (docs/fuzzing.md):
#   DIR/frontend: the project's C files (examples/, test/lit/, test/unit/).
#   DIR/clauses:  the clause text of every '#pragma c2cuda kernel' in them,
#                 after a digit that picks the nest (fuzz/FuzzClauses.cpp),
#                 each clause list once for each nest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: make-corpus.sh DIR}
mkdir -p "$out/frontend" "$out/clauses"
sources=$(find "$root/examples" "$root/test/lit" "$root/test/unit" -name '*.c' \
            -size -5k | sort)
for f in $sources; do
  rel=${f#"$root"/}
  cp "$f" "$out/frontend/${rel//\//_}"
done
n=0
grep -ho '#pragma c2cuda kernel.*' $sources | sed 's/^#pragma c2cuda kernel *//' |
  sort -u | while IFS= read -r clauses; do
  for nest in 0 1 2 3; do
    printf '%s%s' "$nest" "$clauses" > "$out/clauses/seed-$n-$nest"
  done
  n=$((n + 1))
done
