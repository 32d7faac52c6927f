#include "sizes.h"
void k(float A[ROWS][COLS]) {
#pragma c2cuda kernel
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      A[i][j] *= 2.0f;
}
