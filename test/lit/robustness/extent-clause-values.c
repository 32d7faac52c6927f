// An extent(...) clause whose value is wrong for every call is an error at
// the clause, and nothing is written: a negative constant, a division by a
// constant zero, constant arithmetic past long long, and a literal past
// long long's range. (A count negative only for some arguments is caught by
// the wrapper at run time: test/lit/analysis/negative-extent.test.)
void negative(int n, float *A) {
#pragma c2cuda kernel extent(A: 4 - 10)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void zero_divisor(int n, float *A) {
#pragma c2cuda kernel extent(A: n / (2 - 2))
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void overflow(int n, float *A) {
#pragma c2cuda kernel extent(A: 4611686018427387904 * 2 + n)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void literal(int n, float *A) {
#pragma c2cuda kernel extent(A: 99999999999999999999999)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void unsigned_literal(int n, float *A) {
#pragma c2cuda kernel extent(A: 18446744073709551615ull)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu

// CHECK:      {{^}}{{.*}}extent-clause-values.c:7:33: error: the extent of 'A' is negative (-6){{$}}
// CHECK-NEXT: {{^}}    7 | #pragma c2cuda kernel extent(A: 4 - 10){{$}}
// CHECK-NEXT: {{^}}      |                                 ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}extent-clause-values.c:7:33: note: an extent is the number of elements the nest may touch, at least 0{{$}}

// CHECK:      {{^}}{{.*}}extent-clause-values.c:13:35: error: division by zero in the extent of 'A'{{$}}
// CHECK-NEXT: {{^}}   13 | #pragma c2cuda kernel extent(A: n / (2 - 2)){{$}}
// CHECK-NEXT: {{^}}      |                                   ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}extent-clause-values.c:13:35: note: an extent is a count of elements in 'long long'; correct the expression{{$}}

// CHECK:      {{^}}{{.*}}extent-clause-values.c:19:53: error: integer overflow in the extent of 'A'{{$}}
// CHECK-NEXT: {{^}}   19 | #pragma c2cuda kernel extent(A: 4611686018427387904 * 2 + n){{$}}
// CHECK-NEXT: {{^}}      |                                                     ^{{$}}

// CHECK:      {{^}}{{.*}}extent-clause-values.c:25:33: error: integer constant '99999999999999999999999' is too large for an extent, which is a 'long long'{{$}}
// CHECK-NEXT: {{^}}   25 | #pragma c2cuda kernel extent(A: 99999999999999999999999){{$}}
// CHECK-NEXT: {{^}}      |                                 ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}extent-clause-values.c:25:33: note: use a count of at most 9223372036854775807{{$}}

// CHECK:      {{^}}{{.*}}extent-clause-values.c:31:33: error: integer constant '18446744073709551615ull' is too large for an extent, which is a 'long long'{{$}}
