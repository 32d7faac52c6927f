// One 'extent' clause may state several arrays' extents, as 'reduction'
// names several variables: extent(val: nnz, col: nnz, x: ncols).
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: sed 's/x: ncols)/x: ncols,)/' %s > %t.c
// RUN: not %c2cuda %t.c -o %t.cu 2>&1 | FileCheck %s --check-prefix=TRAILING
void spmv(int nrows, int nnz, int ncols, const int *rowptr, const int *col, const float *val, const float *x, float *y) {
#pragma c2cuda kernel extent(val: nnz, col: nnz, x: ncols) extent(rowptr: nrows + 1)
  for (int i = 0; i < nrows; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// CHECK: {{^}}      rowptr  int  read  extent (long long)nrows + 1LL{{$}}
// CHECK: {{^}}      col  int  read  extent (long long)nnz{{$}}
// CHECK: {{^}}      val  float  read  extent (long long)nnz{{$}}
// CHECK: {{^}}      x  float  read  extent (long long)ncols{{$}}
// TRAILING: {{^}}{{.*}}extent-list.c.tmp.c:7:59: error: expected an array parameter name in clause 'extent'{{$}}
// TRAILING: {{^}}{{.*}}note: write it as 'extent(A: expr[, B: expr...])'{{$}}
