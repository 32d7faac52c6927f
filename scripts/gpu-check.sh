#!/usr/bin/env bash
# gpu-check.sh - checks the CUDA that c2cuda emitted for every example on a
# GPU: builds each examples/<name>.cu with its driver examples/<name>_driver.c,
# runs it (fresh random inputs on every run), and compares every output with
# a float64 reference built from the same C source (examples/README.md).
#
# Usage:
#   scripts/gpu-check.sh [options] [CU_DIR]
#   scripts/gpu-check.sh --cpu-selftest [options]
#
#   CU_DIR           Where the emitted <name>.cu files are (default
#                    out/gpu-check/cu). When build/tools/c2cuda/c2cuda (or
#                    $C2CUDA) exists, they are first regenerated there with
#                    `c2cuda examples/<name>.c -o CU_DIR/<name>.cu`; otherwise
#                    they must already be there (e.g. copied from the machine
#                    that has c2cuda: only CU_DIR, examples/ and scripts/ are
#                    needed on the GPU machine, no Clang, no CMake).
#   --only a,b       Check only these examples.
#   --no-regen       Use the .cu files in CU_DIR even if c2cuda exists.
#   --runs N         Runs at the default sizes (default 2), each with fresh
#                    random inputs; one more run uses small, odd sizes.
#   --cpu-selftest   No GPU, no c2cuda: build each driver with $CC against the
#                    example itself as the function under test (must PASS),
#                    then against a deliberately broken copy (must FAIL). This
#                    checks the drivers and the checker.
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# CUDA_ARCH (default sm_90), NVCCFLAGS (extra flags), CC (default gcc, for
# --cpu-selftest), C2CUDA (the compiler; default build/tools/c2cuda/c2cuda),
# OUT (work directory, default out/gpu-check), RUN_TIMEOUT (seconds per run,
# default 300), C2CUDA_SEED (replay one set of inputs).
#
# Output: each driver's detail lines, then a table
#   example | sizes | relL2 | result
# and `N passed, N failed`. Exit status 1 when anything failed.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
ex="$root/examples"
cu_dir=""
only=""
regen=1
runs=2
selftest=0
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --only=*) only="${1#--only=}"; shift ;;
    --no-regen) regen=0; shift ;;
    --runs) runs="$2"; shift 2 ;;
    --runs=*) runs="${1#--runs=}"; shift ;;
    --cpu-selftest) selftest=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gpu-check: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) cu_dir="$1"; shift ;;
  esac
done
out="${OUT:-$root/out/gpu-check}"
cu_dir="${cu_dir:-$out/cu}"
bin_dir="$out/bin"
log_dir="$out/log"
mkdir -p "$cu_dir" "$bin_dir" "$log_dir"

# Small, odd sizes for one extra run: edge cases (one row, empty loops) that
# the default sizes do not reach. Arguments of <name>_driver.
declare -A small=(
  [matmul]="17 1 9" [gemm]="13 31 1" [conv2d]="5 38" [conv_multi]="1 2 5 6 3 5 1"
  [nmf]="7 9 3 2" [jacobi2d]="2 5" [gauss_seidel_rb]="3 6" [saxpy]="1"
  [reverse]="1" [transpose]="1 37" [matvec]="5 1" [syrk]="3 2"
  [rbf_kernel]="2 3 1"
)

