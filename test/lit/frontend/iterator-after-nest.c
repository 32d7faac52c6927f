// An iterator declared outside its loop keeps, in C, the first value that
// fails the loop's condition; code after the nest may read it. The nest's
// threads each have their own copy, so the host sets its variable to that
// value after the nest (IteratorsAfterNest.h), where a later statement reads
// it: after the nest, or before it in a host loop around it (the next pass).
// An iterator overwritten before any read is left alone.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

void count(int n, const float *a, float *b, int *last) {
  int i;
#pragma c2cuda kernel
  for (i = 0; i < n; i++)
    b[i] = a[i] + 1.0f;
  last[0] = i;
}

void every_third(int n, float *a, int *out) {
  int k;
  for (int t = 0; t < 3; t++) {
    out[t] = k;
#pragma c2cuda kernel
    for (k = n - 1; k >= 2; k -= 3)
      a[k] = 2.0f * a[k];
  }
}

void overwritten(int n, float *a, int *out) {
  int i;
#pragma c2cuda kernel
  for (i = 0; i <= n; i += 4)
    a[i] = 0.0f;
  i = 7;
  out[0] = i;
}

// CHECK-LABEL: static void c2c_count_body(
// CHECK: {{^}}  i = (int)((long long)0 < (long long)n ? (long long)0 + ((long long)n - (long long)0) * 1LL : (long long)0);{{$}}
// CHECK-NEXT: {{^}}  last[0] = i;{{$}}
// CHECK-LABEL: static void c2c_every_third_body(
// CHECK: {{^}}    k = (int)((long long)(n - 1) >= (long long)2 ? (long long)(n - 1) + ((long long)(n - 1) - (long long)2 + 1LL + 2LL) / 3LL * -3LL : (long long)(n - 1));{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-LABEL: static void c2c_overwritten_body(
// CHECK-NOT: {{^}}  i = (int)
// CHECK: {{^}}  i = 7;{{$}}
