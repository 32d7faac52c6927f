// Host constants defined by a division (`int w2 = w / 2;`) stand for
// themselves in the analysis, parameters equal to their definition
// (AffineExpr.cpp): out[i*w2 + j] is row i of w2 columns. Substituted, the
// quotient made i * w2 a product of an iterator and a variable: the extents
// of 'out' and 'in' could not be inferred (an error), and with extent
// clauses the nest ran as one thread. The extents spell the definitions,
// since the drop-in entry computes them before the body declares w2.
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: %c2cuda-check %s --size h=37,w=41 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

void downsample(int h, int w, const float *in, float *out) {
  int h2 = h / 2, w2 = w >> 1;
#pragma c2cuda kernel
  for (int i = 0; i < h2; i++)
    for (int j = 0; j < w2; j++)
      out[i * w2 + j] =
          0.25f * (in[(2 * i) * w + 2 * j] + in[(2 * i) * w + 2 * j + 1] +
                   in[(2 * i + 1) * w + 2 * j] + in[(2 * i + 1) * w + 2 * j + 1]);
}

// CHECK: {{^}}      in  float  read  extent {{.*}} ? 1LL + (2LL * ((long long)h / 2LL) - 1LL) * (long long)w + (2LL * (long long)(w >> 1) - 1LL) : 0LL{{$}}
// CHECK: {{^}}      out  float  written  extent {{.*}} ? (long long)h / 2LL * (long long)(w >> 1) : 0LL{{$}}
// REMARK: quotient-host-constants.c:16:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// ORACLE-COUNT-4: {{^}}CHECK downsample PASS