# --cpu-selftest: one wrong implementation per example (a sed script applied
# to a copy of examples/<name>.c). Each leaves one element (or one pair)
# wrong or unwritten, the smallest bug the checker has to catch.
declare -A mutant=(
  [matmul]='s/C\[i \* N + j\] = acc;/if (i * N + j != 7) C[i * N + j] = acc;/'
  [gemm]='s/C\[i\]\[j\] += /if (i != 3 || j != 5) C[i][j] += /'
  [conv2d]='s/out\[i \* (W - 2) + j\] = acc;/if (i != 1 || j != 2) out[i * (W - 2) + j] = acc;/'
  [conv_multi]='s/out\[((n \* K + k) \* P + p) \* Q + q\] = acc;/if (n + k + p + q != 0) out[((n * K + k) * P + p) * Q + q] = acc;/'
  [nmf]='s/H\[k \* T + t\] = H/if (k != 2 || t != 9) H[k * T + t] = H/'
  [jacobi2d]='s/A\[i\]\[j\] = 0.2f/if (i != 5 || j != 7) A[i][j] = 0.2f/'
  [gauss_seidel_rb]='s/if ((i + j) % 2 == c)/if ((i + j) % 2 == c \&\& (i != 5 || j != 6))/'
  [saxpy]='s/y\[i\] = a/if (i != 1000) y[i] = a/'
  [reverse]='s/for (int i = 0;/for (int i = 1;/'
  [transpose]='s/out\[j \* rows + i\] = /if (i != 2 || j != 3) out[j * rows + i] = /'
  [matvec]='s/y\[i\] = acc;/if (i != 4) y[i] = acc;/'
  [syrk]='s/C\[i\]\[j\] += /if (i != 7 || j != 3) C[i][j] += /'
  [rbf_kernel]='s/Km\[i \* m + j\] = /if (i != 1 || j != 1) Km[i * m + j] = /'
)

names=()
for d in "$ex"/*_driver.c; do
  n=$(basename "$d" _driver.c)
  [ -f "$ex/$n.c" ] || continue
  if [ -n "$only" ] && [[ ",$only," != *",$n,"* ]]; then continue; fi
  names+=("$n")
done
if [ ${#names[@]} -eq 0 ]; then
  echo "gpu-check: no example selected" >&2
  exit 2
fi

rows=()   # "name|sizes|relL2|result"
passed=0
failed=0
record() { # name sizes relL2 result
  rows+=("$1|$2|$3|$4")
  if [ "$4" = PASS ] || [ "$4" = "FAIL (expected)" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
}

# Runs one built driver; records its CHECK line. $4 = expected verdict.
run_one() { # name bin args expect
  local n=$1 b=$2 args=$3 expect=${4:-PASS} log line sizes err res rc
  log="$log_dir/$n.run$((${#rows[@]})).log"
  # shellcheck disable=SC2086
  timeout "${RUN_TIMEOUT:-300}" "$b" $args >"$log" 2>&1
  rc=$?
  sed 's/^/    /' "$log"
  line=$(grep '^CHECK ' "$log" | tail -n 1)
  if [ -z "$line" ]; then
    res="ERROR(rc=$rc)"  # no CHECK line: crashed or a CUDA call failed
    [ $rc -eq 124 ] && res="TIMEOUT"
    sizes="${args:-default}"; err="-"
  else
    read -r _ _ sizes err res <<<"$line"
    err=${err#relL2=}
    # The exit status must agree with the printed verdict.
    if { [ "$res" = PASS ] && [ $rc -ne 0 ]; } || { [ "$res" = FAIL ] && [ $rc -ne 1 ]; }; then
      res="$res(rc=$rc?)"
    fi
  fi
  if [ "$expect" = FAIL ]; then
    if [ "$res" = FAIL ]; then res="FAIL (expected)"; else res="$res (expected FAIL)"; fi
  fi
  record "$n" "$sizes" "$err" "$res"
}

if [ $selftest -eq 1 ]; then
  cc=${CC:-gcc}
  cflags="-std=c99 -O2 -Wall -Wextra -pedantic -Wno-unknown-pragmas -DC2CUDA_CPU_SELFTEST"
  mut_dir="$out/mutants"
  mkdir -p "$mut_dir"
  for n in "${names[@]}"; do
    echo "== $n (cpu self-test)"
    # shellcheck disable=SC2086
    if ! $cc $cflags -I"$ex" -o "$bin_dir/$n.cpu" "$ex/${n}_driver.c" "$ex/$n.c" -lm \
        >"$log_dir/$n.cpu.build.log" 2>&1; then
      sed 's/^/    /' "$log_dir/$n.cpu.build.log"
      record "$n" "-" "-" "BUILD-FAILED"; continue
    fi
    for ((r = 0; r < runs; ++r)); do run_one "$n" "$bin_dir/$n.cpu" ""; done
    run_one "$n" "$bin_dir/$n.cpu" "${small[$n]:-}"
    if [ -z "${mutant[$n]:-}" ]; then
      echo "    (no mutant defined for $n)"; continue
    fi
    sed "${mutant[$n]}" "$ex/$n.c" >"$mut_dir/$n.c"
    if cmp -s "$ex/$n.c" "$mut_dir/$n.c"; then
      echo "    the mutant's sed script did not change $n.c"
      record "$n(mutant)" "-" "-" "MUTANT-NOT-APPLIED"; continue
    fi
    echo "== $n (deliberately wrong copy: $(diff "$ex/$n.c" "$mut_dir/$n.c" | grep '^>' | sed 's/^> *//' | head -n 1))"
    # shellcheck disable=SC2086
    if ! $cc $cflags -I"$ex" -o "$bin_dir/$n.mutant" "$ex/${n}_driver.c" "$mut_dir/$n.c" -lm \
        >"$log_dir/$n.mutant.build.log" 2>&1; then
      sed 's/^/    /' "$log_dir/$n.mutant.build.log"
      record "$n(mutant)" "-" "-" "BUILD-FAILED"; continue
    fi
    run_one "$n(mutant)" "$bin_dir/$n.mutant" "" FAIL
  done
