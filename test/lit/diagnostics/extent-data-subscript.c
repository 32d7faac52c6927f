// A subscript that depends on the data (`hist[img[i]]`) bounds no extent:
// the caller's array may be shorter than what the subscript's operators or
// type allow (data below 10 in a histogram of 10 bins). Where they bound
// it, the error says by how much and how to state it (the clause, or the
// declared size; frontend/histograms.c runs both).
void hist_u8(int n, const unsigned char *img, int *hist) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    hist[img[i]]++;
}
void hist_mask(int n, const int *v, unsigned *h) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    h[(v[i] >> 4) & 63] += 1u;
}
void hist_urem(int n, const unsigned *v, int *h) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    h[v[i] % 100u] += 1;
}
// A signed remainder may be negative; a shift of an unsigned int reaches
// too far to suggest.
void signed_rem(int n, const int *v, int *h) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    h[v[i] % 64] += 1;
}
void wide(int n, const unsigned *v, int *h) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    h[v[i] >> 4] += 1;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:9:5: error: cannot infer how many elements of 'hist' the nest accesses: its subscript depends on the data, and is within 0..255{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:9:5: note: if 'hist' has 256 elements, state it with 'extent(hist: 256)' on the '#pragma c2cuda kernel' line, or declare the parameter 'int hist[256]'{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:14:5: error: cannot infer how many elements of 'h' the nest accesses: its subscript depends on the data, and is within 0..63{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:14:5: note: if 'h' has 64 elements, state it with 'extent(h: 64)' on the '#pragma c2cuda kernel' line, or declare the parameter 'unsigned int h[64]'{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:19:5: error: cannot infer how many elements of 'h' the nest accesses: its subscript depends on the data, and is within 0..99{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:19:5: note: if 'h' has 100 elements, state it with 'extent(h: 100)' on the '#pragma c2cuda kernel' line, or declare the parameter 'int h[100]'{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:26:5: error: cannot infer how many elements of 'h' the nest accesses{{$}}
// CHECK-NEXT: {{^}}   26 |     h[v[i] % 64] += 1;{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:26:5: note: state it with the clause 'extent(h: <number of elements>)' on the '#pragma c2cuda kernel' line{{$}}
// CHECK:      {{^}}{{.*}}extent-data-subscript.c:31:5: error: cannot infer how many elements of 'h' the nest accesses{{$}}
// CHECK-NEXT: {{^}}   31 |     h[v[i] >> 4] += 1;{{$}}
