struct opts { float alpha; };

void f(int n, struct opts o, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = A[i] * o.alpha;
}

void g(int n, float *A, ...) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = 0.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}param-type.c:3:27: error: parameter 'o' of type 'struct opts' is not supported in an offloaded function{{$}}
// CHECK: {{^}}{{.*}}param-type.c:3:27: note: pass bool, char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, float or double scalars, or pointers and arrays of them{{$}}
// CHECK: {{^}}{{.*}}param-type.c:6:21: error: struct or union member access is not supported in an offloaded nest, except on an array of structs parameter ('p[i].x'){{$}}
// CHECK: {{^}}{{.*}}param-type.c:6:21: note: pass the member as a separate scalar or array parameter{{$}}
// CHECK: {{^}}{{.*}}param-type.c:9:6: error: variadic function 'g' cannot be offloaded{{$}}
// CHECK: {{^}}{{.*}}param-type.c:9:6: note: give the function a fixed parameter list{{$}}
