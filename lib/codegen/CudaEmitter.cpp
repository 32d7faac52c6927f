//===- CudaEmitter.cpp - CUDA source and host wrapper --------------------===//
//
// Lays out the .cu file: a header comment with the mapping remarks, the
// includes, a small run-time prelude (error checks, copies, grid sizes), and
// per function its kernels (KernelPrinter) and host entry points
// (HostWrapperPrinter).
//
//===----------------------------------------------------------------------===//

#include "codegen/CudaEmitter.h"

#include "AtomicUpdates.h"
#include "CodegenSupport.h"
#include "HostWrapperPrinter.h"
#include "KernelPrinter.h"
#include "SizeDispatchPrinter.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

namespace c2cuda {

using namespace codegen;

namespace {

// runtime/staged-transfers.cuh (cmake/EmbedText.cmake).
#include "checkerboard-layout.cuh.inc"
#include "prescaled-operands.cuh.inc"
#include "size-classes.cuh.inc"
#include "staged-transfers.cuh.inc"

const char *const Prelude = R"(#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

// C99's restrict, for host code copied from the C source.
#define restrict __restrict__

// Launch errors are caught right after each launch; errors while a kernel
// runs surface at the next CUDA call, whose message also names the last
// kernel launched. Build with -DC2CUDA_DEBUG_SYNC=1 to wait for each kernel
// and blame the failing one alone.
#ifndef C2CUDA_DEBUG_SYNC
#define C2CUDA_DEBUG_SYNC 0
#endif

static const char *c2c_last_kernel = NULL, *c2c_last_kernel_from = NULL;

// The C signature has no way to return an error: report it and exit.
static inline void c2c_check(cudaError_t err, const char *what,
                             const char *where, const char *from) {
  if (err != cudaSuccess) {
    fprintf(stderr, "c2cuda: %s failed in %s (from %s): %s\n", what, where,
            from, cudaGetErrorString(err));
    if (c2c_last_kernel)
      fprintf(stderr, "c2cuda: the last kernel launched was %s (from %s)\n",
              c2c_last_kernel, c2c_last_kernel_from);
    exit(1);
  }
}

// Scalars that kernels write and later kernels read stay on the device:
// one 8-byte slot each, for one call of the function.
struct c2c_scalar_slots {
  char *base = NULL;
  const char *where;
  c2c_scalar_slots(int n, const char *where) : where(where) {
    c2c_check(cudaMalloc((void **)&base, 8 * (size_t)n),
              "cudaMalloc of the scalars' device slots", where, where);
  }
  ~c2c_scalar_slots() {
    c2c_check(cudaFree(base), "cudaFree of the scalars' device slots", where, where);
  }
  c2c_scalar_slots(const c2c_scalar_slots &) = delete;
  void *at(int k) const { return base + 8 * k; }
};

[[maybe_unused]] static inline void c2c_check_launch(const char *kernel, const char *from) {
  c2c_last_kernel = NULL;
  c2c_check(cudaGetLastError(), "launch", kernel, from);
  c2c_last_kernel = kernel;
  c2c_last_kernel_from = from;
  if (C2CUDA_DEBUG_SYNC)
    c2c_check(cudaDeviceSynchronize(), "kernel execution", kernel, from);
}

// A kernel whose shared tiles pass the 48 KB it may declare statically
// takes them as dynamic shared memory: the device must allow that many
// bytes per block (227 KB on sm_90), and the kernel's limit is raised once
// per kernel and device (the calls are remembered, not repeated per launch).
[[maybe_unused]] static inline void c2c_allow_shared(const void *kernel, long long bytes,
                                                     const char *name, const char *from) {
  static const void *done_kernel[64];
  static int done_device[64], done = 0;
  int dev = 0, most = 0;
  c2c_check(cudaGetDevice(&dev), "cudaGetDevice", name, from);
  for (int k = 0; k < done; ++k)
    if (done_kernel[k] == kernel && done_device[k] == dev)
      return;
  c2c_check(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev),
            "cudaDeviceGetAttribute", name, from);
  if (bytes > most) {
    fprintf(stderr, "c2cuda: %s (from %s) needs %lld bytes of shared memory per block; this GPU allows %d: choose smaller tiles\n",
            name, from, bytes, most);
    exit(1);
  }
  c2c_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes),
            "cudaFuncSetAttribute", name, from);
  if (done < 64) {
    done_kernel[done] = kernel;
    done_device[done] = dev;
    ++done;
  }
}

