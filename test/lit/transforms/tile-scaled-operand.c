// A staged operand that every point multiplies by the same read-only scalar
// first (gemm's `alpha * A[i][k] * B[k][j]`) is staged multiplied: one
// multiply per element loaded instead of one per point and k (TileForBlocks,
// planScaledTiles). Exact: the same float product, rounded once.

void scaled(int n, float alpha, float C[n][n], const float A[n][n],
            const float B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] *= 0.5f;
      for (int k = 0; k < n; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma endscop
}

// A is also read unscaled: staged as it is.
void mixed(int n, float alpha, float C[n][n], const float A[n][n],
           const float B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += alpha * A[i][k] * B[k][j] + A[i][k];
      C[i][j] = acc;
    }
#pragma endscop
}

// A double scale of float elements: the product is double, not staged so.
void wider(int n, double alpha, float C[n][n], const float A[n][n],
           const float B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not=multiplied %s
// REMARK: tile-scaled-operand.c:9:3: remark: 'A' staged in shared memory as c2c_sh_A[8][132] (transposed), multiplied by 'alpha' as it is loaded (every point reads it so){{$}}
// REMARK: tile-scaled-operand.c:9:3: remark: 'B' staged in shared memory as c2c_sh_B[8][132]{{$}}
// REMARK: tile-scaled-operand.c:22:3: remark: 'A' staged in shared memory as c2c_sh_A[8][132] (transposed){{$}}
// REMARK: tile-scaled-operand.c:36:3: remark: 'A' staged in shared memory as c2c_sh_A[8][132] (transposed){{$}}

// RUN: FileCheck --check-prefix=CUDA %s --input-file=%t.cu
// CUDA-LABEL: scaled_kernel0(
// CUDA: {{^}}          c2c_sh_A[c2c_a1_A][c2c_a0_A] = alpha * c2c_pf_A[c2c_r_A][0];{{$}}
// CUDA: c2c_reg_c2c_acc_C[{{.*}}] += c2c_sh_A[{{.*}}] * c2c_sh_B[

// RUN: %c2cuda-check %s --size n=37 --trials 2 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=130 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=1 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-3: {{^}}CHECK {{[a-z]+}} PASS maxRelL2=0{{$}}
// ORACLE-NOT: FAIL

// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
