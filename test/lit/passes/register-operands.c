// RegisterOperands plans the 3x3 mask, which every point reads whole, as a
// register array each thread loads once. Without the pass the points read
// the mask from global memory.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,RegisterOperands -print-after=RegisterOperands 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,RegisterOperands,LowerTiles | FileCheck %s
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,LowerTiles | FileCheck %s --check-prefix=WITHOUT

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

// PLAN:      {{^}}tile plan conv_kernel0 {{{$}}
// PLAN:      {{^}}  tile i: 16 (y: 2 threads x 8 points, runs of 4){{$}}
// PLAN-NEXT: {{^}}  register operand mask: c2c_rf_mask[3][3]{{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:     {{^}}    float c2c_rf_mask[3][3];{{$}}
// CHECK:     {{^}}        c2c_rf_mask[c2c_e0_mask][c2c_e1_mask] = mask[{{.*}}];{{$}}
// CHECK:     {{^}}                acc += c2c_rf_mask[0 + r][0 + s] * in[(i + r) * W + (j + s)];{{$}}

// WITHOUT-NOT: c2c_rf_mask
// WITHOUT:     {{^}}                acc += mask[r][s] * in[(i + r) * W + (j + s)];{{$}}
