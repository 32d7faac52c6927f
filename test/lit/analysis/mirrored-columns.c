// A horizontal flip reads a[i*m + (m - 1 - j)]: row i, column m - 1 - j.
// Delinearization divided the constant m - 1 greedily, outermost first, into
// row i + 1 and column -1 - j, which is out of its row; the extent of 'a'
// could not be inferred (an error). It now lends a row back to the column
// when that puts every subscript within its row (Delinearize.cpp).
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: %c2cuda -q %s -o %t.cu
// RUN: %c2cuda-check --size n=37,m=41 --trials 2 --random-schedules 2 %s | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void flip(int n, int m, const float *a, float *b, const float *c, float *d) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      b[i * m + j] = a[i * m + (m - 1 - j)];
      d[i * m + j] = c[(n - i) * m - 1 - j];
    }
}

// CHECK: {{^}}      a  float  read  extent (long long)m >= 1LL && (long long)n >= 1LL ? (long long)n * (long long)m : 0LL{{$}}
// CHECK: {{^}}      c  float  read  extent (long long)m >= 1LL && (long long)n >= 1LL ? (long long)n * (long long)m : 0LL{{$}}
// ORACLE-COUNT-3: {{^}}CHECK flip PASS
