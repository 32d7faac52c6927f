// --print-after-all prints the lowered IR after every pass, in pipeline
// order; --print-after=PASS after that pass only; --help lists both.
// RUN: %c2cuda -q %s -o %t.cu --print-after-all 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %c2cuda -q %s -o %t.cu --print-after=MapToGrid 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: %c2cuda --help | FileCheck %s --check-prefix=HELP
// Restructuring passes print the nests (c2cuda --print-pipeline lists all).
// RUN: %c2cuda -q %s -o %t.cu --print-after=ReplaceArrayAccumulators 2>&1 | FileCheck %s --check-prefix=NEST

void scale(int n, float a, float *x) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}

// ALL: {{^}}*** IR Dump After ConditionalMinMax *** (scale){{$}}
// ALL: {{^}}*** IR Dump After ReplaceArrayAccumulators *** (scale){{$}}
// ALL: {{^}}*** IR Dump After HoistHostLoops *** (scale){{$}}
// ALL: {{^}}    single thread{{$}}
// ALL: {{^}}*** IR Dump After MapToGrid *** (scale){{$}}
// ALL: {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// ALL: {{^}}*** IR Dump After ParallelizeReductions *** (scale){{$}}
// ALL: {{^}}*** IR Dump After CollectKernelInterface *** (scale){{$}}
// ALL: {{^}}  kernel 0 scale_kernel0 (nest 0) block(256,1,1) arrays(x) scalars(a, n) few-blocks(kernel 1) {{{$}}
// ALL-NEXT: {{^}}    explicit threads{{$}}
// ALL: {{^}}*** IR Dump After PlanArrays *** (scale){{$}}
// ALL: {{^}}  array x: float[{{.*}}] device(rw){{$}}

// ONE-NOT: HoistHostLoops
// ONE: {{^}}*** IR Dump After MapToGrid *** (scale){{$}}
// ONE-NOT: IR Dump After

// HELP: --print-after=<string>
// HELP: --print-after-all

// NEST:      {{^}}*** IR Dump After ReplaceArrayAccumulators *** (scale){{$}}
// NEST-NEXT: {{^}}function void scale(int n, float a, float *x) {{{$}}
// NEST-NEXT: {{^}}  nest 0 at {{.*}}print-after.c:{{[0-9]+}}:3 {{{$}}
// NEST-NOT: IR Dump After
