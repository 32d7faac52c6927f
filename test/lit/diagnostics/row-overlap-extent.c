// Rows whose size is not a parameter of the function (a local read from an
// array): c2cuda cannot prove subscripts within their rows, and cannot
// check a promise when the function is called (row-assumption.c does that
// for parameters), so the extent is unknown. The diagnostic says why.
void scale_ld(int m, int n, float alpha, float *C, const int *dims) {
  int ldc = dims[0];
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = alpha * C[i * ldc + j];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}row-overlap-extent.c:10:7: error: cannot infer how many elements of 'C' the nest accesses: its rows of ldc elements may overlap for some parameter values{{$}}
