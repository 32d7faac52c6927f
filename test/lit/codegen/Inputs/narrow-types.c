// char, short and their unsigned kinds in offloaded nests: 8-bit images,
// 16-bit accumulators, C's integer promotions and the wrap on store.
// Shared by narrow-types-nvcc.test and narrow-types-gpu.test: compiled by
// c2cuda, and with -DC2C_REF by the host C compiler as the reference (each
// function then gets the suffix _ref).
#ifdef C2C_REF
#define FN(name) name##_ref
#else
#define FN(name) name
#endif

typedef unsigned char u8;
typedef short i16;

// 8-bit image threshold.
void FN(threshold)(int n, const u8 *in, u8 *out, u8 t) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = in[i] > t ? 255 : 0;
}

// Row sums in an 8-bit accumulator: each sum wraps modulo 256.
void FN(rowsum_u8)(int n, int m, const unsigned char *A, unsigned char *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    unsigned char acc = 0;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    s[i] = acc;
  }
}

// A 16-bit dot product per row: each product is an int (promotion), the
// running sum is stored back into a short (modulo 2^16 with GCC and nvcc).
void FN(dot_i16)(int n, int m, const i16 *A, const i16 *x, i16 *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    i16 acc = 0;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
}

// signed char and plain char: -(-128) is 128 as an int, -128 stored back.
void FN(negate_s8)(int n, const signed char *a, signed char *b, char *c) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    b[i] = -a[i];
    c[i] = (char)(a[i] / 3 - 1);
  }
}

// Mixed widths: computed in int, stored modulo 2^16 or kept in an int.
void FN(blend_u16)(int n, const char *a, const unsigned short *w,
                   unsigned short *o, int *wide) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    o[i] = w[i] * 3 + a[i];
    wide[i] = w[i] - a[i] * 2;
  }
}

// 3x3 box blur of an 8-bit image (a 2-D nest: tiled by default, the image
// staged in shared memory).
void FN(blur_u8)(int h, int w, const u8 *in, u8 *out) {
#pragma c2cuda kernel
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[(y + dy) * w + x + dx];
      out[y * w + x] = s / 9;
    }
}

// 8-bit matrix product accumulated in int; the byte tiles are loaded 16
// bytes (one int4) at a time where a run is inside the array and aligned.
void FN(gemm_u8)(int M, int N, int K, const u8 *A, const u8 *B, int *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 16) shared(A, B) vector(i: 4, j: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      int acc = 0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