// Blocks for trip iterations, clamped to [1, max]: the kernels loop with a
// grid stride, so a smaller grid still covers every iteration.
[[maybe_unused]] static inline unsigned c2c_grid_dim(long long trip, unsigned block,
                                    long long max) {
  long long g = trip / block + (trip % block != 0);
  return (unsigned)(g < 1 ? 1 : (g > max ? max : g));
}

// The multiprocessors of the current device (1 if it cannot be asked).
[[maybe_unused]] static inline long long c2c_sm_count() {
  static int sms = 0;
  if (sms < 1) {
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) !=
            cudaSuccess || sms < 1)
      sms = 1;
  }
  return sms;
}

// The time a grid of blocks takes, one block taking block_time: the
// busiest multiprocessor's share of them (a last round of few blocks costs
// a whole round).
[[maybe_unused]] static inline double c2c_grid_time(long long blocks,
                                                    double block_time) {
  long long sms = c2c_sm_count();
  return (double)((blocks + sms - 1) / sms) * block_time;
}

// Chunks a split reduction runs in (SplitReductions.h): 1 where there are
// more tiles than one per sms_per_tile multiprocessors (and more than one),
// else per_sm blocks per multiprocessor over the tiles, at most most, at
// least 1.
[[maybe_unused]] static inline long long
c2c_split_count(long long tiles, long long most, long long per_sm,
                long long sms_per_tile) {
  long long sms = c2c_sm_count(), few = sms / sms_per_tile;
  if (tiles > (few < 1 ? 1 : few))
    return 1;
  long long s = per_sm * sms / (tiles < 1 ? 1 : tiles);
  s = s < most ? s : most;
  return s < 1 ? 1 : s;
}

// Threads per block of a 1-D grid-stride kernel over trip iterations: the
// scheduled block, or fewer (a multiple of 32, at least 64) when blocks of
// that size would leave SMs idle (16,384 columns in blocks of 256 fill 64 of
// an H100's 132 SMs).
[[maybe_unused]] static inline unsigned c2c_fit_block(long long trip,
                                                      unsigned block) {
  long long sms = c2c_sm_count();
  long long per = (trip + sms - 1) / sms;
  per = (per + 31) / 32 * 32;
  if (per < 64)
    per = 64;
  return per < (long long)block ? (unsigned)per : block;
}

// Blocks of an explicit-threads kernel along one dimension, clamped to
// max: such kernels loop over their tiles with a grid stride.
[[maybe_unused]] static inline unsigned c2c_clamp_blocks(long long blocks,
                                        long long max) {
  return (unsigned)(blocks > max ? max : blocks);
}

static inline void c2c_alloc(void **ptr, long long n, size_t elem,
                             const char *what, const char *where,
                             const char *from) {
  *ptr = NULL;
  // A negative count comes from an extent(...) clause that overflowed or is
  // wrong for these arguments; running on would read through NULL.
  if (n < 0) {
    fprintf(stderr, "c2cuda: %s in %s (from %s): negative element count %lld; check the extent(...) clause\n",
            what, where, from, n);
    exit(1);
  }
  if (n > 0)
    c2c_check(cudaMalloc(ptr, (size_t)n * elem), what, where, from);
}

[[maybe_unused]] static inline void c2c_copy(void *dst, const void *src, long long n,
                            size_t elem, cudaMemcpyKind kind,
                            const char *what, const char *where,
                            const char *from) {
  if (n > 0)
    c2c_check(cudaMemcpy(dst, src, (size_t)n * elem, kind), what, where, from);
}

