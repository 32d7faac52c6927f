// Runs hist() (c2cuda's CUDA) on random data and compares every bin with
// the C loop.
#include <stdio.h>
#include <stdlib.h>
void hist(int n, const int *data, unsigned *bins);
int main(void) {
  int sizes[] = {1, 1000, 1 << 20};
  int failed = 0;
  for (int s = 0; s < 3; ++s) {
    int n = sizes[s];
    int *data = malloc(n * sizeof *data);
    unsigned got[256], want[256];
    srand(7 + s);
    for (int i = 0; i < n; ++i)
      data[i] = rand() - RAND_MAX / 2;
    for (int b = 0; b < 256; ++b)
      got[b] = want[b] = (unsigned)b;
    for (int i = 0; i < n; ++i)
      want[data[i] & 255] += 1u;
    hist(n, data, got);
    int bad = 0;
    for (int b = 0; b < 256; ++b)
      bad += got[b] != want[b];
    printf("CHECK hist n=%d %s\n", n, bad ? "FAIL" : "PASS");
    failed += bad != 0;
    free(data);
  }
  return failed != 0;
}
