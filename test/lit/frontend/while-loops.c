// 'while' and 'do-while' loops that count run as counting loops: a
// variable set by the statement just before the loop, compared in its
// condition, and stepped at the end of its body (`int j = 0; while (j < m
// && e) { ...; j++; }`). The loop counts with a name of its own; tests
// other than the bound (`e`, also in a 'for' condition) end it where they
// fail, as `if (!(e)) break;` first in its body would; the variable gets
// where the loop stopped. A 'do-while' runs its body once where the bound
// fails at the start. Refused forms: diagnostics/while.c, do-while.c.
#include <math.h>
void rowsum(int n, int m, float A[n][m], float s[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t = 0;
    int j = 0;
    while (j < m) {
      t += A[i][j];
      j++;
    }
    s[i] = t;
  }
}
void mandel(int h, int w, int maxit, int out[h][w]) {
#pragma c2cuda kernel
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float cr = -2.0f + 3.0f * x / w, ci = -1.5f + 3.0f * y / h;
      float zr = 0, zi = 0;
      int it = 0;
      while (zr * zr + zi * zi <= 4.0f && it < maxit) {
        float t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        it++;
      }
      out[y][x] = it;
    }
}
void search(int n, int m, const float a[m], const float keys[n], int pos[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (j < m && a[j] < keys[i])
      ++j;
    pos[i] = j;
  }
}
void newton(int n, const float x[n], float r[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float g = x[i] > 1 ? x[i] : 1, d = 1;
    int it;
    it = 0;
    while (fabsf(d) > 1e-6f * g && it < 50) {
      d = (g * g - x[i]) / (2 * g);
      g -= d;
      it += 1;
    }
    r[i] = g + it * 0.0f;
  }
}
void down(int n, int m, float A[n][m], float s[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t = 0;
    int j = m - 1;
    while (j >= 0) {
      if (A[i][j] > 1.2f)
        break;
      t += A[i][j];
      j -= 2;
    }
    s[i] = t + j;
  }
}
void dowhile(int n, int m, float A[n][m], float s[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t = 0;
    int j = 1;
    do {
      t += A[i][j - 1];
      j++;
    } while (j < m);
    s[i] = t + j;
  }
}
void forexit(int n, int m, float A[n][m], float s[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t = 0;
    for (int j = 0; j < m && A[i][j] < 1.4f; j++)
      t += A[i][j];
    s[i] = t;
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=29,h=13,w=17,maxit=40 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=5,m=1,h=2,w=3,maxit=1 --trials 1 | FileCheck %s --check-prefix=ORACLE1 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-21: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE1-COUNT-7: {{^}}CHECK {{[a-z]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}rowsum_kernel0(
// CHECK-LABEL: {{^}}__global__ void {{.*}}mandel_kernel0(
// CHECK:       {{^ +}}for (int c2c_it0 = 0; c2c_it0 < maxit && !c2c_break0; ++c2c_it0) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}if (!(zr * zr + zi * zi <= 4.0f)) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}c2c_stop0 = c2c_it0;{{$}}
// CHECK:       {{^ +}}it = c2c_break0 ? c2c_stop0 : {{.*}};{{$}}
// CHECK-NEXT:  {{^ +}}out[(long long)y * w + x] = it;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}dowhile_kernel0(
// CHECK:       {{^ +}}long long c2c_trip_c2c_j{{[0-9]+}} = (long long)(m < 1 + 1 ? 1 + 1 : m) > 1LL ? {{.*}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}forexit_kernel0(
// CHECK:       {{^ +}}if (!(A[(long long)i * m + j] < 1.39999998f)) {{[{]}}{{$}}

// REMARK-NOT: error:
