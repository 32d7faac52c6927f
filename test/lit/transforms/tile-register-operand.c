// Scalar replacement of a reused operand in a tiled kernel: every point of
// a 3x3 convolution reads the same nine mask elements, so each thread loads
// them once into a register array (the loops that load and read it are
// fully unrolled, so it stays in registers); the image is still read from
// global memory, through L1.
void conv(int H, int W, const float *in, const float mask[3][3], float *out) {
#pragma c2cuda kernel block(128, 2) tile(i: 16, j: 128) vector(i: 4)
  for (int i = 0; i < H - 2; i++)
    for (int j = 0; j < W - 2; j++) {
      float acc = 0.0f;
      for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++)
          acc += mask[r][s] * in[(i + r) * W + (j + s)];
      out[i * (W - 2) + j] = acc;
    }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// REMARK: {{^}}{{.*}}tile-register-operand.c:8:3: remark: 'mask' (the same elements for every point) loaded once per thread into registers as c2c_rf_mask[3][3]{{$}}
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(128, 2) thread(i: 8) tile(i: 16, j: 128) vector(i: 4){{$}}
// CHECK: {{^}}  float c2c_rf_mask[3][3];{{$}}
// CHECK-NEXT: {{^}}  #pragma unroll{{$}}
// CHECK-NEXT: {{^}}  for (int c2c_e0_mask = 0; c2c_e0_mask < 3; ++c2c_e0_mask) {{{$}}
// CHECK-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-NEXT: {{^}}    for (int c2c_e1_mask = 0; c2c_e1_mask < 3; ++c2c_e1_mask) {{{$}}
// CHECK: {{^}}        c2c_rf_mask[c2c_e0_mask][c2c_e1_mask] = mask[(long long)((int)(0LL + 0LL) + c2c_e0_mask) * 3 + ((int)(0LL + 0LL) + c2c_e1_mask)];{{$}}
// A tile wholly inside the iteration space runs its points unguarded (the
// window loops inside a guard would block the scheduling of the loads):
// CHECK: {{^}}      if (c2c_left_x == 128 && c2c_left_y == 16) {{{$}}
// CHECK: {{^}}              acc += c2c_rf_mask[0 + r][0 + s] * in[(long long)(i + r) * (long long)W + (j + s)];{{$}}
// CHECK: {{^}}      } else {{{$}}
// CHECK: {{^}}          if (c2c_t_x < c2c_left_x && c2c_t_y < c2c_left_y) {{{$}}
// CHECK-NOT: mask[r]