[[maybe_unused]] static inline void *c2c_host_alloc(long long n, size_t elem, const char *what,
                                   const char *where, const char *from) {
  if (n <= 0)
    return NULL;
  void *p = malloc((size_t)n * elem);
  if (!p) {
    fprintf(stderr, "c2cuda: malloc of %s failed in %s (from %s): %s\n", what,
            where, from, "out of host memory");
    exit(1);
  }
  return p;
}

// Whether p is a multiple of `bytes` (tiled kernels check this before a
// vector access).
[[maybe_unused]] static __device__ inline bool c2c_aligned(const void *p, int bytes) {
  return ((unsigned long long)p & (unsigned long long)(bytes - 1)) == 0;
}

// Asynchronous copies of 4, 8 or 16 bytes from global into shared memory
// (cp.async, compute capability 8.0 on; before it a plain copy, which the
// waits then find complete). A thread's copies become visible to it after
// c2c_cp_async_wait<N>() leaves at most N of its committed groups pending.
template <int Bytes>
[[maybe_unused]] static __device__ inline void c2c_cp_async(void *dst, const void *src) {
#if __CUDA_ARCH__ >= 800
  unsigned s = (unsigned)__cvta_generic_to_shared(dst);
  if (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(s), "l"(src), "n"(Bytes) : "memory");
#else
  struct Run { unsigned char b[Bytes]; };
  *reinterpret_cast<Run *>(dst) = *reinterpret_cast<const Run *>(src);
#endif
}
[[maybe_unused]] static __device__ inline void c2c_cp_async_commit() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int Pending>
[[maybe_unused]] static __device__ inline void c2c_cp_async_wait() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
#endif
}

// The value v of lane (this lane ^ mask) of the warp; every lane of the warp
// calls it together (kernels whose reductions are spread over the lanes).
template <typename T>
[[maybe_unused]] static __device__ inline T c2c_shfl_xor(T v, int mask) {
  return __shfl_xor_sync(0xffffffffu, v, mask);
}

// D += A B on the FP64 tensor cores for one 16 x 8 block of a warp's points
// (mma.sync m16n8k4; every lane of the warp calls it together): lane l holds
// A's rows l / 4 and l / 4 + 8 of column l % 4 (a0, a1), B's row l % 4 of
// column l / 4 (b0) and D's rows l / 4 and l / 4 + 8 of columns 2 (l % 4) and
// 2 (l % 4) + 1 (d0 .. d3). Each d is the chain of fused multiply-adds over
// the four columns of A in order; before sm_90, the same chain from shuffles.
[[maybe_unused]] static __device__ inline void c2c_mma_m16n8k4(double &d0, double &d1, double &d2, double &d3,
                                                               double a0, double a1, double b0) {
#if __CUDA_ARCH__ >= 900
  asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a0), "d"(a1), "d"(b0));
#else
  int lane = (int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u);
  int g = lane >> 2, t = lane & 3;
  for (int q = 0; q < 4; ++q) {
    double r0 = __shfl_sync(0xffffffffu, a0, g * 4 + q);
    double r1 = __shfl_sync(0xffffffffu, a1, g * 4 + q);
    double c0 = __shfl_sync(0xffffffffu, b0, 8 * t + q);
    double c1 = __shfl_sync(0xffffffffu, b0, 8 * t + 4 + q);
    d0 = fma(r0, c0, d0);
    d1 = fma(r0, c1, d1);
    d2 = fma(r1, c0, d2);
    d3 = fma(r1, c1, d3);
  }
#endif
}

// Accumulator `part` (0 .. 3) of the above alone.
[[maybe_unused]] static __device__ inline double c2c_mma_m16n8k4(int part, double a0, double a1, double b0,
                                                                 double c) {
  double d[4] = {c, c, c, c};
  c2c_mma_m16n8k4(d[0], d[1], d[2], d[3], a0, a1, b0);
  return d[part & 3];
}

// x's TF32 part (round to nearest, ties away from zero, to 10 fraction bits),
// as a float: the high part of 3xTF32 products, and of the rest, the low.
[[maybe_unused]] static __device__ inline float c2c_tf32(float x) {
  return __uint_as_float((__float_as_uint(x) + 0x1000u) & 0xffffe000u);
}

