// A scalar declared outside the nest and used by two nests stays one
// variable (privatizing it in one nest would change what the other sees
// only if it read it first, which c2cuda does not track across nests): each
// single-thread remark says how to make it private.

void reuse(int n, const double A[n][n], const double x[n], double y[n],
           double z[n]) {
  double w;
#pragma scop
  for (int i = 0; i < n; i++) {
    w = 0.0;
    for (int j = 0; j < n; j++)
      w += A[i][j] * x[j];
    y[i] = w;
  }
  for (int i = 0; i < n; i++) {
    w = 0.0;
    for (int j = 0; j < n; j++)
      w += A[j][i] * x[j];
    z[i] = w;
  }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// CHECK: {{^}}{{.*}}.c:10:3: remark: no parallel loop: w (written at {{.*}}.c:11:5) and w (written at {{.*}}.c:13:7) may touch the same variable in different iterations of 'i'; 'w' is one variable for all iterations: if each iteration writes it before reading it, declare it inside the loop (c2cuda does so itself only when nothing outside this nest uses it); runs as a single thread{{$}}
// CHECK: {{^}}{{.*}}.c:16:3: remark: no parallel loop: w {{.*}}; 'w' is one variable for all iterations: {{.*}}; runs as a single thread{{$}}
