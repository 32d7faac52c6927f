// A pipelined strip's prefetch copies without guards where its strip lies
// inside the elements the nest reads: the coordinates the strips do not
// move (the tile's rows of A, its columns of B) are clamped into that box
// from above, so that a partial tile's rows past the array read its last
// row instead of taking the guarded path (whose blocks set the time of a
// grid of one wave); once per tile (c2c_unguarded_k) the test that the tile
// starts inside the box and that the runs are aligned and lie wholly inside
// or outside it, per strip the strip's own k range. Not in a triangular
// band's box (ssyrk), whose guards stay. Where every dimension moves with
// the strips (the vector x of smv) the copy clamps each coordinate from
// both sides instead (runs of one element: no test). With long iterators
// (sgemm_long) the coordinates and bounds are long long. The oracle runs with
// partial tiles of aligned rows (n = 132: a tile of 4 rows past 128; the
// clamped path), with odd rows (the guarded path), and random schedules;
// with the clamp removed it reads past the arrays, with the upper bound
// one run too low it reads the wrong columns: both FAIL.
// RUN: %c2cuda %s -q -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=132,m=128,p=48 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=260,m=200,p=40 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
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
// CHECK:      {{^      }}int c2c_unguarded_k = c2c_lo0_A <= c2c_hi0_A && c2c_lo1_A <= c2c_hi1_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo0_A && (c2c_aligned(&A[(long long)0LL * p + 0LL], 16) && (long long)p % 4LL == 0LL && (0LL + 1LL * (long long)0 + 0LL) % 4LL == 0LL) && (c2c_lo0_B <= c2c_hi0_B && c2c_lo1_B <= c2c_hi1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B && (c2c_aligned(&B[(long long)0LL * m + 0LL], 16) && (long long)m % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_j + 0LL) % 4LL == 0LL) && (c2c_lo1_B % 4 == 0 && (c2c_hi1_B + 1) % 4 == 0));
// CHECK-NEXT: {{^      }}for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {
// CHECK:      {{^        }}if (c2c_s_k + 8LL < c2c_trip_k) {
// CHECK-NEXT: {{^          }}int c2c_base_k = (int)((long long)0 + (c2c_s_k + 8LL) * 1LL);
// CHECK-NEXT: {{^          }}if (c2c_unguarded_k && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo1_A && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi1_A && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_B && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_B))) {
// CHECK-NEXT: {{^            }}#pragma unroll
// CHECK-NEXT: {{^            }}for (int c2c_r_A = 0; c2c_r_A < 1; ++c2c_r_A) {
// CHECK-NEXT: {{^              }}int c2c_l_A = c2c_tid + c2c_r_A * 256;
// CHECK-NEXT: {{^              }}int c2c_a1_A = c2c_l_A % 2 * 4;
// CHECK-NEXT: {{^              }}int c2c_a0_A = c2c_l_A / 2;
// CHECK-NEXT: {{^              }}int c2c_x0_A = (int)(0LL + 1LL * (long long)c2c_base_i + 0LL + (long long)c2c_a0_A);
// CHECK-NEXT: {{^              }}c2c_x0_A = min(c2c_x0_A, c2c_hi0_A);
// CHECK-NEXT: {{^              }}int c2c_x1_A = (int)(0LL + 1LL * (long long)c2c_base_k + 0LL + (long long)c2c_a1_A);
// CHECK-NEXT: {{^              }}*reinterpret_cast<float4 *>(&c2c_pf_A[c2c_r_A][0]) = *reinterpret_cast<const float4 *>(&A[(long long)c2c_x0_A * p + c2c_x1_A]);
// CHECK-NEXT: {{^            }}}
// CHECK:      {{^              }}int c2c_x0_B = (int)(0LL + 1LL * (long long)c2c_base_k + 0LL + (long long)c2c_a0_B);
// CHECK-NEXT: {{^              }}int c2c_x1_B = (int)(0LL + 1LL * (long long)c2c_base_j + 0LL + (long long)c2c_a1_B);
// CHECK-NEXT: {{^              }}c2c_x1_B = min(c2c_x1_B, c2c_hi1_B - 3);
// CHECK-NEXT: {{^              }}*reinterpret_cast<float4 *>(&c2c_pf_B[c2c_r_B][0]) = *reinterpret_cast<const float4 *>(&B[(long long)c2c_x0_B * m + c2c_x1_B]);
// CHECK-NEXT: {{^            }}}
// CHECK-NEXT: {{^          }}} else {
// CHECK-NEXT: {{^            }}#pragma unroll
// CHECK-NEXT: {{^            }}for (int c2c_r_A = 0; c2c_r_A < 1; ++c2c_r_A) {
// CHECK:      {{^              }}if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A >= c2c_lo1_A && c2c_x1_A <= c2c_hi1_A && (c2c_x1_A + 3 >= c2c_lo1_A && c2c_x1_A + 3 <= c2c_hi1_A) && c2c_aligned(&A[(long long)c2c_x0_A * p + c2c_x1_A], 16)) {
// Threads of at most 32 accumulators (128x64 tiles; not the 128x128 ones
// above, whose test the strip loop follows) get a second strip loop where
// the vector copy's test fails: an array whose rows are whole aligned runs
// (its own test, c2c_runs_<key>) keeps its vector loads, another is copied
// element by element, each element's coordinates clamped on their own.
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_kernel0_128x64(
// CHECK:      {{^      }}int c2c_unguarded_k = {{.*}};
// CHECK-NEXT: {{^      }}int c2c_runs_A = c2c_lo0_A <= c2c_hi0_A && c2c_lo1_A <= c2c_hi1_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo0_A && (c2c_aligned(&A[(long long)0LL * p + 0LL], 16) && (long long)p % 4LL == 0LL && (0LL + 1LL * (long long)0 + 0LL) % 4LL == 0LL);
// CHECK-NEXT: {{^      }}int c2c_runs_B = c2c_lo0_B <= c2c_hi0_B && c2c_lo1_B <= c2c_hi1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B && (c2c_aligned(&B[(long long)0LL * m + 0LL], 16) && (long long)m % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_j + 0LL) % 4LL == 0LL) && (c2c_lo1_B % 4 == 0 && (c2c_hi1_B + 1) % 4 == 0);
// CHECK-NEXT: {{^      }}int c2c_odd_rows_k = c2c_lo0_A <= c2c_hi0_A && c2c_lo1_A <= c2c_hi1_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo0_A && (c2c_lo0_B <= c2c_hi0_B && c2c_lo1_B <= c2c_hi1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B);
// CHECK-NEXT: {{^      }}if (c2c_unguarded_k) {
// CHECK-NEXT: {{^        }}for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 16) {
// CHECK-NOT:  c2c_odd_rows_k
// CHECK:      {{^        }}for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 16) {
// CHECK-NOT:  c2c_unguarded_k
// CHECK:      {{^            }}if (c2c_odd_rows_k && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo1_A && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 15 <= c2c_hi1_A && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_B && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 15 <= c2c_hi0_B))) {
// CHECK-NEXT: {{^              }}if (c2c_runs_A) {
// CHECK:      {{^                  }}*reinterpret_cast<float4 *>(&c2c_pf_A[c2c_r_A][0]) = *reinterpret_cast<const float4 *>(&A[(long long)c2c_x0_A * p + c2c_x1_A]);
// CHECK:      {{^              }}} else {
// CHECK:      {{^                  }}c2c_x0_A = min(c2c_x0_A, c2c_hi0_A);
// CHECK-NEXT: {{^                  }}int c2c_x1_A = (int)(0LL + 1LL * (long long)c2c_base_k + 0LL + (long long)c2c_a1_A);
// CHECK-NEXT: {{^                  }}c2c_pf_A[c2c_r_A][0] = A[(long long)c2c_x0_A * p + c2c_x1_A];
// CHECK-NEXT: {{^                  }}c2c_pf_A[c2c_r_A][1] = A[(long long)c2c_x0_A * p + (c2c_x1_A + 1)];
// CHECK-NEXT: {{^                  }}c2c_pf_A[c2c_r_A][2] = A[(long long)c2c_x0_A * p + (c2c_x1_A + 2)];
// CHECK-NEXT: {{^                  }}c2c_pf_A[c2c_r_A][3] = A[(long long)c2c_x0_A * p + (c2c_x1_A + 3)];
// CHECK:      {{^              }}if (c2c_runs_B) {
// CHECK:      {{^                  }}c2c_x1_B = min(c2c_x1_B, c2c_hi1_B - 3);
// CHECK:      {{^              }}} else {
// CHECK:      {{^                  }}int c2c_x1_B = (int)(0LL + 1LL * (long long)c2c_base_j + 0LL + (long long)c2c_a1_B);
// CHECK-NEXT: {{^                  }}c2c_pf_B[c2c_r_B][0] = B[(long long)c2c_x0_B * m + min(c2c_x1_B, c2c_hi1_B)];
// CHECK-NEXT: {{^                  }}c2c_pf_B[c2c_r_B][1] = B[(long long)c2c_x0_B * m + min(c2c_x1_B + 1, c2c_hi1_B)];
// CHECK-NEXT: {{^                  }}c2c_pf_B[c2c_r_B][2] = B[(long long)c2c_x0_B * m + min(c2c_x1_B + 2, c2c_hi1_B)];
// CHECK-NEXT: {{^                  }}c2c_pf_B[c2c_r_B][3] = B[(long long)c2c_x0_B * m + min(c2c_x1_B + 3, c2c_hi1_B)];

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
// CHECK-NOT:   {{c2c_unguarded_|min\(}}
// CHECK:       __global__ void __launch_bounds__(256, 2) ssyrk_kernel0_128x64(

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

// A's strips move along its rows (A[k][i]): its columns are clamped, and
// the box must start and end at whole runs of them.
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_tn_kernel0(
// CHECK:      {{^      }}int c2c_unguarded_k = c2c_lo0_A <= c2c_hi0_A && c2c_lo1_A <= c2c_hi1_A && (int)(0LL + 1LL * (long long)c2c_base_i + 0LL) >= c2c_lo1_A && (c2c_aligned(&A[(long long)0LL * n + 0LL], 16) && (long long)n % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_i + 0LL) % 4LL == 0LL) && (c2c_lo1_A % 4 == 0 && (c2c_hi1_A + 1) % 4 == 0) && (c2c_lo0_B <= c2c_hi0_B && c2c_lo1_B <= c2c_hi1_B && (int)(0LL + 1LL * (long long)c2c_base_j + 0LL) >= c2c_lo1_B && (c2c_aligned(&B[(long long)0LL * m + 0LL], 16) && (long long)m % 4LL == 0LL && (0LL + 1LL * (long long)c2c_base_j + 0LL) % 4LL == 0LL) && (c2c_lo1_B % 4 == 0 && (c2c_hi1_B + 1) % 4 == 0));
// CHECK:      {{^          }}if (c2c_unguarded_k && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_A && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_A && ((int)(0LL + 1LL * (long long)c2c_base_k + 0LL) >= c2c_lo0_B && (int)(0LL + 1LL * (long long)c2c_base_k + 0LL) + 7 <= c2c_hi0_B))) {
// CHECK:      {{^              }}c2c_x1_A = min(c2c_x1_A, c2c_hi1_A - 3);

void smv(int n, int m, const float A[n][m], const float x[m], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i][j] * x[j];
    y[i] = acc;
  }
}

