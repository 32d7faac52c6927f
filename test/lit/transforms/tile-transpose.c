// TileForBlocks on a transpose mapped with i on threadIdx.x (so the writes
// are coalesced): the input tile is stored transposed in shared memory,
// loaded along its rows (coalesced reads), and pad(1) makes its rows 33
// floats long so that the transposed stores do not all hit one bank.
void transpose(int rows, int cols, const float *in, float *out) {
#pragma c2cuda kernel map(i: x, j: y) block(32, 8) tile(i: 32, j: 32) shared(in) pad(1)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      out[j * rows + i] = in[i * cols + j];
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// REMARK: {{^}}{{.*}}tile-transpose.c:7:3: remark: 'in' staged in shared memory as c2c_sh_in[32][33] (transposed){{$}}
// CHECK-LABEL: {{^}}// Schedule: map(i: x, j: y) block(32, 8) thread(j: 4) tile(i: 32, j: 32) shared(in) pad(1){{$}}
// CHECK: {{^}}  __shared__ __align__(16) float c2c_sh_in[32][33];{{$}}
// CHECK: {{^}}          int c2c_a1_in = c2c_l_in % 32;{{$}}
// CHECK-NEXT: {{^}}          int c2c_a0_in = c2c_l_in / 32;{{$}}
// CHECK: {{^}}            c2c_sh_in[c2c_a1_in][c2c_a0_in] = in[(long long)c2c_x0_in * (1LL * (long long)cols) + (long long)c2c_x1_in];{{$}}
// CHECK: {{^}}            out[(long long)j * (long long)rows + i] = c2c_sh_in[0 + (j - c2c_base_j)][0 + (i - c2c_base_i)];{{$}}
