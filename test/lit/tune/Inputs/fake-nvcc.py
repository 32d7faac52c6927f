#!/usr/bin/env python3
"""A stand-in for nvcc in the engine's tests (no GPU, no CUDA needed).

Compiling (-c SRC -o OUT) writes OUT as a JSON "object" naming SRC and the
markers found in it; linking writes an executable Python script that behaves
as the harness protocol says, as the markers of its variant object ask:

  // FAKE: ms=1.5          median time (default 1.0); ms=0.5/1.5: 0.5 in the
                         executable's first --run, 1.5 in later ones
  // FAKE: regs=N          ptxas registers reported (default 32)
  // FAKE: sleep=S         the run takes S seconds more
  // FAKE: crash           "illegal memory access" on stderr, exit 1
  // FAKE: hang            never finishes
  // FAKE: wrong           a wrong_result line, exit 3
  // FAKE: compile-error   the compile fails

$FAKE_MS_RULES names a file of lines "MS REGEX": a variant whose source
matches a REGEX (Python, DOTALL; the first line that matches) takes MS as
its median where it has no ms marker.

With $FAKE_NO_GPU set, `--info` fails as the harness does on a machine
without a GPU or driver. Every `--run` appends "<variant> gpu=<CUDA_VISIBLE_DEVICES>" to the file
named by $FAKE_RUN_LOG; every compile appends "<source>" to
$FAKE_COMPILE_LOG. `nvcc --version` names release 13.0.
"""
import json
import os
import re
import stat
import sys

RUNNER = r'''#!/usr/bin/env python3
import json, os, sys, time
INFO = __INFO__
args = sys.argv[1:]
if "--info" in args and os.environ.get("FAKE_NO_GPU"):
    print("error: cudaGetDevice: CUDA driver version is insufficient for "
          "CUDA runtime version", file=sys.stderr)
    sys.exit(1)
if "--info" in args:
    print(json.dumps({"gpu": "Fake GPU", "cc": "9.0", "sms": 132,
                      "l2_bytes": 52428800, "peak_gflops": 60000.0,
                      "peak_gbs": 3000.0, "driver": "13.0", "runtime": "13.0"}))
    sys.exit(0)
if "--profile" in args:
    sys.exit(0)
m = INFO["markers"]
log = os.environ.get("FAKE_RUN_LOG")
if log:
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(fd, ("%s gpu=%s\n" % (INFO["id"], os.environ.get("CUDA_VISIBLE_DEVICES", "-"))).encode())
    os.close(fd)
reps = int(args[args.index("--reps") + 1]) if "--reps" in args else 5
time.sleep(float(m.get("sleep", 0)))
if "hang" in m:
    while True:
        time.sleep(3600)
if "crash" in m:
    sys.stderr.write("c2c_var_kernel launch\n")
    sys.stderr.write("error: an illegal memory access was encountered\n")
    sys.exit(1)
if "wrong" in m:
    print(json.dumps({"status": "wrong_result", "stage": "small", "array": "C",
                      "small_err": 0.5, "tuning_err": None,
                      "detail": "first bad element C[3]"}))
    sys.exit(3)
first, _, later = str(m.get("ms", 1.0)).partition("/")
ms = float(first)
if later:
    count = sys.argv[0] + ".runs"
    runs = int(open(count).read()) if os.path.exists(count) else 0
    open(count, "w").write(str(runs + 1))
    ms = float(later) if runs else ms
times = [ms * (1 + 0.01 * ((i % 3) - 1)) for i in range(reps)]
print(json.dumps({"status": "ok", "small_err": 1e-7, "tuning_err": 2e-7,
                  "times_ms": times}))
'''


def markers(path):
    out = {}
    try:
        text = open(path).read()
    except OSError:
        return out
    for m in re.finditer(r"//\s*FAKE:\s*(.*)", text):
        for item in m.group(1).split():
            k, _, v = item.partition("=")
            out[k] = v
    rules = os.environ.get("FAKE_MS_RULES")
    if rules and "ms" not in out:
        for line in open(rules):
            ms, _, regex = line.strip().partition(" ")
            if regex and re.search(regex, text, re.S):
                out["ms"] = ms
                break
    return out


def main(argv):
    if "--version" in argv:
        print("nvcc: NVIDIA (R) Cuda compiler driver (fake)")
        print("Cuda compilation tools, release 13.0, V13.0.48")
        return 0
    out = argv[argv.index("-o") + 1] if "-o" in argv else "a.out"
    if "-c" in argv:
        src = argv[argv.index("-c") + 1]
        log = os.environ.get("FAKE_COMPILE_LOG")
        if log:
            with open(log, "a") as f:
                f.write(os.path.basename(src) + "\n")
        m = markers(src)
        if "compile-sleep" in m:
            import time
            time.sleep(float(m["compile-sleep"]))
        if "compile-error" in m:
            sys.stderr.write("%s(3): error: identifier \"oops\" is undefined\n" % src)
            sys.stderr.write("1 error detected in the compilation of \"%s\".\n" % src)
            return 1
        if "-v" in argv:  # -Xptxas -v
            regs = int(m.get("regs", 32))
            sys.stderr.write("ptxas info    : 0 bytes gmem\n")
            sys.stderr.write("ptxas info    : Compiling entry function "
                             "'c2c_var_kernel' for 'sm_90'\n")
            sys.stderr.write("ptxas info    : Function properties for c2c_var_kernel\n")
            sys.stderr.write("    0 bytes stack frame, 0 bytes spill stores, "
                             "0 bytes spill loads\n")
            sys.stderr.write("ptxas info    : Used %d registers, used 1 barriers, "
                             "8192 bytes smem\n" % regs)
        with open(out, "w") as f:
            json.dump({"src": src, "markers": m,
                       "id": os.path.splitext(os.path.basename(src))[0]}, f)
        return 0
    # Link: the executable behaves as its variant object (the last .o,
    # after harness.o ref64.o plain.o) says.
    objs = [a for a in argv[1:] if a.endswith(".o")]
    with open(objs[-1]) as f:
        info = json.load(f)
    with open(out, "w") as f:
        f.write(RUNNER.replace("__INFO__", repr(info)))
    os.chmod(out, os.stat(out).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
