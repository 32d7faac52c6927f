// A histogram: an array the nest only updates with one operator, at
// data-dependent subscripts. With the clause the loop runs in parallel with
// atomic updates; an array also read elsewhere in the nest keeps the loop
// sequential, and the note says why (not that the statement has the wrong
// shape).
void hist(int n, const int *data, unsigned *bins) {
#pragma c2cuda kernel reduction(+: bins) extent(bins: 256)
  for (int i = 0; i < n; i++)
    bins[data[i] & 255] += 1u;
}

void hist_read(int n, const int *data, unsigned *bins, unsigned *out) {
#pragma c2cuda kernel reduction(+: bins) extent(bins: 256)
  for (int i = 0; i < n; i++) {
    bins[data[i] & 255] += 1u;
    out[i] = bins[0];
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s < %t.cu
// DIAG: {{^}}{{.*}}histogram.c:8:3: remark: reduction over i into bins[data[i] & 255] (+) runs with atomic updates (allowed by 'reduction(+: bins)'){{$}}
// DIAG: {{^}}{{.*}}histogram.c:13:36: warning: clause 'reduction(+: bins)' matches no reduction of this nest{{$}}
// DIAG: {{^}}{{.*}}histogram.c:13:36: note: 'bins' is updated with '+', but the loops also carry another dependence or use 'bins' otherwise; the remarks at the nest name it{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) hist_kernel0(
// CHECK: {{^}}    atomicAdd(&bins[data[i] & 255], 1u);{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(1) hist_read_kernel0(
