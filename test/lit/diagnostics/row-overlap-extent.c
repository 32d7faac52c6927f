// BLAS's leading dimension: C[i*ldc + j] with j < n is row i of a matrix
// whose rows hold ldc elements, if the caller keeps its promise ldc >= n;
// c2cuda proves subscripts within their rows rather than assume it, so the
// extent is unknown. The diagnostic says why and offers declared rows, which
// state the promise (the gemm then tiles as with fixed sizes).
void scale_ld(int m, int n, float alpha, float *C, int ldc) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = alpha * C[i * ldc + j];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}row-overlap-extent.c:10:7: error: cannot infer how many elements of 'C' the nest accesses: its rows of ldc elements may overlap for some parameter values{{$}}
// CHECK: {{^}}{{.*}}note: state it with the clause 'extent(C: <number of elements>)' on the '#pragma c2cuda kernel' line, or declare 'C' as rows of ldc elements ('float C[][ldc]', the sizes declared before it among the parameters), which promises that each subscript stays within its row{{$}}
