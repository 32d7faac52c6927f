// A quotient of sizes multiplied in a subscript (out[i * (m / 2) + j]) is
// computed once on the host, as a host constant the nest reads
// (ParameterQuotients.h): the analysis sees a parameter and infers the
// arrays' extents, where it used to refuse ("cannot infer how many elements
// of 'out'"). Loop bounds and quotients multiplying nothing stay as written;
// a quotient of a parameter the function assigns is not one value.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --function downsample --size n=13,m=17 --trials 2 --random-schedules 2 | FileCheck --check-prefix=ORACLE-DS %s
// RUN: %c2cuda-check %s --function downsample_local --size n=13,m=17 --trials 2 --random-schedules 2 | FileCheck --check-prefix=ORACLE-DL %s
// RUN: %c2cuda-check %s --function halves_of_half --size n=13,w=17 --trials 2 --random-schedules 2 | FileCheck --check-prefix=ORACLE-HH %s
// RUN: %c2cuda-check %s --function maxpool --size c=3,h=11,w=14 --trials 2 --random-schedules 2 | FileCheck --check-prefix=ORACLE-MP %s
// RUN: not %c2cuda -q %S/Inputs/parameter-quotient-assigned.c -o %t.bad.cu 2>&1 | FileCheck --check-prefix=ASSIGNED %s

void downsample(int n, int m, const float *in, float *out) { // gpu-check: in[n*m] out[(n/2)*(m/2)]
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++)
    for (int j = 0; j < m / 2; j++)
      out[i * (m / 2) + j] =
          0.25f * (in[(2 * i) * m + 2 * j] + in[(2 * i) * m + 2 * j + 1] +
                   in[(2 * i + 1) * m + 2 * j] +
                   in[(2 * i + 1) * m + 2 * j + 1]);
}

// A local initialized to a quotient stands for it in the analysis: named
// the same way.
void downsample_local(int n, int m, const float *in, float *out) { // gpu-check: in[n*m] out[(n/2)*(m/2)]
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    int mh = m / 2;
    for (int j = 0; j < mh; j++)
      out[i * mh + j] = in[(2 * i) * m + 2 * j];
  }
}

// A quotient of a host constant: declared after it, before the nest.
void halves_of_half(int n, int w, const float *in, float *out) { // gpu-check: in[n*w] out[n*(w/4)]
  int w2 = w / 2;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w2 / 2; j++)
      out[i * (w2 / 2) + j] = in[i * w + j];
}

// Two quotients, one of them twice, in a channel-major 2x2 max pool.
void maxpool(int c, int h, int w, const float *in, float *out) { // gpu-check: in[c*h*w] out[c*(h/2)*(w/2)]
#pragma c2cuda kernel
  for (int ch = 0; ch < c; ch++)
    for (int i = 0; i < h / 2; i++)
      for (int j = 0; j < w / 2; j++) {
        float mx = in[(ch * h + 2 * i) * w + 2 * j];
        for (int di = 0; di < 2; di++)
          for (int dj = 0; dj < 2; dj++) {
            float v = in[(ch * h + 2 * i + di) * w + 2 * j + dj];
            if (v > mx)
              mx = v;
          }
        out[(ch * (h / 2) + i) * (w / 2) + j] = mx;
      }
}

// CHECK-LABEL: {{^}}__global__ void {{.*}}downsample_kernel0(const float *__restrict__ in, float *__restrict__ out, int c2c_m_div_2, int m, int n) {{[{]$}}
// CHECK:       {{^}} {{.*}}out[(long long)i * (long long)c2c_m_div_2 + j] = 0.25f *
// CHECK-LABEL: {{^}}static void c2c_downsample_body(
// CHECK-NEXT:  {{^}}  const int c2c_m_div_2 = m / 2;{{$}}
// The extent spells the quotient: the entries compute it before the body.
// CHECK-LABEL: {{^}}extern "C" void downsample(int n, int m, const float *in, float *out) {{[{]$}}
// CHECK:       {{^}}  const long long c2c_n_out = {{.*}} * ((long long)m / 2LL) : 0LL;{{$}}

// CHECK-LABEL: {{^}}__global__ void {{.*}}downsample_local_kernel0(
// CHECK:       {{^}} {{.*}}out[(long long)i * (long long)c2c_m_div_2 + j] = in[
// CHECK-LABEL: {{^}}static void c2c_downsample_local_body(
// CHECK-NEXT:  {{^}}  const int c2c_m_div_2 = m / 2;{{$}}

// CHECK-LABEL: {{^}}static void c2c_halves_of_half_body(
// CHECK-NEXT:  {{^}}  int w2 = w / 2;{{$}}
// CHECK-NEXT:  {{^}}  const int c2c_w2_div_2 = w2 / 2;{{$}}

// CHECK-LABEL: {{^}}__global__ void {{.*}}maxpool_kernel0(
// CHECK-SAME:  int c2c_h_div_2, {{.*}}int c2c_w_div_2
// CHECK:       {{^}} {{.*}}out[((long long)ch * (long long)c2c_h_div_2 + i) * (long long)c2c_w_div_2 + j] = mx;{{$}}
// CHECK-LABEL: {{^}}static void c2c_maxpool_body(
// CHECK-NEXT:  {{^}}  const int c2c_h_div_2 = h / 2;{{$}}
// CHECK-NEXT:  {{^}}  const int c2c_w_div_2 = w / 2;{{$}}

// ORACLE-DS-COUNT-3: {{^}}CHECK downsample PASS sched={{[a-z0-9]+}} maxRelL2=0{{$}}
// ORACLE-DL-COUNT-3: {{^}}CHECK downsample_local PASS sched={{[a-z0-9]+}} maxRelL2=0{{$}}
// ORACLE-HH-COUNT-3: {{^}}CHECK halves_of_half PASS sched={{[a-z0-9]+}} maxRelL2=0{{$}}
// ORACLE-MP-COUNT-3: {{^}}CHECK maxpool PASS sched={{[a-z0-9]+}} maxRelL2=0{{$}}

// ASSIGNED: {{^}}{{.*}}parameter-quotient-assigned.c:6:7: error: cannot infer how many elements of 'out' the nest accesses: the function assigns the parameter 'm', so its value as called does not bound them{{$}}
