// FuseEpilogues on the tensor cores for the product written in other forms:
// the sum kept in the output array, the accumulator and iterators declared
// outside the loops, the loops in i-k-j order (restructured into a scalar
// sum), and a double update whose operand a condition selects between two
// arrays. Each fuses, and each fused shape passes the CPU oracle at odd
// sizes (131 x 97 in 128 x 64 tiles through shared memory over the strips,
// 37 x 45 in 64 x 32 tiles at each point).
// RUN: %c2cuda-check %s --allow-tf32x3 --size T=131,K=97,clip=1 --trials 1 --print-launches | FileCheck %s --check-prefix=MID --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --allow-tf32x3 --size T=37,K=45,clip=0 --trials 1 --print-launches | FileCheck %s --check-prefix=SMALL --implicit-check-not=FAIL

void arr_acc(int T, int K, float eps, const float *WtW, float *H,
             const float *WtV, float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      WtWH[k * T + t] = 0.0f;
      for (int l = 0; l < K; l++)
        WtWH[k * T + t] += WtW[k * K + l] * H[l * T + t];
    }
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++)
      H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
}

void outside(int T, int K, float eps, const float *WtW, float *H,
             const float *WtV, float *WtWH) {
  float acc;
  int k, t, l;
#pragma c2cuda kernel
  for (k = 0; k < K; k++)
    for (t = 0; t < T; t++) {
      acc = 0;
      for (l = 0; l < K; l++)
        acc += WtW[k * K + l] * H[l * T + t];
      WtWH[k * T + t] = acc;
    }
#pragma c2cuda kernel
  for (k = 0; k < K; k++)
    for (t = 0; t < T; t++)
      H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
}

void ikj(int T, int K, float eps, const float *WtW, float *H,
         const float *WtV, float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++) {
    for (int t = 0; t < T; t++)
      WtWH[k * T + t] = 0.0f;
    for (int l = 0; l < K; l++)
      for (int t = 0; t < T; t++)
        WtWH[k * T + t] += WtW[k * K + l] * H[l * T + t];
  }
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++)
      H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
}

void select_upd(int T, int K, float eps, int clip, const double *WtW,
                double *H, const double *WtV, const double *Hmax, double *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      double acc = 0;
      for (int l = 0; l < K; l++)
        acc += WtW[k * K + l] * H[l * T + t];
      WtWH[k * T + t] = acc;
    }
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++)
      H[k * T + t] = (clip ? Hmax[k * T + t] : H[k * T + t]) * WtV[k * T + t] /
                     (WtWH[k * T + t] + eps);
}

// MID:      CHECK arr_acc PASS
// MID-NEXT: LAUNCHES arr_acc arr_acc_kernel0_128x64_fused1{{$}}
// MID:      CHECK outside PASS
// MID-NEXT: LAUNCHES outside outside_kernel0_128x64_fused1{{$}}
// MID:      CHECK ikj PASS
// MID-NEXT: LAUNCHES ikj ikj_kernel0_128x64_fused1{{$}}
// MID:      CHECK select_upd PASS
// MID-NEXT: LAUNCHES select_upd select_upd_kernel0_128x64_fused1{{$}}
// SMALL:      CHECK arr_acc PASS
// SMALL-NEXT: LAUNCHES arr_acc arr_acc_kernel0_64x32_fused1{{$}}
// SMALL:      CHECK outside PASS
// SMALL-NEXT: LAUNCHES outside outside_kernel0_64x32_fused1{{$}}
// SMALL:      CHECK ikj PASS
// SMALL-NEXT: LAUNCHES ikj ikj_kernel0_64x32_fused1{{$}}
// SMALL:      CHECK select_upd PASS
// SMALL-NEXT: LAUNCHES select_upd select_upd_kernel0_64x32_fused1{{$}}
