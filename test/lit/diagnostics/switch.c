void f(int n, int mode, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    switch (mode) {
    case 0:
      A[i] = 0.0f;
      break;
    default:
      A[i] = 1.0f;
    }
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}switch.c:4:5: error: 'switch' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}switch.c:4:5: note: use an 'if' / 'else if' chain instead{{$}}
