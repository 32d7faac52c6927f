// Scalars declared before a nest. 's' is written before it is read in every
// iteration and used nowhere else: the nest privatizes it (a declaration at
// the top of the loop body) and its host declaration goes, like that of the
// PolyBench-style iterator 'i'. 'last' is read after the nest: it stays one
// host variable, copied to and from the device by name, so its declaration
// stays (the wrapper named an undeclared variable before).
void outside(int n, double *A, double *B) {
  double s;
  int i;
#pragma c2cuda kernel
  for (i = 0; i < n; i++) {
    s = A[i];
    B[i] = 2 * s;
  }
}

double kept(int n, double *A, double *B) {
  double last;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    last = A[i];
    B[i] = last;
  }
  return last;
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// REMARK: {{^}}{{.*}}scalar-declared-outside.c:11:3: remark: 's' is private to each iteration of 'i': declared outside the nest, it is written before it is read in every iteration and not used after the nest{{$}}
// REMARK: {{^}}{{.*}}scalar-declared-outside.c:11:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}scalar-declared-outside.c:20:3: remark: no parallel loop: last (written at {{.*}}:21:5) and last (read at {{.*}}:22:12) may touch the same variable in different iterations of 'i'; 'last' is one variable for all iterations: if each iteration writes it before reading it, declare it inside the loop (c2cuda does so itself only when nothing else reads the value it leaves); runs as a single thread{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) outside_kernel0(
// CHECK: {{^}}    double s;{{$}}
// CHECK-NEXT: {{^}}    s = A[i];{{$}}
// CHECK-LABEL: {{^}}static void c2c_outside_body(
// CHECK-NOT: {{^}}  double s;{{$}}
// CHECK-NOT: {{^}}  int i;{{$}}
// CHECK-LABEL: {{^}}static double c2c_kept_body(
// CHECK-NEXT: {{^}}  c2c_scalar_slots c2c_slots(1, "kept");{{$}}
// CHECK-NEXT: {{^}}  double last;{{$}}
