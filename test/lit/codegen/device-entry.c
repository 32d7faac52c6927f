// Host statements may touch elements of an array past what the kernels
// touch: the extent, which sizes the drop-in entry's copies and the
// _device entry's host staging buffer, covers them (before, f_device gave
// `y[n] = -1.0f;` a staging buffer of n elements: it wrote past it and the
// value never reached the device). A subscript no bound covers warns, and
// f_device stops when called.
// RUN: %c2cuda -q %S/Inputs/device-entry.c -o %t.cu
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// RUN: %c2cuda -q %s -o %t.unbounded.cu 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=UNB < %t.unbounded.cu

// The larger of the kernel's n elements and the host statement's n + 1.
// CU-LABEL: {{^}}extern "C" void sentinel_device(
// CU-NOT:   c2c_unstageable
// CU:       {{^}}  const long long c2c_n_y = ((long long)n >= 1LL ? (long long)n : 0LL) > ((long long)n >= 0LL ? (long long)n + 1LL : 0LL) ? ((long long)n >= 1LL ? (long long)n : 0LL) : (long long)n >= 0LL ? (long long)n + 1LL : 0LL;{{$}}
// CU:       {{^}}  float *c2c_h_y = (float *)c2c_host_alloc(c2c_n_y,
// CU-LABEL: {{^}}extern "C" void host_prefix(
// CU-NEXT:  {{^}}  const long long c2c_n_y = ((long long)n >= 1LL ? (long long)n : 0LL) > ((long long)m >= 1LL ? (long long)m : 0LL) ? ((long long)n >= 1LL ? (long long)n : 0LL) : (long long)m >= 1LL ? (long long)m : 0LL;{{$}}

// The host statement's subscript is data: no bound.
void scatter_one(int n, const int *idx, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 0.0f;
  y[idx[0]] = 1.0f;
}

// Declared with its size: the declaration bounds it.
void declared(int n, const int *idx, float y[n + 8]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 0.0f;
  y[idx[0]] = 1.0f;
}

// DIAG:      {{^}}{{.*}}device-entry.c:25:3: warning: cannot bound the elements of 'y' this host statement touches: 'scatter_one_device' would have no host copy to give it, and stops with an error when called ('scatter_one' is not affected){{$}}
// DIAG:      {{^}}{{.*}}device-entry.c:25:3: note: declare 'y' with its size ('float y[<number of elements>]') or state it with 'extent(y: <number of elements>)' on a '#pragma c2cuda kernel' line{{$}}
// DIAG-NOT:  warning:

// UNB-LABEL: {{^}}extern "C" void scatter_one_device(
// UNB-NEXT:  {{^}}  c2c_unstageable("y", "device-entry.c:25", "scatter_one_device", "{{.*}}");{{$}}
// UNB-LABEL: {{^}}extern "C" void declared_device(
// UNB-NOT:   c2c_unstageable
// UNB:       {{^}}}
