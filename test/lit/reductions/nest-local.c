// A reduction into a scalar declared inside the nest, outside the loop: the
// threads could not share it, so the loop stays sequential even with
// permission, and the remark says why.
void f(int n, const float *x, float *out) {
#pragma scop
  {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
      s += x[i];
    out[0] = s;
  }
#pragma endscop
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU --input-file=%t.cu --implicit-check-not='atomic{{[A-Z_]}}'
// CHECK: {{^}}{{.*}}nest-local.c:7:5: remark: i is a reduction into s (+), but s is declared inside the nest, so the threads cannot share it; runs as a single thread{{$}}
// CU: {{^}}__global__ void __launch_bounds__(1) f_kernel0(
