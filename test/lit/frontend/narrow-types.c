// char and short kinds: parameters, elements and locals of type unsigned
// char, short, signed char and char (through typedefs too) keep their
// types; C's integer promotions stay explicit casts, so every operator
// works on int and the narrow types appear only at loads, stores and
// declarations.
typedef unsigned char u8;

// An 8-bit image threshold.
void threshold(int n, const u8 *in, u8 *out, u8 t) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = in[i] > t ? 255 : 0;
}

// A short accumulator: `acc += x` is computed in int and stored back.
void accumulate(int n, int m, const short *A, short *s, signed char *c) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    short acc = 0;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    s[i] = acc;
    char d = acc >> 8;
    c[i] = -d;
    c[i]++;
  }
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK-LABEL: {{^}}function void threshold(int n, const unsigned char *in, unsigned char *out, unsigned char t) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}narrow-types.c:11:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      out[i] = (unsigned char)((int)in[i] > (int)t ? 255 : 0);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-LABEL: {{^}}function void accumulate(int n, int m, const short *A, short *s, signed char *c) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}narrow-types.c:18:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      short acc = (short)0;{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < m; ++j) {
// CHECK-NEXT: {{^}}        acc += (int)A[i * m + j];{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}      s[i] = acc;{{$}}
// CHECK-NEXT: {{^}}      char d = (char)((int)acc >> 8);{{$}}
// CHECK-NEXT: {{^}}      c[i] = (signed char)-((int)d);{{$}}
// CHECK-NEXT: {{^}}      c[i] += 1;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