// D += A B for one 16 x 8 block of a warp's float points on the TF32 tensor
// cores (mma.sync m16n8k8; every lane of the warp calls it together), each
// operand split in a TF32 high part and the TF32 rest (3xTF32: lo(a) hi(b),
// hi(a) lo(b), then hi(a) hi(b)): lane l holds A's rows l / 4 and l / 4 + 8
// of column l % 4 (a0, a1) and of column l % 4 + 4 (a2, a3), B's rows l % 4
// and l % 4 + 4 of column l / 4 (b0, b1) and D's rows l / 4 and l / 4 + 8 of
// columns 2 (l % 4) and 2 (l % 4) + 1 (d0 .. d3). The three products are
// summed from zero and added to D by a rounded float add: the tensor cores
// truncate their sums, and accumulating into D there lost a bit per step
// (H100, 4096^3: relative L2 error 2.9e-5 against SGEMM's 1.1e-6).
[[maybe_unused]] static __device__ inline void c2c_mma_m16n8k8_tf32x3(float &d0, float &d1, float &d2, float &d3,
                                                                      float a0, float a1, float a2, float a3,
                                                                      float b0, float b1) {
  float ah[4] = {c2c_tf32(a0), c2c_tf32(a1), c2c_tf32(a2), c2c_tf32(a3)};
  float al[4] = {c2c_tf32(a0 - ah[0]), c2c_tf32(a1 - ah[1]), c2c_tf32(a2 - ah[2]), c2c_tf32(a3 - ah[3])};
  float bh[2] = {c2c_tf32(b0), c2c_tf32(b1)};
  float bl[2] = {c2c_tf32(b0 - bh[0]), c2c_tf32(b1 - bh[1])};
  const float *as[3] = {al, ah, ah}, *bs[3] = {bh, bl, bh};
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
#if __CUDA_ARCH__ >= 800
  for (int p = 0; p < 3; ++p)
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
        : "+f"(s0), "+f"(s1), "+f"(s2), "+f"(s3)
        : "r"(__float_as_uint(as[p][0])), "r"(__float_as_uint(as[p][1])), "r"(__float_as_uint(as[p][2])),
          "r"(__float_as_uint(as[p][3])), "r"(__float_as_uint(bs[p][0])), "r"(__float_as_uint(bs[p][1])));
#else
  int lane = (int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u);
  int g = lane >> 2, t = lane & 3;
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 8; ++q) {
      int h = q >> 2;
      float r0 = __shfl_sync(0xffffffffu, as[p][2 * h], g * 4 + (q & 3));
      float r1 = __shfl_sync(0xffffffffu, as[p][2 * h + 1], g * 4 + (q & 3));
      float c0 = __shfl_sync(0xffffffffu, bs[p][h], 8 * t + (q & 3));
      float c1 = __shfl_sync(0xffffffffu, bs[p][h], 8 * t + 4 + (q & 3));
      s0 = fmaf(r0, c0, s0);
      s1 = fmaf(r0, c1, s1);
      s2 = fmaf(r1, c0, s2);
      s3 = fmaf(r1, c1, s3);
    }
#endif
  d0 += s0;
  d1 += s1;
  d2 += s2;
  d3 += s3;
}

// Accumulator `part` (0 .. 3) of the above alone.
[[maybe_unused]] static __device__ inline float c2c_mma_m16n8k8_tf32x3(int part, float a0, float a1, float a2,
                                                                       float a3, float b0, float b1, float c) {
  float d[4] = {c, c, c, c};
  c2c_mma_m16n8k8_tf32x3(d[0], d[1], d[2], d[3], a0, a1, a2, a3, b0, b1);
  return d[part & 3];
}

