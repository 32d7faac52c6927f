// A scalar declared outside the nests stays one variable where another
// statement may read the value a nest leaves in it (here the second nest
// reads `w` before writing it): each single-thread remark says how to make
// it private. Used by several nests that each write it first, it is
// private in each (frontend/privatize-across-nests.c).

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
    z[i] = w;
    w = 0.0;
    for (int j = 0; j < n; j++)
      w += A[j][i] * x[j];
  }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// CHECK: {{^}}{{.*}}.c:11:3: remark: no parallel loop: w (written at {{.*}}.c:12:5) and w (written at {{.*}}.c:14:7) may touch the same variable in different iterations of 'i'; 'w' is one variable for all iterations: if each iteration writes it before reading it, declare it inside the loop (c2cuda does so itself only when nothing else reads the value it leaves); runs as a single thread{{$}}
// CHECK: {{^}}{{.*}}.c:17:3: remark: no parallel loop: w {{.*}}; 'w' is one variable for all iterations: {{.*}}; runs as a single thread{{$}}
