/* A host constant whose initializer wraps: c2cuda took it as the sum
   written, and delinearization divided by zero (SIGFPE). */
void wraps(int n, float *out, float *in) {
  int P = n + 9223372036854775807 + 1;
#pragma c2cuda kernel
  for (int k = 0; k < 4; k++)
    for (int p = 0; p < P; p++)
      out[k * P + p] = in[p];
}
