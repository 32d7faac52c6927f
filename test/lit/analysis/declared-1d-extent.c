// A one-dimensional array declared with its size (float u[n], int
// hist[256]) whose index the accesses cannot bound (a periodic neighbour
// u[(i + 1) % n], a histogram's hist[img[i]]): the declaration states the
// extent, as declared rows do for more dimensions. Where the accesses bound
// the index, they decide (v: n elements either way).
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda-check %s --size n=37 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void periodic(int n, const float u[n], float v[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    v[i] = 0.5f * (u[(i + n - 1) % n] + u[(i + 1) % n]);
#pragma endscop
}

void hist(int n, const unsigned char *img, int hist[256]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    hist[img[i]]++;
}

// CHECK-LABEL: {{^}}extern "C" void periodic(int n, const float *u, float *v) {{{$}}
// CHECK-NEXT: {{^}}  const long long c2c_n_u = (long long)n;{{$}}
// CHECK-LABEL: {{^}}extern "C" void hist(int n, const unsigned char *img, int *hist) {{{$}}
// CHECK: {{^}}  const long long c2c_n_hist = 256LL;{{$}}

// ORACLE: {{^}}CHECK periodic PASS sched=default
// ORACLE: {{^}}CHECK periodic PASS sched=2
// ORACLE: {{^}}CHECK hist PASS sched=default
// ORACLE: {{^}}CHECK hist PASS sched=2
