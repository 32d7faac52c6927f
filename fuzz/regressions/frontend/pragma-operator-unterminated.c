/* "#pragma c2cuda kernel _Pragma(" at the end of the file: Clang's
   recovery read past the line and the file, and c2cuda crashed. */
void f(int n, float *A) {
#pragma c2cuda kernel _Pragma(