// A 3x3 convolution over channels with a linearized filter: the filter's
// index (k*C + c)*9 + r*3 + s gives k the stride 9*C. Delinearization first
// put the 9 into k's subscript (stride C), where 9*c + 3*r + s exceeds a row
// of C and the extent of 'filt' could not be inferred (an error). The
// literal content the outer subscripts share now moves into the stride
// (Delinearize.h).
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: %c2cuda -q %s -o %t.cu
// RUN: %c2cuda-check --size N=2,C=3,H=9,W=11,K=5 --trials 2 --random-schedules 2 %s | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void conv3x3(int N, int C, int H, int W, int K, const float *in,
             const float *filt, float *out) {
  int P = H - 2;
  int Q = W - 2;
#pragma c2cuda kernel
  for (int n = 0; n < N; n++)
    for (int k = 0; k < K; k++)
      for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++) {
          float acc = 0.0f;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < 3; r++)
              for (int s = 0; s < 3; s++)
                acc += in[((n * C + c) * H + (p + r)) * W + (q + s)] *
                       filt[(k * C + c) * 9 + r * 3 + s];
          out[((n * K + k) * P + p) * Q + q] = acc;
        }
}

// CHECK: {{^}}      filt  float  read  extent (long long)C >= 1LL && (long long)H >= 3LL && (long long)K >= 1LL && (long long)N >= 1LL && (long long)W >= 3LL ? (long long)K * (9LL * (long long)C) : 0LL{{$}}
// ORACLE: {{^}}CHECK conv3x3 PASS sched=2{{.*}}
