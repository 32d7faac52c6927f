// Histograms, the bins' count stated by a declared size or an extent
// clause (diagnostics/extent-data-subscript.c: without either, refused):
// a reduction into elements chosen by the data, run with atomic updates.
void hist_u8(int n, const unsigned char *img, int hist[256]) { // gpu-check: img[n] hist[256]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    hist[img[i]]++;
}
void hist_mask(int n, const int *v, unsigned *h) { // gpu-check: v[n] h[64]
#pragma c2cuda kernel extent(h: 64)
  for (int i = 0; i < n; i++)
    h[(v[i] >> 4) & 63] += 1u;
}
void bins2(int n, const unsigned char *a, const unsigned char *b, int h[1024]) { // gpu-check: a[n] b[n] h[1024]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    h[(a[i] & 31) * 32 + (b[i] & 31)] += 1;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=1000 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-9: {{^}}CHECK {{[a-z0-9_]+}} PASS
// REMARK: histograms.c:6:3: remark: reduction over i into hist[img[i]] (+) runs with atomic updates (allowed by exact integer arithmetic)
// REMARK: histograms.c:11:3: remark: reduction over i into h[v[i] >> 4 & 63] (+) runs with atomic updates (allowed by exact integer arithmetic)
// REMARK: histograms.c:16:3: remark: reduction over i into h[((int)a[i] & 31) * 32 + ((int)b[i] & 31)] (+) runs with atomic updates (allowed by exact integer arithmetic)
