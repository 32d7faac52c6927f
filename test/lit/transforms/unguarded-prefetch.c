// A pipelined strip's prefetch copies without guards where every staged
// tile's box lies inside the elements the nest reads: the part of the test
// the strips share (rows and columns of the tile, aligned runs) is made
// once per tile (c2c_inside_k), the rest per strip (the strip's k range).
// Not in a triangular band's box (ssyrk), whose guards stay. The oracle
// runs with full interior tiles, aligned rows (n, m, p multiples of 4) and
// three strips of 16 (the unguarded path; with it copying nothing, sgemm
// and sgemm_tn FAIL at both sizes), with odd rows (guarded path only), and
// with random schedules.
// RUN: %c2cuda %s -q -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=132,m=128,p=48 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=130,m=70,p=37 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=68,m=36,p=48 --trials 1 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void sgemm(int n, int m, int p, float alpha, const float A[n][p],
           const float B[p][m], float C[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_kernel0(
// CHECK:      {{^      }}int c2c_inside_k = (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo0_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) + 127 <= c2c_hi0_A && (c2c_aligned(&A[(long long)0LL * p + 0LL], 16) && (long long)p % 4LL == 0LL && (0LL + 1LL * (long long)0 + 0LL) % 4LL == 0LL) && ((int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) + 127 <= c2c_hi1_B && (c2c_aligned(&B[(long long)0LL * m + 0LL], 16) && (long long)m % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_j + 0LL) % 4LL == 0LL));
// CHECK-NEXT: {{^      }}for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {
// CHECK:      {{^        }}if (c2c_s_k + 8LL < c2c_trip_k) {
// CHECK-NEXT: {{^          }}int c2c_base_k = (int)((long long)0 + (c2c_s_k + 8LL) * 1LL);
// CHECK-NEXT: {{^          }}if (c2c_inside_k && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo1_A && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi1_A && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_B && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_B))) {
// CHECK-NEXT: {{^            }}#pragma unroll
// CHECK-NEXT: {{^            }}for (int c2c_r_A = 0; c2c_r_A < 1; ++c2c_r_A) {
// CHECK-NEXT: {{^              }}int c2c_l_A = c2c_tid + c2c_r_A * 256;
// CHECK-NEXT: {{^              }}int c2c_a1_A = c2c_l_A % 2 * 4;
// CHECK-NEXT: {{^              }}int c2c_a0_A = c2c_l_A / 2;
// CHECK-NEXT: {{^              }}int c2c_x0_A = (int)(0LL + 1LL * (long long)c2c_base_i + 0LL + (long long)c2c_a0_A);
// CHECK-NEXT: {{^              }}int c2c_x1_A = (int)(0LL + 1LL * (long long)c2c_base_k + 0LL + (long long)c2c_a1_A);
// CHECK-NEXT: {{^              }}*reinterpret_cast<float4 *>(&c2c_pf_A[c2c_r_A][0]) = *reinterpret_cast<const float4 *>(&A[(long long)c2c_x0_A * p + c2c_x1_A]);
// CHECK-NEXT: {{^            }}}
// CHECK:      {{^              }}*reinterpret_cast<float4 *>(&c2c_pf_B[c2c_r_B][0]) = *reinterpret_cast<const float4 *>(&B[(long long)c2c_x0_B * m + c2c_x1_B]);
// CHECK-NEXT: {{^            }}}
// CHECK-NEXT: {{^          }}} else {
// CHECK-NEXT: {{^            }}#pragma unroll
// CHECK-NEXT: {{^            }}for (int c2c_r_A = 0; c2c_r_A < 1; ++c2c_r_A) {
// CHECK:      {{^              }}if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A >= c2c_lo1_A && c2c_x1_A <= c2c_hi1_A && (c2c_x1_A + 3 >= c2c_lo1_A && c2c_x1_A + 3 <= c2c_hi1_A) && c2c_aligned(&A[(long long)c2c_x0_A * p + c2c_x1_A], 16)) {

void ssyrk(int n, int p, float alpha, const float A[n][p], float C[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * A[j][k];
      C[i][j] = alpha * acc;
    }
}

// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) ssyrk_kernel0(
// CHECK-NOT:   c2c_inside_
// CHECK:       __global__ void __launch_bounds__(256, 2) ssyrk_kernel0_128x64(

// A's strips move along its rows (A[k][i]): the runs stay aligned.
void sgemm_tn(int n, int m, int p, const float A[p][n], const float B[p][m],
              float C[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[k][i] * B[k][j];
      C[i][j] = acc;
    }
}

// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_tn_kernel0(
// CHECK:      {{^      }}int c2c_inside_k = (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo1_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) + 127 <= c2c_hi1_A && (c2c_aligned(&A[(long long)0LL * n + 0LL], 16) && (long long)n % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_i + 0LL) % 4LL == 0LL) && ((int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) + 127 <= c2c_hi1_B && (c2c_aligned(&B[(long long)0LL * m + 0LL], 16) && (long long)m % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_j + 0LL) % 4LL == 0LL));
// CHECK:      {{^          }}if (c2c_inside_k && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_A && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_A && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_B && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_B))) {

// ORACLE: CHECK sgemm PASS
// ORACLE: CHECK ssyrk PASS
// ORACLE: CHECK sgemm_tn PASS
