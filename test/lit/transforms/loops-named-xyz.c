// Loops the user named x, y or z: a strip-mined loop's trip count and the
// grid's (c2c_trip_x/y/z) once shared a name in one kernel, so nvcc refused
// the CUDA ("has already been declared in the current scope") and the CPU
// oracle, where the inner declaration hid the outer, read out of bounds. The
// loop's now gets a suffix; the two live side by side.
// RUN: %c2cuda-check %s --size h=37,w=53,M=19,N=23,K=17 --trials 2 2>&1 | FileCheck %s --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size h=1,w=2,M=2,N=1,K=3 --trials 1 2>&1 | FileCheck %s --implicit-check-not=FAIL
// RUN: %c2cuda -q %s -o - | FileCheck --check-prefix=CUDA %s

void row_mean(int h, int w, float img[h][w], float out[h]) {
#pragma c2cuda kernel
  for (int y = 0; y < h; y++) {
    float s = 0.0f;
    for (int x = 0; x < w; x++)
      s += img[y][x];
    out[y] = s / w;
  }
}

void mm_kx(int M, int N, int K, float A[M][K], float B[K][N], float C[M][N]) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int x = 0; x < K; x++)
        s += A[i][x] * B[x][j];
      C[i][j] = s;
    }
}

// CHECK: {{^}}CHECK row_mean PASS
// CHECK: {{^}}CHECK mm_kx PASS
// CUDA: {{^}}__global__ {{.*}} row_mean_kernel0(
// CUDA: {{^}}  long long c2c_trip_x = (long long)h > 0LL ? (long long)h : 0LL;{{$}}
// CUDA: {{^}}  long long c2c_trip_x_loop = (long long)w > 0LL ? (long long)w : 0LL;{{$}}
// CUDA: {{^}}__global__ {{.*}} mm_kx_kernel0(
// CUDA: {{^}}  long long c2c_trip_x = (long long)N > 0LL ? (long long)N : 0LL;{{$}}
// CUDA: {{^}}  long long c2c_trip_x_loop = (long long)K > 0LL ? (long long)K : 0LL;{{$}}
