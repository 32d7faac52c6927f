// A char or short loop iterator is refused: `i++` stores back into the
// narrow type and wraps where the bound is out of its range, so the loop
// would not end as the analysis counts it.
void f(int n, unsigned char *A) {
#pragma c2cuda kernel
  for (unsigned char i = 0; i < n; i++)
    A[i] = 0;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}narrow-iterator.c:6:26: error: non-canonical 'for' loop: iterator 'i' has type 'unsigned char', which can wrap before the bound is reached; it must be an int, unsigned, long or unsigned long{{$}}
// CHECK: {{^}}{{.*}}narrow-iterator.c:6:26: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
