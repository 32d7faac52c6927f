// An inner loop's iterator declared outside the nest has one final value per
// iteration of the loops around it; a read after the nest is an error
// (frontend/iterator-after-nest.c sets the outer loop's).
void f(int n, int m, float *b, int *out) {
  int i, j;
#pragma c2cuda kernel
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      b[i * m + j] = 1.0f;
  out[0] = j;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}iterator-after-nest.c:10:12: error: 'j' is read after the nest at line 7, which leaves it as it was: the nest's loop over 'j' (line 8) runs inside the nest, once per iteration of the loops around it{{$}}
// CHECK: {{^}}{{.*}}note: declare the loop's iterator in the loop ('for (int j = ...') and give the value read here a variable of its own{{$}}
