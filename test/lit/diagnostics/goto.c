void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      goto skip;
    A[i] = 2.0f * A[i];
  skip:
    A[i] += 1.0f;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}goto.c:5:7: error: 'goto' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}goto.c:5:7: note: use structured control flow: 'if' statements and canonical 'for' loops{{$}}
// CHECK: {{^}}{{.*}}goto.c:7:3: error: labels are not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}goto.c:7:3: note: use structured control flow: 'if' statements and canonical 'for' loops{{$}}
