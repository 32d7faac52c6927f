// UseTensorCores plans the full strips of a tiled double product on the
// FP64 tensor cores: each warp's 64 x 32 points as 16 x 8 blocks, one
// mma.sync.m16n8k4 per block. Without the pass the strips run FMA.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,DefaultTiles,TileBands,StripMine,PromoteToShared,PipelineStrips,CopyAsync,UseTensorCores -print-after=UseTensorCores 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,DefaultTiles,TileBands,StripMine,PromoteToShared,PipelineStrips,CopyAsync,UseTensorCores,LowerTiles 2>&1 | FileCheck %s
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,DefaultTiles,TileBands,StripMine,PromoteToShared,PipelineStrips,LowerTiles | FileCheck %s --check-prefix=FMA

void dgemm(int M, int N, int K, const double A[M][K], const double B[K][N],
           double C[M][N]) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

// PLAN:      {{^}}tile plan dgemm_kernel0 {{{$}}
// PLAN:      {{^}}  async copies: 2 buffers{{$}}
// PLAN-NEXT: {{^}}  tensor cores: warps of 64 x 32 points{{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:     {{^}}                  c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 0] = c2c_mma_m16n8k4(0, c2c_fa[c2c_fm][0], c2c_fa[c2c_fm][1], c2c_fb[c2c_fn], c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 0]);{{$}}
// CHECK:     remark: full strips on the FP64 tensor cores: each warp's 64 (i) x 32 (j) points as blocks of 16 x 8, one mma.sync.m16n8k4 per block and 4 iterations of 'k' (each sum still in order){{$}}

// FMA-NOT:   c2c_mma_m16n8k4
// FMA:       {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[{{.*}}
