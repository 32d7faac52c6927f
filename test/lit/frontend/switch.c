// A 'switch' whose cases each end with 'break' (the last may run to the
// end) runs as an 'if' / 'else if' chain comparing its value with each
// case's labels, the default last wherever it is written. Refused forms:
// diagnostics/switch.c.
#include <math.h>
void sw(int n, int mode, const float x[n], float y[n], const int kind[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    switch (kind[i] + mode) {
    case 0:
      y[i] = x[i];
      break;
    case 1:
    case 2:
      y[i] = 2 * x[i];
      break;
    default:
      y[i] = -x[i];
      break;
    case 5: {
      float t = x[i] * x[i];
      y[i] = t;
    }
    }
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,mode=1 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-3: {{^}}CHECK {{[a-z]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}sw_kernel0(
// CHECK:       {{^ +}}if (kind[i] + mode == 0) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}y[i] = x[i];{{$}}
// CHECK-NEXT:  {{^ +}}} else {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}if (kind[i] + mode == 1 || kind[i] + mode == 2) {{[{]}}{{$}}
// CHECK:       {{^ +}}if (kind[i] + mode == 5) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}float t = x[i] * x[i];{{$}}
// CHECK-NEXT:  {{^ +}}y[i] = t;{{$}}
// CHECK-NEXT:  {{^ +}}} else {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}y[i] = -x[i];{{$}}

// REMARK-NOT: error:
