// A scalar declared once and used by several nests, and by nothing else,
// is private in each of them when every one writes it before reading it in
// every iteration of a loop holding its uses: no value passes from one nest
// to another (Deriche's recursive filters reuse ym1, ym2 across passes).
// When one nest reads it first, or the host reads it, it stays one
// variable: those nests run on one thread, as the remarks say.
void filters(int w, int h, float a, float b, float in[w][h], float y1[w][h],
             float y2[w][h]) {
  int i, j;
  float ym1, ym2;
#pragma scop
  for (i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (j = 0; j < h; j++) {
      y1[i][j] = in[i][j] + a * ym1 + b * ym2;
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (j = 0; j < h; j++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (i = w - 1; i >= 0; i--) {
      y2[i][j] = y1[i][j] + a * ym1 + b * ym2;
      ym2 = ym1;
      ym1 = y2[i][j];
    }
  }
#pragma endscop
}

// The second nest reads `carry` before writing it: it goes on from where
// the first nest left it.
void carried(int n, float x[n], float y[n]) {
  float carry = 0.0f;
#pragma scop
  for (int i = 0; i < n; i++) {
    carry = x[i];
    y[i] = 2.0f * carry;
  }
  for (int i = 0; i < n; i++) {
    y[i] += carry;
    carry = x[i];
  }
#pragma endscop
}

// The host reads `t` after the nests.
void after(int n, float x[n], float y[n], float res[1]) {
  float t = 0.0f;
#pragma scop
  for (int i = 0; i < n; i++) {
    t = x[i];
    y[i] = t * t;
  }
  for (int i = 0; i < n; i++) {
    t = y[i];
    x[i] = t + 1.0f;
  }
#pragma endscop
  res[0] = t;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size w=37,h=29,n=41 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-9: {{^}}CHECK {{[a-z]+}} PASS

// REMARK:     {{^}}{{.*}}privatize-across-nests.c:12:3: remark: 'ym1' is private to each iteration of 'i': declared outside the nest, it is written before it is read in every iteration and every other nest using it writes it before reading it{{$}}
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:21:3: remark: 'ym1' is private to each iteration of 'j': declared outside the nest, it is written before it is read in every iteration and every other nest using it writes it before reading it{{$}}
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:12:3: remark: 'ym2' is private to each iteration of 'i'{{.*}}
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:21:3: remark: 'ym2' is private to each iteration of 'j'{{.*}}
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:12:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:21:3: remark: mapped j -> x (1-D grid, block 256){{$}}
// REMARK-NOT: remark: 'carry' is private
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:38:3: remark: no parallel loop: carry (written at {{.*}}
// REMARK-NOT: remark: 't' is private
// REMARK:     {{^}}{{.*}}privatize-across-nests.c:53:3: remark: no parallel loop: t (written at {{.*}}