else
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  arch=${CUDA_ARCH:-sm_90}
  c2cuda=${C2CUDA:-$root/build/tools/c2cuda/c2cuda}
  if [ $regen -eq 1 ] && [ -x "$c2cuda" ]; then
    echo "gpu-check: regenerating the CUDA in $cu_dir with $c2cuda"
  else
    regen=0
    echo "gpu-check: using the CUDA files in $cu_dir"
  fi
  for n in "${names[@]}"; do
    echo "== $n"
    if [ $regen -eq 1 ]; then
      rm -f "$cu_dir/$n.cu"
      if ! "$c2cuda" "$ex/$n.c" -o "$cu_dir/$n.cu" >"$log_dir/$n.c2cuda.log" 2>&1; then
        sed 's/^/    /' "$log_dir/$n.c2cuda.log"
        record "$n" "-" "-" "C2CUDA-FAILED"; continue
      fi
    fi
    if [ ! -f "$cu_dir/$n.cu" ]; then
      echo "    missing $cu_dir/$n.cu"
      record "$n" "-" "-" "NO-CU"; continue
    fi
    # nvcc compiles a .c file with the host C compiler as C (-x c), so the
    # driver's VLA parameters and `#define float double` work as in gcc.
    # shellcheck disable=SC2086
    if ! "$nvcc" -arch="$arch" -O2 ${NVCCFLAGS:-} -o "$bin_dir/$n" "$cu_dir/$n.cu" \
        "$ex/${n}_driver.c" -I"$ex" >"$log_dir/$n.build.log" 2>&1; then
      sed 's/^/    /' "$log_dir/$n.build.log"
      record "$n" "-" "-" "BUILD-FAILED"; continue
    fi
    for ((r = 0; r < runs; ++r)); do run_one "$n" "$bin_dir/$n" ""; done
    run_one "$n" "$bin_dir/$n" "${small[$n]:-}"
  done
fi

echo
{
  echo "example|sizes|relL2|result"
  for row in "${rows[@]}"; do echo "$row"; done
} | awk -F'|' '{ for (i = 1; i <= NF; ++i) { c[NR, i] = $i;
                   if (length($i) > w[i]) w[i] = length($i) } }
             END { for (r = 1; r <= NR; ++r) {
                     line = "";
                     for (i = 1; i <= 4; ++i)
                       line = line (i < 4 ? sprintf("%-" w[i] "s | ", c[r, i]) : c[r, i]);
                     print line } }'
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
