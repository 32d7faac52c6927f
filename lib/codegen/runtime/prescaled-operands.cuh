// Arrays a kernel reads multiplied by a scalar (c2cuda's codegen embeds this
// file into every .cu with such a kernel; the PrescaleOperands pass says
// when). A tiled kernel staging `alpha * A[i][k]` in shared memory by
// asynchronous copies would multiply its tile in place in every block; the
// host instead fills a buffer with alpha * A[e] once before the launch and
// the kernel copies that. Each element is the same multiplication in the
// array's type, rounded once, so the kernel computes what it would have.

template <typename T>
__global__ void c2c_prescale_kernel(T *__restrict__ out,
                                    const T *__restrict__ in, T s,
                                    long long n) {
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < n;
       e += (long long)gridDim.x * blockDim.x)
    out[e] = s * in[e];
}

// One buffer per array and function, kept between calls by each host thread
// (a cudaMalloc and cudaFree per call would cost about what the scaling
// saves and synchronize the device), grown when an array is larger and made
// again on another device. Freed when the thread ends; by then the CUDA
// runtime may be gone, so that error is not reported.
struct c2c_prescale_buffer {
  void *p = NULL;
  size_t bytes = 0;
  int device = -1;
  c2c_prescale_buffer() = default;
  c2c_prescale_buffer(const c2c_prescale_buffer &) = delete;
  ~c2c_prescale_buffer() {
    if (p)
      (void)cudaFree(p);
  }
};

// s * in[e] for the n elements at in, in b; returns where the kernel reads
// them. Launched on the default stream before the kernel, so each launch
// reads the buffer made for it.
template <typename T>
static const T *c2c_prescale(c2c_prescale_buffer &b, const T *in, T s,
                             long long n, const char *where,
                             const char *from) {
  if (n <= 0)
    return in; // Nothing to read.
  int device = 0;
  c2c_check(cudaGetDevice(&device), "cudaGetDevice", where, from);
  size_t bytes = (size_t)n * sizeof(T);
  if (b.bytes < bytes || b.device != device) {
    if (b.p)
      c2c_check(cudaFree(b.p), "cudaFree of a scaled operand", where, from);
    b.p = NULL;
    b.bytes = 0;
    c2c_check(cudaMalloc(&b.p, bytes), "cudaMalloc of a scaled operand", where,
              from);
    b.bytes = bytes;
    b.device = device;
  }
  long long blocks = (n + 255) / 256;
  long long most = 32LL * c2c_sm_count();
  c2c_prescale_kernel<T><<<(unsigned)(blocks < most ? blocks : most), 256>>>(
      (T *)b.p, in, s, n);
  c2c_check_launch("c2c_prescale_kernel", from);
  return (const T *)b.p;
}
