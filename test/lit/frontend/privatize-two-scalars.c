// Two scalars privatized in the same loop: each remark names the loop's
// place and iterator. The loop tree is rebuilt for the first scalar, so the
// second remark must not read the loop it replaced (it printed freed
// memory as the file name).

void two(int n, float A[n][n], float x[n], float y[n]) {
  float s, t;
#pragma scop
  for (int i = 0; i < n; i++) {
    s = 0.0f;
    t = 0.0f;
    for (int j = 0; j < n; j++) {
      s += A[i][j] * x[j];
      t += A[j][i] * x[j];
    }
    y[i] = s + t;
  }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// REMARK: {{^}}{{.*}}privatize-two-scalars.c:9:3: remark: 's' is private to each iteration of 'i': declared outside the nest, it is written before it is read in every iteration and not used after the nest{{$}}
// REMARK-NEXT: {{^}}    9 |   for (int i = 0; i < n; i++) {{{$}}
// REMARK: {{^}}{{.*}}privatize-two-scalars.c:9:3: remark: 't' is private to each iteration of 'i': declared outside the nest, it is written before it is read in every iteration and not used after the nest{{$}}
// REMARK-NEXT: {{^}}    9 |   for (int i = 0; i < n; i++) {{{$}}
// RUN: %c2cuda-check %s --size n=17 --trials 2 | FileCheck --check-prefix=ORACLE %s
// ORACLE: {{^}}CHECK two PASS
