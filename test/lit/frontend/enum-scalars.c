// Enum-typed scalars are their integer type, as in C's arithmetic (clang
// gives an enum without negative enumerators 'unsigned int'); enumerators
// are constants. The host statement converting an int to the enum gets the
// cast C++ needs.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=41,m=1,s=-1 --trials 2 | FileCheck %s --check-prefix=ORACLE

enum mode { FAST, SLOW };
enum sign { NEG = -1, POS = 1 };

void scale(int n, const float *x, float *y, enum sign s, int m) {
  enum mode md = m;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = md == FAST ? s * x[i] : 2 * s * x[i];
}

// CHECK: {{^}}__global__ void __launch_bounds__(256) scale_kernel0(const float *__restrict__ x, float *__restrict__ y, unsigned int md, int n, int s) {{{$}}
// CHECK: {{^}}  enum mode md = (enum mode)(m);{{$}}
// The CPU oracle runs the host statement as the frontend's IR of it.
// ORACLE: {{^}}CHECK scale PASS maxRelL2=0{{$}}
