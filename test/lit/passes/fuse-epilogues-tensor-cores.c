// FuseEpilogues on the tensor cores: NMF's update fused after W^T W H where
// the product runs on the TF32 (--allow-tf32x3) or FP64 tensor cores. The
// points of a tensor-core tile follow the instruction's accumulator layout,
// and the update runs where the points are: at each point in 64 x 32 tiles
// (8 points per thread), through shared memory in 128 x 64 and 128 x 128
// tiles. Their strips take 63 and 79 KiB of dynamic shared memory, so the
// sums do not fit beside them in the 48 KiB a kernel declares statically:
// c2c_post_acc overlays the strips' tiles at offset 0 (they are dead after
// the barrier that ends the strips), rows padded by 8 words against the
// accumulator layout's bank conflicts, and a barrier after the elements
// keeps the next tile's strips off them. The fused kernels take the same
// shared bytes as the product alone.
// RUN: %c2cuda %s --allow-tf32x3 -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --allow-tf32x3 --size T=300,K=128 --trials 1 --print-launches --function nmf_update | FileCheck %s --check-prefix=BIG
// RUN: %c2cuda-check %s --allow-tf32x3 --size T=70,K=100 --trials 1 --print-launches --function nmf_update | FileCheck %s --check-prefix=MID
// RUN: %c2cuda-check %s --allow-tf32x3 --size T=37,K=45 --trials 1 --print-launches --function nmf_update | FileCheck %s --check-prefix=SMALL
// RUN: %c2cuda-check %s --size T=300,K=128 --trials 1 --print-launches --function nmf_update64 | FileCheck %s --check-prefix=BIG64

void nmf_update(int T, int K, float eps, const float *WtW, float *H,
                const float *WtV, float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      float acc = 0.0f;
      for (int l = 0; l < K; l++)
        acc += WtW[k * K + l] * H[l * T + t];
      WtWH[k * T + t] = acc;
    }
#pragma c2cuda kernel
  for (int r = 0; r < K; r++)
    for (int c = 0; c < T; c++)
      H[r * T + c] = H[r * T + c] * WtV[r * T + c] / (WtWH[r * T + c] + eps);
}

void nmf_update64(int T, int K, double eps, const double *WtW, double *H,
                  const double *WtV, double *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      double acc = 0.0;
      for (int l = 0; l < K; l++)
        acc += WtW[k * K + l] * H[l * T + t];
      WtWH[k * T + t] = acc;
    }
#pragma c2cuda kernel
  for (int r = 0; r < K; r++)
    for (int c = 0; c < T; c++)
      H[r * T + c] = H[r * T + c] * WtV[r * T + c] / (WtWH[r * T + c] + eps);
}

// REMARK: fuse-epilogues-tensor-cores.c:23:3: remark: fused with the nest at fuse-epilogues-tensor-cores.c:31 where K <= 128 (k in one tile): nmf_update_kernel0_fused1 runs that nest's statements for every element of a tile after the tile's points, this one's results passed through shared memory (a barrier after the strips first: that nest writes H, which this one reads)
// REMARK: fuse-epilogues-tensor-cores.c:39:3: remark: fused with the nest at fuse-epilogues-tensor-cores.c:47 where K <= 128 (k in one tile): nmf_update64_kernel0_fused1 runs that nest's statements for every element of a tile after the tile's points, this one's results passed through shared memory (a barrier after the strips first: that nest writes H, which this one reads)

