// The CPU oracle's random schedules name only the user's loops: the lowered
// kernel of a whole-array reduction has a loop of its own (c2c_round, the
// rounds of a grid-stride walk), which a schedule drawn with 'unroll' named
// and the check then refused ("loop 'c2c_round' in clause 'unroll' ... is
// not a loop run inside each thread").
// RUN: %c2cuda-check %s --size n=1000 --trials 1 --random-schedules 12 | FileCheck %s --implicit-check-not=REFUSED --implicit-check-not=c2c_
// CHECK-COUNT-13: {{^}}CHECK minmax PASS
void minmax(int n, const float *x, float *out) {
#pragma c2cuda kernel reduction(min: out) reduction(max: out)
  for (int i = 0; i < n; i++) {
    if (x[i] < out[0])
      out[0] = x[i];
    if (x[i] > out[1])
      out[1] = x[i];
  }
}
