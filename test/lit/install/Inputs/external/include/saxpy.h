/* saxpy's prototype, for main.c and saxpy.c (found through -I include). */
void saxpy(int n, float a, const float *x, float *y);
