/* Loops a `break` leaves, as users write them (benchmarks/early-exit). */

/* Escape-time Mandelbrot: the count lives in a local of the nest. */
void mandel(int w, int h, int maxit, const float *view, int *out) {
#pragma c2cuda kernel
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++) {
      float cx = view[0] + view[2] * px / w, cy = view[1] + view[3] * py / h;
      float zx = 0.0f, zy = 0.0f;
      int it;
      for (it = 0; it < maxit; it++) {
        if (zx * zx + zy * zy > 4.0f)
          break;
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
      }
      out[py * w + px] = it;
    }
}

/* The same, the count kept by hand (the form c2cuda accepted before). */
void mandel_found(int w, int h, int maxit, const float *view, int *out) {
#pragma c2cuda kernel
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++) {
      float cx = view[0] + view[2] * px / w, cy = view[1] + view[3] * py / h;
      float zx = 0.0f, zy = 0.0f;
      int found = maxit;
      for (int it = 0; it < maxit; it++) {
        if (zx * zx + zy * zy > 4.0f) {
          found = it;
          break;
        }
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
      }
      out[py * w + px] = found;
    }
}

/* The first element of each row above a threshold. */
void first_above(int n, int m, const float A[n][m], float t, int *pos) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int k;
    for (k = 0; k < m; k++)
      if (A[i][k] > t)
        break;
    pos[i] = k;
  }
}
