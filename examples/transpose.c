/* out (cols x rows) = transpose of in (rows x cols), both row-major. */
void transpose(int rows, int cols, const float *in, float *out) {
#pragma c2cuda kernel
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      out[j * rows + i] = in[i * cols + j];
}
