// isnan, isinf and isfinite, which <math.h> defines as macros over compiler
// builtins, become CUDA's isnan, isinf, isfinite; glibc's isinf gives -1
// for -inf, kept by a select. The CPU oracle checks the lowering.
// RUN: %c2cuda -q %S/Inputs/classification.c -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %S/Inputs/classification.c --size n=37 --trials 2 | FileCheck %s --check-prefix=ORACLE

// CHECK: {{^ +}}k[i] = isnan(x[i]) + 2 * ((isinf(x[i]) ? (x[i] < 0.0f ? -1 : 1) : 0) != 0) + 4 * isfinite(d[i]) + 8 * ((isinf(d[i]) ? (d[i] < 0.0 ? -1 : 1) : 0) < 0) + 16 * ((isinf(x[i]) ? (x[i] < 0.0f ? -1 : 1) : 0) > 0);{{$}}
// ORACLE: {{^}}CHECK classify PASS{{.*}}
