// A scalar declared among a scop's statements is a host declaration, not a
// nest of its own: it was a one-thread kernel declaring the scalar for
// itself, and the host code of the nests after it named a variable it
// never declared (the .cu did not compile; the oracle's reference failed).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=37 --trials 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void scan(int n, const float *x, float *y) {
#pragma scop
  float acc = 0.0f;
  for (int i = 0; i < n; i++) {
    acc += x[i];
    y[i] = acc;
  }
#pragma endscop
}

void dot(int n, const double *x, const double *y, double *out) {
#pragma scop
  double s = 0.0, scale = 2.0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = scale * s;
#pragma endscop
}

// REMARK-NOT: scop-scalar-declarations.c:11:
// REMARK: scop-scalar-declarations.c:12:3: remark: no parallel loop: acc (written at
// REMARK-NOT: scop-scalar-declarations.c:21:
// REMARK: scop-scalar-declarations.c:22:3: remark: i is a reduction into s (+);

// CHECK-LABEL: static void c2c_scan_body(
// CHECK:      {{^  }}float acc = 0.F;
// CHECK-NEXT: {{^  }}{
// CHECK-NEXT: {{^    }}// Launch scan_kernel0
// CHECK-NEXT: {{^    }}float *c2c_ds_acc = (float *)c2c_slots.at(0);
// CHECK:      {{^    }}scan_kernel0<<<1, 1>>>(c2c_d_x, c2c_d_y, c2c_ds_acc, n);
// CHECK-LABEL: static void c2c_dot_body(
// CHECK:      {{^  }}double s = 0., scale = 2.;
// CHECK:      {{^ *}}dot_kernel1<<<1, 1>>>(

// ORACLE: CHECK scan PASS
// ORACLE: CHECK dot PASS
