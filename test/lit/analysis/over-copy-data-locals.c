// The CPU oracle reports a copy past the caller's array when the entry
// points copy more elements of an array than C touched in the run; where
// the data decides what C touches, it does not: one run may touch fewer
// than the extent covers. The data may decide through a scalar that holds
// it (`int c = idx[i]; if (c >= 0)`), or through loop bounds read from an
// array. Before, both were reported ("the wrapper copies 57 elements of
// 'v' but C touches only 54").
// RUN: %c2cuda-check %s --size n=57 --trials 3 | FileCheck %s --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED

void gather_where(int n, const int *idx, const float *v, float *y) { // gpu-check: idx[n] v[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int c = idx[i];
    int d = c + 1;
    if (d > 0)
      y[i] = v[i];
  }
}

void prefix_len(int n, const int *len, const float *v, float *y) { // gpu-check: len[n] v[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < n && k < len[i]; k++)
      s += v[k];
    y[i] = s;
  }
}

// CHECK: {{^}}CHECK gather_where PASS
// CHECK: {{^}}CHECK prefix_len PASS