// Every dimension of x's box moves with the strips: each prefetch, the first
// included, clamps every coordinate from both sides.
// CHECK-LABEL: __global__ void __launch_bounds__(32) smv_kernel0(
// CHECK-NOT:  c2c_unguarded_
// CHECK:      {{^          }}c2c_x0_A = max(min(c2c_x0_A, c2c_hi0_A), c2c_lo0_A);
// CHECK:      {{^          }}c2c_x0_x = max(min(c2c_x0_x, c2c_hi0_x), c2c_lo0_x);
// CHECK-NEXT: {{^          }}c2c_pf_x[c2c_r_x] = x[c2c_x0_x];
// CHECK:      {{^            }}c2c_x0_x = max(min(c2c_x0_x, c2c_hi0_x), c2c_lo0_x);

void sgemm_long(long n, long m, long p, const float A[n][p],
                const float B[p][m], float C[n][m]) {
#pragma c2cuda kernel
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      float acc = 0.0f;
      for (long k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_long_kernel0(
// The elements of a run past the first offset in long long, not truncated
// to int (`(int)c2c_x1_A + 1` before).
// CHECK-NOT:  (int)c2c_x1_
// CHECK:      {{^            }}if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A + 1LL >= c2c_lo1_A && c2c_x1_A + 1LL <= c2c_hi1_A) {
// CHECK-NEXT: {{^              }}c2c_pf_A[c2c_r_A][1] = A[(long long)c2c_x0_A * p + (c2c_x1_A + 1LL)];
// CHECK:      {{^              }}c2c_pf_B[c2c_r_B][2] = B[(long long)c2c_x0_B * m + (c2c_x1_B + 2LL)];
// CHECK-NOT:  (int)c2c_x1_
// CHECK:      {{^          }}if (c2c_unguarded_k && (
// CHECK:      {{^              }}long long c2c_x0_A = 0LL + 1LL * c2c_base_i + 0LL + (long long)c2c_a0_A;
// CHECK-NEXT: {{^              }}c2c_x0_A = min(c2c_x0_A, c2c_hi0_A);
// CHECK:      {{^              }}c2c_x1_B = min(c2c_x1_B, c2c_hi1_B - 3LL);

// ORACLE: CHECK sgemm PASS
// ORACLE: CHECK ssyrk PASS
// ORACLE: CHECK sgemm_tn PASS
// ORACLE: CHECK smv PASS
// ORACLE: CHECK sgemm_long PASS
