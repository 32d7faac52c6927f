/* p00710: gen_programs.py --seed 8404, program 710; n=12 m=2 */
#include <math.h>

void f(int n, int m, int *B) {
#pragma scop
  for (int i = n - 1; i >= 2; i--) {
    for (int j = i + 1; j < n; j++) {
      int t1 = (((j + i) % 2) == 0) ? j : i;
      for (int k = 0; k < m; k++) {
        t1 += (0 > 3) ? 0 : 3;
      }
      B[(i * n + j) * m + 0] = t1;
    }
  }
#pragma endscop
}
