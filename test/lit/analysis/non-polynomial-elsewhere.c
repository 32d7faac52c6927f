// A reference whose index is not a polynomial (tmp[(y * 7) % h * w + x],
// a gather) may touch any element of tmp; the shape of tmp comes from the
// other references, so the first nest, which writes tmp[y * w + x], keeps
// both loops parallel (it ran as one thread when the gather made every
// reference of tmp one-dimensional).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %c2cuda-check %s --size h=23,w=37 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void blur_gather(int h, int w, const float *in, float *tmp, float *out) {
#pragma c2cuda kernel
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      tmp[y * w + x] = 2.0f * in[y * w + x];
#pragma c2cuda kernel extent(tmp: h * w)
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = tmp[(y * 7) % h * w + x];
}

// CHECK: {{^}}{{.*}}non-polynomial-elsewhere.c:11:3: remark: mapped x -> x, y -> y (2-D grid, block 32x8){{$}}
// CHECK: {{^}}{{.*}}non-polynomial-elsewhere.c:15:3: remark: mapped x -> x, y -> y (2-D grid, block 32x8){{$}}

// ORACLE: {{^}}CHECK blur_gather PASS sched=default
// ORACLE: {{^}}CHECK blur_gather PASS sched=2
