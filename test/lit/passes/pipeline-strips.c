// PipelineStrips plans the loads of the next strip during this one:
// pipeline(2) stages them in registers (c2c_pf_*) and stores them to the
// shared tiles behind a barrier; pipeline(3) also gives each shared tile
// two buffers, the strip computing from one while the next goes to the
// other. Without shared tiles there is nothing to overlap: an error.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips -print-after=PipelineStrips 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips,LowerTiles | FileCheck %s
// RUN: %c2cuda-opt %s -q -DTWO -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips -print-after=PipelineStrips 2>&1 | FileCheck %s --check-prefix=PLAN2
// RUN: %c2cuda-opt %s -q -DTWO -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips,LowerTiles | FileCheck %s --check-prefix=TWO
// RUN: not %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PipelineStrips 2>&1 | FileCheck %s --check-prefix=NOTILE

void matmul(int n, const float *A, const float *B, float *C) {
#ifdef TWO
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B) pipeline(3)
#else
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B) pipeline(2)
#endif
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

// PLAN:      {{^}}  shared B: c2c_sh_B[8][64]{{$}}
// PLAN-NEXT: {{^}}  pipeline 2{{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:     {{^}}    __shared__ float c2c_sh_A[64][8];{{$}}
// CHECK:     {{^}}    float c2c_pf_A[2];{{$}}
// The next strip's loads, before this strip's computation:
// CHECK:     {{^}}          if (c2c_s_k + 8LL < c2c_trip_k) {{{$}}
// CHECK:     {{^}}                c2c_pf_A[c2c_r_A] = A[(long long)c2c_x0_A * (1LL * (long long)n) + (long long)c2c_x1_A];{{$}}
// CHECK:     {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[{{.*}}

// PLAN2:      {{^}}  shared A: c2c_sh_A[2][64][8]{{$}}
// PLAN2-NEXT: {{^}}  shared B: c2c_sh_B[2][8][64]{{$}}
// PLAN2-NEXT: {{^}}  pipeline 3 (two buffers){{$}}

// TWO:       {{^}}    __shared__ float c2c_sh_A[2][64][8];{{$}}
// TWO:       {{^}}          int c2c_buf_k = (int)(c2c_s_k / 8LL % 2LL);{{$}}
// TWO:       {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[c2c_buf_k][0 + (i - c2c_base_i)][0 + (k - c2c_base_k)] * c2c_sh_B[c2c_buf_k][0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// TWO:       {{^}}              c2c_sh_A[1 - c2c_buf_k][c2c_a0_A][c2c_a1_A] = c2c_pf_A[c2c_r_A];{{$}}

// NOTILE:      {{^}}{{.*}}pipeline-strips.c:16:75: error: pipeline(2) overlaps the loads of the next strip with the computation of this one, and this kernel has no shared tile{{$}}
// NOTILE:      {{^}}{{.*}}: note: add shared(...) or leave out pipeline(...){{$}}
