# lit configuration for c2cuda's tests.
import os
import shutil
import subprocess

import lit.formats

config.name = "c2cuda"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.c2cuda_bin_dir), "..", "test", "lit-out")
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]

config.environment["PATH"] = os.pathsep.join(
    [config.c2cuda_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# %c2cuda-tune, %c2cuda-check and %c2cuda-opt before %c2cuda, their prefix.
config.substitutions.append(("%c2cuda-tune", os.path.join(config.c2cuda_bin_dir, "c2cuda-tune")))
config.substitutions.append(("%c2cuda-check", os.path.join(os.path.dirname(config.c2cuda_bin_dir), "c2cuda-check", "c2cuda-check")))
config.substitutions.append(("%c2cuda-opt", os.path.join(os.path.dirname(config.c2cuda_bin_dir), "c2cuda-opt", "c2cuda-opt")))
config.substitutions.append(("%c2cuda", os.path.join(config.c2cuda_bin_dir, "c2cuda")))
config.substitutions.append(("%examples", os.path.join(config.c2cuda_src_root, "examples")))
config.substitutions.append(("%srcroot", config.c2cuda_src_root))
# The random-program differential tester (test/fuzz).
config.substitutions.append(("%fuzzdir", os.path.join(config.c2cuda_src_root, "test", "fuzz")))

# nvcc: compile emitted CUDA where the toolkit exists.
nvcc = config.nvcc if config.nvcc and os.path.exists(config.nvcc) else shutil.which("nvcc")
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc + " -arch=sm_90 -std=c++17 -Werror all-warnings"))
    config.substitutions.append(("%fuzz-nvcc", nvcc))

# gpu: a CUDA device answers nvidia-smi.
def has_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30)
        return out.returncode == 0 and "GPU" in out.stdout
    except Exception:
        return False

if has_gpu():
    config.available_features.add("gpu")

# valgrind (installed by scripts/setup.sh): the corpus GPU check's self-test
# runs its drivers under it.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# A Slurm cluster this machine can submit to (scripts/slurm-single-node.sh
# starts one on this machine): tune/engine-shards-slurm.test submits a
# sharded sweep to it.
def has_slurm():
    if not shutil.which("sbatch") or not shutil.which("sinfo"):
        return False
    try:
        out = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True, timeout=20)
        return out.returncode == 0 and any(s.strip() in ("idle", "mixed", "allocated") for s in out.stdout.split())
    except Exception:
        return False

if has_slurm():
    config.available_features.add("slurm")

# Debian's python3 has python3-jsonschema (installed by scripts/setup.sh);
# a python3 earlier on PATH (pyenv, venv) may not.
config.substitutions.append(("%syspython", "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"))
config.substitutions.append(("%schema", os.path.join(config.c2cuda_src_root, "docs", "analyze.schema.json")))

# The tuning report (test/lit/tune/report-*.test): its schema, the demo
# driver that writes a report from JSON inputs, and headless Chromium
# (Debian's chromium-headless-shell, installed by scripts/setup.sh) to run
# report.html's scripts. Chromium as root needs --no-sandbox.
config.substitutions.append(("%tune-schema", os.path.join(config.c2cuda_src_root, "docs", "tune-report.schema.json")))
config.substitutions.append(("%report-demo", os.path.join(os.path.dirname(os.path.dirname(config.c2cuda_bin_dir)), "test", "c2cuda-report-demo")))
chromium = shutil.which("chromium-headless-shell") or shutil.which("chromium")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium + " --headless --no-sandbox --disable-gpu --no-first-run"))