// The kernels were built assuming cond of the parameters (rows of a
// linearized array hold what its subscripts reach, as BLAS's leading
// dimensions promise); other arguments would need the C's order.
[[maybe_unused]] static inline void c2c_check_assumption(bool holds, const char *cond,
                                        const char *array, const char *fn,
                                        const char *from) {
  if (holds)
    return;
  fprintf(stderr, "c2cuda: %s (from %s) was compiled assuming %s, which these arguments break: rows of '%s' would overlap\n",
          fn, from, cond, array);
  exit(1);
}

// f_device cannot stage an array for a host statement whose elements no
// bound covers: the size of the caller's device array is unknown.
[[maybe_unused]] static inline void c2c_unstageable(const char *array, const char *stmt,
                                   const char *fn, const char *from) {
  fprintf(stderr, "c2cuda: %s (from %s) cannot run: the host statement at %s touches elements of '%s' that c2cuda cannot bound, so it has no host copy of them; call the drop-in entry with host arrays, or declare '%s' with its size\n",
          fn, from, stmt, array, array);
  exit(1);
}

// The kernels declare arrays __restrict__ and each array is copied on its
// own, so arrays where one is written must not overlap.
[[maybe_unused]] static inline void c2c_check_overlap(const void *a, long long na, size_t ea,
                                     const void *b, long long nb, size_t eb,
                                     const char *name_a, const char *name_b,
                                     const char *fn) {
  if (na <= 0 || nb <= 0 || !a || !b)
    return;
  uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
  if (pa < pb + (uintptr_t)nb * eb && pb < pa + (uintptr_t)na * ea) {
    fprintf(stderr, "c2cuda: arrays '%s' and '%s' passed to %s overlap; c2cuda assumes distinct pointer arguments do not alias\n",
            name_a, name_b, fn);
    exit(1);
  }
}
)";

const char *const VlaView = R"(
// Host code indexes a VLA parameter `T A[n][m]` as C does (A[i][j]); C++ has
// no variably modified types, so this view over the flat array stands in.
template <typename T, int R> struct c2c_vla {
  T *data;
  long long dims[R]; // Sizes of the dimensions after the first.
  c2c_vla<T, R - 1> operator[](long long i) const {
    c2c_vla<T, R - 1> sub;
    long long row = 1;
    for (int d = 0; d < R; ++d)
      row *= dims[d];
    sub.data = data + i * row;
    for (int d = 1; d < R; ++d)
      sub.dims[d - 1] = dims[d];
    return sub;
  }
};
template <typename T> struct c2c_vla<T, 1> {
  T *data;
  long long dims[1];
  T *operator[](long long i) const { return data + i * dims[0]; }
};
)";

/// Ends the file with a check per macro whose value the generated code
/// assumes (SizeMacros.h in the frontend): a build that defines it otherwise
/// stops here, naming the value and the fix.
void printSizeMacroChecks(llvm::raw_ostream &OS, const Module &M,
                          const EmitContext &Ctx) {
  if (M.SizeMacros.empty())
    return;
  OS << "\n";
  printComment(OS,
               "Macro values this file was generated with: a build with "
               "other values must regenerate it.",
               0);
  for (const auto &[Name, Value] : M.SizeMacros)
    OS << "#if defined(" << Name << ") && ((" << Name << ") != (" << Value
       << "))\n#error \"c2cuda generated this file from " << Ctx.sourceName()
       << " with " << Name << " = " << Value
       << "; run c2cuda again with the -D flags of this build\"\n#endif\n";
}

} // namespace

