// The code besides the offloaded functions is kept as host code, which nvcc
// compiles as C++. What C++ rejects and no edit mends (a name that is a C++
// keyword, a designated initializer C++ lacks) is an error at the construct
// where the file is written whole, and no file is written; with
// --functions-only that code is left out, and the file is written.
// RUN: rm -f %t.cu
// RUN: not %c2cuda -q %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// RUN: %c2cuda -q --functions-only %s -o %t.cu
// RUN: FileCheck %s --check-prefix=FUNCTIONS < %t.cu

struct pt {
  int x, y;
};
struct box {
  struct pt lo, hi;
  int class;
};

void scale(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f;
}

static int twice(int n) {
  int new = n + n;
  return new;
}

int corner(void) {
  struct pt in_order = {.x = 1, .y = 2};
  struct pt p = {.y = 2, .x = 1};
  struct box b = {.lo.x = 3};
  int t[4] = {[2] = 1};
  return in_order.x + p.x + b.lo.x + t[2] + twice(1);
}

// CHECK: {{^}}{{.*}}cxx-only.c:17:7: error: 'class' is a keyword of C++, in which nvcc compiles the file c2cuda writes (the code besides the offloaded functions is kept as host code){{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:17:7: note: rename it{{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:27:7: error: 'new' is a keyword of C++, in which nvcc compiles the file c2cuda writes (the code besides the offloaded functions is kept as host code){{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:33:26: error: designated initializers out of the members' declaration order are C only: nvcc compiles the file c2cuda writes as C++ (the code besides the offloaded functions is kept as host code){{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:33:26: note: list the members in their declaration order{{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:34:19: error: a designator of a nested member is C only: nvcc compiles the file c2cuda writes as C++ (the code besides the offloaded functions is kept as host code){{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:34:19: note: write the member's own braced initializer{{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:35:15: error: an array designator is C only: nvcc compiles the file c2cuda writes as C++ (the code besides the offloaded functions is kept as host code){{$}}
// CHECK: {{^}}{{.*}}cxx-only.c:35:15: note: set the elements after the declaration{{$}}

// FUNCTIONS: {{^}}extern "C" void scale(int n, float *a) {{{$}}
// FUNCTIONS-NOT: corner