// The 128 x 128 tile on the TF32 tensor cores: the sums over the strips'
// tiles, stored from the accumulator layout after the strips' barrier; the
// elements; a last barrier.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256, 2) nmf_update_kernel0_fused1(
// CHECK:      {{^  }}float (&c2c_sh_H)[2][32][140] = *reinterpret_cast<float (*)[2][32][140]>(c2c_dyn_smem + 0);
// CHECK-NEXT: {{^  }}float (&c2c_sh_WtW)[2][128][44] = *reinterpret_cast<float (*)[2][128][44]>(c2c_dyn_smem + 35840);
// CHECK-NEXT: {{^  }}float (&c2c_post_acc)[128][136] = *reinterpret_cast<float (*)[128][136]>(c2c_dyn_smem + 0);
// CHECK:      {{^ *}}c2c_mma_m16n8k8_tf32x3(
// CHECK:      {{^ *}}__syncthreads();
// CHECK-NEXT: {{^ *}}#pragma unroll
// CHECK-NEXT: {{^ *}}for (int c2c_p_y = 0; c2c_p_y < 8; ++c2c_p_y) {
// CHECK-NEXT: {{^ *}}#pragma unroll
// CHECK-NEXT: {{^ *}}for (int c2c_p_x = 0; c2c_p_x < 8; ++c2c_p_x) {
// CHECK-NEXT: {{^ *}}int c2c_t_x = (c2c_tid >> 5) % 4 * 32 + ((c2c_p_x >> 1) * 8 + (c2c_tid & 3) * 2 + (c2c_p_x & 1));
// CHECK-NEXT: {{^ *}}int c2c_t_y = (c2c_tid >> 5) / 4 * 64 + ((c2c_p_y >> 1) * 16 + (c2c_p_y & 1) * 8 + ((c2c_tid & 31) >> 2));
// CHECK-NEXT: {{^ *}}if (c2c_t_x < c2c_left_x && c2c_t_y < c2c_left_y) {
// CHECK-NEXT: {{^ *}}c2c_post_acc[c2c_t_y][c2c_t_x] = c2c_reg_acc[c2c_p_y][c2c_p_x];
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}__syncthreads();
// CHECK-NEXT: {{^ *}}for (int c2c_e0 = c2c_tid; c2c_e0 < 16384; c2c_e0 += 2048) {
// CHECK:      {{^ *}}H[(long long)k * (long long)T + t] = c2c_eld0[c2c_g] * c2c_eld1[c2c_g] / (c2c_post_acc[c2c_t_y][c2c_t_x] + eps);
// CHECK-NEXT: {{^ *}}WtWH[(long long)k * (long long)T + t] = c2c_post_acc[c2c_t_y][c2c_t_x];
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}__syncthreads();
// CHECK-NEXT: {{^    }}}
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^}}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) nmf_update_kernel0_128x64_fused1(
// CHECK:      {{^  }}float (&c2c_post_acc)[128][72] = *reinterpret_cast<float (*)[128][72]>(c2c_dyn_smem + 0);
// The 64 x 32 tile runs the update at each of its 8 points, from registers.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) nmf_update_kernel0_64x32_fused1(
// CHECK-NOT:  c2c_post_acc
// CHECK:      {{^ *}}c2c_mma_m16n8k8_tf32x3(
// CHECK:      {{^ *}}H[(long long)k * (long long)T + t] = c2c_ld0[{{.*}}] * c2c_ld1[{{.*}}] / (c2c_reg_acc[c2c_p_y][c2c_p_x] + eps);
// The launches take the bytes of the strips alone.
// CHECK-LABEL: static void c2c_nmf_update_body(
// CHECK:      {{^ *}}nmf_update_kernel0_64x32_fused1<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^ *}}nmf_update_kernel0_128x64_fused1<<<c2c_grid, c2c_block, 64512>>>(
// CHECK:      {{^ *}}nmf_update_kernel0_fused1<<<c2c_grid, c2c_block, 80896>>>(
// CHECK:      {{^ *}}nmf_update_kernel0_128x64<<<c2c_grid, c2c_block, 64512>>>(
// CHECK:      {{^ *}}nmf_update_kernel0<<<c2c_grid, c2c_block, 80896>>>(
// FP64: 136 KiB of sums over 138 KiB of strips.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) nmf_update64_kernel0_fused1(
// CHECK:      {{^  }}double (&c2c_post_acc)[128][136] = *reinterpret_cast<double (*)[128][136]>(c2c_dyn_smem + 0);
// CHECK:      {{^ *}}c2c_mma_m16n8k4(c2c_reg_acc[
// CHECK-LABEL: static void c2c_nmf_update64_body(
// CHECK:      {{^ *}}nmf_update64_kernel0_fused1<<<c2c_grid, c2c_block, 141312>>>(

// BIG: CHECK nmf_update PASS
// BIG-NEXT: LAUNCHES nmf_update nmf_update_kernel0_fused1{{$}}
// MID: CHECK nmf_update PASS
// MID-NEXT: LAUNCHES nmf_update nmf_update_kernel0_128x64_fused1{{$}}
// SMALL: CHECK nmf_update PASS
// SMALL-NEXT: LAUNCHES nmf_update nmf_update_kernel0_64x32_fused1{{$}}
// BIG64: CHECK nmf_update64 PASS
// BIG64-NEXT: LAUNCHES nmf_update64 nmf_update64_kernel0_fused1{{$}}