void emitCuda(llvm::raw_ostream &OS, const Module &M,
              const std::vector<LoweredFunction> &Lowered,
              const CudaEmitOptions &Opts) {
  EmitContext Ctx{M, Opts};
  if (Opts.WholeFile && !Opts.SizeDispatches.empty())
    llvm::report_fatal_error("c2cuda codegen: entries choosing by size are "
                             "printed only beside the functions alone");
  for (const LoweredFunction &LF : Lowered)
    if (!LF.Source)
      llvm::report_fatal_error("c2cuda codegen: lowered function without "
                               "source");

  printComment(
      OS, "Generated by c2cuda from " + Ctx.sourceName() + ". Do not edit.", 0);
  for (const LoweredFunction &LF : Lowered) {
    for (const Kernel &K : LF.Kernels) {
      printComment(OS, "", 0);
      printComment(OS,
                   K.Name + " (" + LF.Source->Name + ", nest at " +
                       Ctx.from(K.Loc) + "):",
                   0);
      for (const std::string &R : K.Remarks)
        printComment(OS, "  " + R, 0);
    }
  }
  OS << "\n" << Prelude;

  bool Vla = false;
  for (const LoweredFunction &LF : Lowered)
    Vla |= needsVlaView(*LF.Source);
  if (Vla)
    OS << VlaView;

  bool Cas = false;
  for (const LoweredFunction &LF : Lowered)
    for (const Kernel &K : LF.Kernels)
      Cas |= needsAtomicCas(K.Body);
  if (Cas)
    OS << AtomicCasHelpers;

  // The drop-in entries' copies (HostWrapperPrinter).
  if (Opts.StagedTransfers &&
      std::any_of(Lowered.begin(), Lowered.end(),
                  [](const LoweredFunction &LF) { return !LF.Arrays.empty(); }))
    OS << "\n" << StagedTransfersRuntime;

  // Bodies that run on packed arrays (HostWrapperPrinter).
  if (std::any_of(
          Lowered.begin(), Lowered.end(),
          [](const LoweredFunction &LF) { return !LF.Checkerboards.empty(); }))
    OS << "\n" << CheckerboardLayoutRuntime;

  // Kernels launched on arrays scaled before (HostWrapperPrinter).
  if (std::any_of(Lowered.begin(), Lowered.end(),
                  [](const LoweredFunction &LF) {
                    return std::any_of(
                        LF.Kernels.begin(), LF.Kernels.end(),
                        [](const Kernel &K) { return !K.Prescaled.empty(); });
                  }))
    OS << "\n" << PrescaledOperandsRuntime;

  // Entries choosing a lowering by size (SizeDispatchPrinter).
  if (!Opts.SizeDispatches.empty())
    OS << "\n" << SizeClassesRuntime;

  auto PrintFunction = [&](const LoweredFunction &LF) {
    OS << "\n";
    printComment(OS, "===== " + LF.Source->Name + " =====", 0);
    OS << "\n";
    for (const Kernel &K : LF.Kernels) {
      printKernel(OS, K, *LF.Source, Ctx);
      OS << "\n";
    }
    printHostEntries(OS, LF, Ctx);
  };
  if (!Opts.WholeFile) {
    for (const LoweredFunction &LF : Lowered)
      PrintFunction(LF);
    for (const SizeDispatch &D : Opts.SizeDispatches)
      printSizeDispatch(OS, D, Ctx);
    printSizeMacroChecks(OS, M, Ctx);
    return;
  }
  // The input itself, edited, with each offloaded definition replaced.
  OS << "\n";
  printComment(OS, "===== " + Ctx.sourceName() + " =====", 0);
  const std::string &Text = M.SourceText;
  std::vector<const LoweredFunction *> Order;
  for (const LoweredFunction &LF : Lowered)
    Order.push_back(&LF);
  std::sort(Order.begin(), Order.end(), [](const auto *A, const auto *B) {
    return A->Source->DefBegin < B->Source->DefBegin;
  });
  unsigned Pos = 0;
  auto Copy = [&](unsigned To) {
    for (const SourceEdit &E : M.Edits)
      if (E.Begin >= Pos && E.Begin < To) {
        OS << llvm::StringRef(Text).slice(Pos, E.Begin) << E.Text;
        Pos = std::max(Pos, E.End);
      }
    OS << llvm::StringRef(Text).slice(Pos, To);
    Pos = std::max(Pos, To);
  };
  for (const LoweredFunction *LF : Order) {
    Copy(LF->Source->DefBegin);
    PrintFunction(*LF);
    Pos = LF->Source->DefEnd;
  }
  Copy(Text.size());
  printSizeMacroChecks(OS, M, Ctx);
}

} // namespace c2cuda
