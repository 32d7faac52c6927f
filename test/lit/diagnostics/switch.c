// A 'switch' in a nest runs as an 'if' / 'else if' chain
// (frontend/switch.c) when each case ends with 'break'; a case falling
// through into the next, or a 'break' inside a case, is refused.
void falls(int n, int mode, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    switch (mode) {
    case 0:
      A[i] = 0.0f;
    case 1:
      A[i] += 1.0f;
      break;
    default:
      A[i] = 1.0f;
    }
  }
}
void inner(int n, int mode, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    switch (mode) {
    case 0:
      if (A[i] > 0.0f)
        break;
      A[i] = 0.0f;
      break;
    }
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}switch.c:10:5: error: a case of a 'switch' in an offloaded nest falls through into this one{{$}}
// CHECK-NEXT: {{^}}   10 |     case 1:{{$}}
// CHECK-NEXT: {{^}}      |     ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}switch.c:10:5: note: end each case with 'break', or use an 'if' / 'else if' chain{{$}}
// CHECK:      {{^}}{{.*}}switch.c:24:9: error: a 'break' inside a case of a 'switch' in an offloaded nest must end the case{{$}}
