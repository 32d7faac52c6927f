// The tiled kernels compile with nvcc, warnings as errors.
// REQUIRES: nvcc
// RUN: %c2cuda %S/tile-matmul.c -q -o %t.1.cu
// RUN: %nvcc -c %t.1.cu -o %t.1.o
// RUN: %c2cuda %S/tile-stencil.c -q -o %t.2.cu
// RUN: %nvcc -c %t.2.cu -o %t.2.o
// RUN: %c2cuda %S/tile-transpose.c -q -o %t.3.cu
// RUN: %c2cuda %S/tile-vector.c -q -o %t.6.cu
// RUN: %nvcc -c %t.6.cu -o %t.6.o
// RUN: %nvcc -c %t.3.cu -o %t.3.o
// RUN: %c2cuda %srcroot/examples/conv2d.c -q --schedule %srcroot/benchmarks/schedules/conv2d.json -o %t.4.cu
// RUN: %nvcc -c %t.4.cu -o %t.4.o
// RUN: %c2cuda %srcroot/examples/jacobi2d.c -q --schedule %srcroot/benchmarks/schedules/jacobi2d.json -o %t.5.cu
// RUN: %nvcc -c %t.5.cu -o %t.5.o
// One point per thread around a strip-mined loop without shared tiles
// (the code before and after the strip declares the same names in scopes
// of their own; a random schedule of the GPU check found the clash):
// RUN: %c2cuda %srcroot/examples/matvec.c -q --schedule %S/Inputs/matvec-strip.json -o %t.7.cu
// RUN: %nvcc -c %t.7.cu -o %t.7.o
// RUN: test -s %t.1.o && test -s %t.5.o && test -s %t.7.o
