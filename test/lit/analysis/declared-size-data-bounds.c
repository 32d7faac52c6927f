// Loop bounds read from the data (CSR's `k < rowptr[i + 1]`) leave the
// accesses of the arrays they index unbounded: a one-dimensional array
// declared with its size (`int col[nnz]`) takes that size as its extent,
// as it does for subscripts over the data. Before, c2cuda refused ("cannot
// infer how many elements of 'col'"). Without the declaration it still
// refuses, and says how to state it.
// RUN: %c2cuda -q %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.cu
// RUN: not %c2cuda -q %S/Inputs/csr-pointer.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.cu

void spmv_csr(int n, int nnz, const int rowptr[n + 1], const int col[nnz],
              const float val[nnz], const float x[n], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// DIAG-NOT: error:
// CHECK-LABEL: {{^}}extern "C" void spmv_csr(
// CHECK-DAG:   {{^}}  const long long c2c_n_col = (long long)nnz;{{$}}
// CHECK-DAG:   {{^}}  const long long c2c_n_val = (long long)nnz;{{$}}
// CHECK-DAG:   {{^}}  const long long c2c_n_rowptr = (long long)n >= 1LL ? (long long)n + 1LL : 0LL;{{$}}

// BAD: {{^}}{{.*}}csr-pointer.c:[[#]]:[[#]]: error: cannot infer how many elements of 'col' the nest accesses{{$}}
