// Host conditions bound what a nest touches: a nest after `if (c) return;`
// runs only where c fails, a nest in an `if (c)` region only where c holds
// (in its `else` only where c fails). The copies' extents say so, so that
// the wrapper copies nothing of an array C leaves untouched (the caller may
// pass a shorter array, or NULL). A condition counts only where it reads
// scalar parameters that nothing in the function assigns; a return inside
// a host loop is not carried past the loop (the nests after it are taken
// to run: `loop_return` still copies y whole, where C touches none of it
// if n > 3 and iters > 0). The CPU oracle runs the
// returns and checks that no copy goes past what C touches.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda-check %s --size n=1,flag=1,iters=2 --trials 2 --print-launches | FileCheck %s --check-prefix=SMALL --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=7,flag=0,iters=0 --trials 2 --print-launches | FileCheck %s --check-prefix=LARGE --implicit-check-not=FAIL
// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda -q -DASSIGNED %s -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: test ! -e %t.bad.cu

void scale(int n, float a, float *x) {
  if (n <= 1)
    return;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}
// CHECK-LABEL: extern "C" void scale(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)n >= 2LL ? (long long)n : 0LL;
// SMALL: {{^}}CHECK scale PASS
// SMALL-NEXT: {{^}}LAUNCHES scale{{$}}
// LARGE: {{^}}CHECK scale PASS
// LARGE-NEXT: {{^}}LAUNCHES scale scale_kernel0_64{{$}}

void tail(int n, float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
  if (n > 5) {
    return;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i] + 1;
}
// CHECK-LABEL: extern "C" void tail(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)n >= 1LL ? (long long)n : 0LL;
// CHECK-NEXT: {{^}}  const long long c2c_n_y = (long long)n >= 1LL && (long long)n <= 5LL ? (long long)n : 0LL;
// SMALL: {{^}}CHECK tail PASS
// SMALL-NEXT: {{^}}LAUNCHES tail tail_kernel0_64 tail_kernel1_64{{$}}
// LARGE: {{^}}CHECK tail PASS
// LARGE-NEXT: {{^}}LAUNCHES tail tail_kernel0_64{{$}}

void branch(int n, int flag, const float *x, float *a, float *b) {
  if (flag > 0) {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      a[i] = x[i];
  } else {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      b[i] = -x[i];
  }
}
// CHECK-LABEL: extern "C" void branch(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)n >= 1LL ? (long long)n : 0LL;
// CHECK-NEXT: {{^}}  const long long c2c_n_a = (long long)flag >= 1LL && (long long)n >= 1LL ? (long long)n : 0LL;
// CHECK-NEXT: {{^}}  const long long c2c_n_b = (long long)flag <= 0LL && (long long)n >= 1LL ? (long long)n : 0LL;
// SMALL: {{^}}CHECK branch PASS
// SMALL-NEXT: {{^}}LAUNCHES branch branch_kernel0_64{{$}}
// LARGE: {{^}}CHECK branch PASS
// LARGE-NEXT: {{^}}LAUNCHES branch branch_kernel1_64{{$}}

void loop_return(int n, int iters, float *x, float *y) {
  for (int it = 0; it < iters; ++it) {
    if (n > 3)
      return;
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      x[i] += 1;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}
// CHECK-LABEL: extern "C" void loop_return(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)n >= 1LL ? (long long)n : 0LL;
// CHECK-NEXT: {{^}}  const long long c2c_n_y = (long long)n >= 1LL ? (long long)n : 0LL;
// SMALL: {{^}}CHECK loop_return PASS
// SMALL-NEXT: {{^}}LAUNCHES loop_return loop_return_kernel0_64 loop_return_kernel0_64 loop_return_kernel1_64{{$}}
// LARGE: {{^}}CHECK loop_return PASS
// LARGE-NEXT: {{^}}LAUNCHES loop_return loop_return_kernel1_64{{$}}

// A nest that never runs touches nothing: here, after `if (n > 0) return;`
// the loop `i < n` has no iteration.
void never_runs(int n, float *x) {
  if (n > 0)
    return;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = 1.0f;
}
// CHECK-LABEL: extern "C" void never_runs(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = 0LL;
// SMALL: {{^}}CHECK never_runs PASS
// LARGE: {{^}}CHECK never_runs PASS

// A parameter the function only shrinks (`n = n / 2;`, `n -= c;`) is at
// most max(its entry value, 0) when a nest runs: the entry value still
// bounds what the nests touch.
void halving(int n, float *x) {
  while (n > 1) {
#pragma c2cuda kernel
    for (int i = 0; i < n / 2; i++)
      x[i] += x[i + n / 2];
    n = n / 2;
  }
}
// CHECK-LABEL: extern "C" void halving(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)n >= 2LL ? 2LL * ((long long)n >= 0LL ? (long long)n / 2LL : -((-((long long)n) + 2LL - 1LL) / 2LL)) : 0LL;
// SMALL: {{^}}CHECK halving PASS
// LARGE: {{^}}CHECK halving PASS

// A host constant that is the smaller of two parameters bounds a loop as
// the two would.
void capped(int n, int flag, float *x) {
  int m = n < flag ? n : flag;
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    x[i] = 1;
}
// CHECK-LABEL: extern "C" void capped(
// CHECK-NEXT: {{^}}  const long long c2c_n_x = (long long)flag >= 1LL && (long long)n >= 1LL ? ((long long)n >= (long long)flag + 1LL ? (long long)flag : (long long)n) : 0LL;
// SMALL: {{^}}CHECK capped PASS
// LARGE: {{^}}CHECK capped PASS

// A parameter the function assigns otherwise bounds nothing: the nest runs
// with the new value, which the entry's does not tell (`doubled` copied n
// elements and wrote 2n on the GPU; `grows`, n of up to 100).
#ifdef ASSIGNED
void doubled(int n, float *x) {
  n = n * 2;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = 1.0f;
}
// BAD: {{^}}{{.*}}host-guard-extents.c:[[@LINE-2]]:5: error: cannot infer how many elements of 'x' the nest accesses: the function assigns the parameter 'n', so its value as called does not bound them{{$}}
// BAD: {{^}}{{.*}}host-guard-extents.c:[[@LINE-3]]:5: note: state it with the clause 'extent(x: <number of elements>)' on the '#pragma c2cuda kernel' line, or give the new value a variable of its own ('int n2 = ...;'){{$}}

void grows(int n, float *x) {
  while (n < 100) {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      x[i] += 1;
    n = n + 1;
  }
}
// BAD: {{^}}{{.*}}host-guard-extents.c:[[@LINE-4]]:7: error: cannot infer how many elements of 'x' the nest accesses: the function assigns the parameter 'n', so its value as called does not bound them{{$}}
#endif
