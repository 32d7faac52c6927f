// Every reduction operator and scalar type, over a 2-D grid (both loops are
// reductions into the same targets): the native atomic where CUDA has one,
// 64-bit integers through unsigned long long (long long for min/max), '-'
// as an added negation, '*' through the compare-and-swap helper. An array
// element target is updated at its address.
void f(int n, int m, const double A[n][m], double *out, long *cnt,
       unsigned *bits, int *imin, long *lmax, float *prod, float *acc) {
  double s = 0.0;
  long c = 0;
  unsigned b = 0u;
  int mn = 1 << 30;
  long mx = -1;
  float p = 1.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s = s + A[i][j];
      c -= (long)j;
      b ^= (unsigned)(i * j);
      mn = (i + j) < mn ? (i + j) : mn;
      mx = mx > (long)(i - j) ? mx : (long)(i - j);
      p *= 1.0001f;
      acc[0] -= (float)A[i][j];
    }
  out[0] = s;
  cnt[0] = c;
  bits[0] = b;
  imin[0] = mn;
  lmax[0] = mx;
  prod[0] = p;
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu
// REMARK: {{^}}{{.*}}all-kinds.c:15:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// REMARK: {{^}}{{.*}}all-kinds.c:15:3: remark: reduction over i, j into s (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// REMARK: {{^}}{{.*}}all-kinds.c:15:3: remark: reduction over i, j into acc[0] (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) f_kernel0(
// CHECK-DAG: {{^}}      atomicAdd(c2c_ps_s, A[(long long)i * m + j]);{{$}}
// CHECK-DAG: {{^}}      atomicAdd((unsigned long long *)c2c_ps_c, 0ULL - (unsigned long long)((long long)j));{{$}}
// CHECK-DAG: {{^}}      atomicXor(c2c_ps_b, (unsigned int)(i * j));{{$}}
// CHECK-DAG: {{^}}      atomicMin(c2c_ps_mn, i + j);{{$}}
// CHECK-DAG: {{^}}      atomicMax((long long *)c2c_ps_mx, (long long)((long long)(i - j)));{{$}}
// CHECK-DAG: {{^}}      c2c_atomic_cas<float>(c2c_ps_p, 1.00010002f, c2c_op_mul());{{$}}
// CHECK-DAG: {{^}}      atomicAdd(&acc[0], -((float)A[(long long)i * m + j]));{{$}}
// CHECK: {{^}}}{{$}}
