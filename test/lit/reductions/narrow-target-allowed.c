// --allow-reassociation and a reduction into an unsigned char: no atomic
// update exists, so the loop runs in one thread (no atomics in the CUDA),
// and the remark says why.
void bsum(int n, const unsigned char *A, unsigned char *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    s[0] += A[i];
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU --input-file=%t.cu --implicit-check-not=atomicAdd --implicit-check-not=c2c_atomic_cas
// CHECK: {{^}}{{.*}}narrow-target-allowed.c:6:3: remark: i is a reduction into s[0] (+), but it has no atomic update: 's[0] += (int)A[i]' updates s[0], of type 'unsigned char', and CUDA has no atomic updates of 8- or 16-bit integers; runs as a single thread{{$}}
// CU: {{^}}__global__ void __launch_bounds__(1) bsum_kernel0(
