// Performance cliffs are remarks by default; -W<group> makes them warnings
// (shown even with -q) and -Werror=<group> errors that stop the output.
void serial(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] + 1.0f;
}

void strided(int n, int m, float *A, float *B) {
#pragma c2cuda kernel map(i: x)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i * m + j] = A[i * m + j];
}

// RUN: rm -f %t.cu
// RUN: %c2cuda -q %s -o %t.cu 2>&1 | count 0
// RUN: %c2cuda -q -Wserial-kernel -Wuncoalesced %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: test -e %t.cu && rm %t.cu
// RUN: not %c2cuda -q -Werror=serial-kernel %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// Other compiler flags (a build's CFLAGS) go to the C parser, as in a
// compiler: -O2 and -g are ignored, -std is honoured, unknown -W options warn.
// RUN: %c2cuda -q -O2 -g -std=c99 -Wbogus %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: test -e %t.cu
// WARN: {{^}}{{.*}}warning-groups.c:5:3: warning: no parallel loop: A[i] (written at {{.*}}warning-groups.c:6:5) and A[i - 1] (read at {{.*}}warning-groups.c:6:12) may touch the same element in different iterations of 'i'; runs as a single thread [-Wserial-kernel]{{$}}
// WARN: {{^}}{{.*}}warning-groups.c:11:3: warning: no reference is contiguous along a mapped loop; i on x [-Wuncoalesced]{{$}}
// ERR: {{^}}{{.*}}warning-groups.c:5:3: error: no parallel loop: {{.*}}; runs as a single thread [-Werror=serial-kernel]{{$}}
// BOGUS: {{^}}warning: unknown warning option '-Wbogus' [-Wunknown-warning-option]{{$}}
