// A function named like one CUDA's headers declare with C linkage (norm,
// rnorm, sinpi, min, ...) cannot be the drop-in 'extern "C"' entry: nvcc
// rejected the .cu ("more than one instance of overloaded function "norm"
// has "C" linkage"). c2cuda says so and writes nothing.
void norm(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}cuda-library-name.c:5:6: error: 'norm' is a function of CUDA's math library, which nvcc declares with C linkage: the drop-in 'extern "C"' function of that name would clash with it{{$}}
// CHECK: {{^}}{{.*}}note: rename the function{{$}}
