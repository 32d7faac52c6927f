void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (j < i) {
      A[i] += 1.0f;
      j++;
    }
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}while.c:5:5: error: 'while' loops are not supported in an offloaded nest{{$}}
// CHECK-NEXT: {{^}}    5 |     while (j < i) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      |     ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}while.c:5:5: note: rewrite it as a canonical 'for' loop with an integer iterator{{$}}
