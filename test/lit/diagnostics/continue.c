// A 'continue' is taken where one branch of each 'if' around it always
// continues (frontend/continue.c); here the inner 'if' continues, but both
// branches of the outer one go on to the rest of the body.
void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f) {
      if (A[i] < -1.0f)
        continue;
      A[i] = 0.0f;
    }
    A[i] = 2.0f * A[i];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}continue.c:9:9: error: 'continue' inside an 'if' whose branches both go on to the rest of the loop body is not supported{{$}}
// CHECK: {{^}}{{.*}}continue.c:9:9: note: guard the rest of the loop body with 'if' instead{{$}}
