#!/usr/bin/env python3
"""Stands in for nvcc in the harness self-test (no GPU, no CUDA needed):
compiles the .cu files, which hold plain C there, with the host C compiler
($CC or cc) and passes everything else on. nvcc-only options are dropped."""
import os
import shlex
import subprocess
import sys

cc = shlex.split(os.environ.get('CC', 'cc'))
argv = []
for a in sys.argv[1:]:
    if a.startswith('-arch') or a.startswith('--gpu-architecture'):
        continue
    if a.endswith('.cu'):
        argv += ['-x', 'c', a, '-x', 'none']
    else:
        argv.append(a)
sys.exit(subprocess.call(cc + argv))
