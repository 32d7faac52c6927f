// A scalar declared before the nest and used only inside it keeps its host
// declaration (only PolyBench-style iterators, `int i;` assigned by a for
// loop, are dropped): the wrapper copies the scalar to and from the device
// by name, so the .cu compiles (it named an undeclared 's' before).
void outside(int n, double *A, double *B) {
  double s;
  int i;
#pragma c2cuda kernel
  for (i = 0; i < n; i++) {
    s = A[i];
    B[i] = 2 * s;
  }
}
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}static void c2c_outside_body(
// CHECK-NEXT: {{^}}  double s;{{$}}
// CHECK-NOT: {{^}}  int i;{{$}}
// CHECK: {{^}}extern "C" void outside(
