// A loop counting with a local of the nest (`int it; for (it = 0; ...)`)
// leaves in it what C leaves: the first value failing the condition, or,
// after a `break`, where it stopped; later statements of the nest read it.
void after_loop(int n, int m, const float *x, int *out) { // gpu-check: x[n] out[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int it;
    float z = 0;
    for (it = 0; it < m; it++)
      z = z * 0.5f + x[i];
    out[i] = it + (int)z;
  }
}
void mandel(int w, int h, int maxit, int *out) { // gpu-check: out[w*h]
#pragma c2cuda kernel
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++) {
      float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;
      float zx = 0, zy = 0;
      int it = 0;
      for (it = 0; it < maxit; it++) {
        if (zx * zx + zy * zy > 4.0f)
          break;
        float t = zx * zx - zy * zy + cx;
        zy = 2 * zx * zy + cy;
        zx = t;
      }
      out[py * w + px] = it;
    }
}
void find_first(int n, int m, const int A[n][m], int key, int *pos) { // gpu-check: A[n*m] pos[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int k;
    for (k = 0; k < m; k++)
      if (A[i][k] % 7 == key)
        break;
    pos[i] = k;
  }
}
void find_last(int n, int m, const int A[n][m], int *pos) { // gpu-check: A[n*m] pos[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    long k;
    for (k = m - 1; k >= 0; k -= 2) {
      if (A[i][k] % 5 == 0)
        break;
    }
    pos[i] = (int)k;
  }
}

// Before, the loop counted with a variable of its own named like the local,
// and `out[i] = it` read the local, never set (the GPU returned garbage, the
// CPU oracle, which shares one variable, did not see it), and a 'break' out
// of such a loop was refused.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=13,w=19,h=11,maxit=50,key=3 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=5,m=0,w=3,h=2,maxit=0,key=1 --trials 1 | FileCheck %s --check-prefix=ORACLE0 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-16: {{^}}CHECK {{[a-z_]+}} PASS
// ORACLE0-COUNT-4: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}after_loop_kernel0(
// CHECK:       {{^ +}}int it;{{$}}
// CHECK:       {{^ +}}for (int c2c_it0 = 0; c2c_it0 < m; ++c2c_it0) {{[{]$}}
// CHECK:       {{^ +}}it = (int)((long long)0 < (long long)m ? {{.*}} : (long long)0);{{$}}
// CHECK-NEXT:  {{^ +}}out[i] = it + (int)z;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}mandel_kernel0(
// CHECK:       {{^ +}}c2c_stop0 = c2c_it0;{{$}}
// CHECK-NEXT:  {{^ +}}c2c_break0 = 1;{{$}}
// CHECK:       {{^ +}}it = c2c_break0 ? c2c_stop0 : (int){{.*}};{{$}}
