// Copies between the caller's arrays and the device for the drop-in entry
// points (c2cuda's codegen embeds this file into every .cu whose drop-in
// entry copies arrays; --no-staged-transfers leaves it out).
//
// cudaMemcpy of pageable memory runs two steps one after the other in one
// thread: a copy into the driver's pinned buffer, then the DMA (measured on
// an H100 host, 1 GiB: 7.4 GB/s to the device, 9.0 GB/s back, against 54
// and 49 GB/s from and to pinned memory). Here large copies go through
// pinned staging buffers instead: worker threads, each with its own stream
// and two buffers, take chunks of every array in turn and copy a chunk into
// one buffer while the copy engine moves the other, so host copies run in
// parallel with each other and with the DMA. Small copies, pinned or managed
// host memory, and C2CUDA_STAGED_TRANSFERS=0 in the environment take
// cudaMemcpy. The staging buffers are allocated on first use and kept for
// the process's lifetime (C2CUDA_STAGE_WORKERS x 2 x C2CUDA_STAGE_CHUNK
// bytes of pinned memory).

#include <atomic>
#include <mutex>
#include <string.h>
#include <thread>
#include <vector>

#ifndef C2CUDA_STAGE_CHUNK
#define C2CUDA_STAGE_CHUNK (8u << 20)
#endif
// Together the staged arrays of one copy move at least this many bytes, or
// cudaMemcpy moves them: below it, starting the workers costs more than it
// saves.
#ifndef C2CUDA_STAGE_MIN
#define C2CUDA_STAGE_MIN (32u << 20)
#endif
#ifndef C2CUDA_STAGE_WORKERS
#define C2CUDA_STAGE_WORKERS 8
#endif

// One array's copy: n elements of elem bytes between host and dev.
struct c2c_transfer {
  const char *name;
  void *host;
  void *dev;
  long long n;
  size_t elem;
};

namespace c2c_staging {

struct Worker {
  cudaStream_t stream;
  char *buf[2];
  cudaEvent_t moved[2];
};

struct Chunk {
  char *host, *dev;
  size_t bytes;
};

static std::mutex pool_mutex;
static std::vector<Worker> pool;
static int pool_device = -1;

static bool enabled() {
  const char *e = getenv("C2CUDA_STAGED_TRANSFERS");
  return !e || strcmp(e, "0") != 0;
}

// Whether p is ordinary pageable memory (not pinned, registered or managed).
static bool pageable(const void *p) {
  cudaPointerAttributes a;
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeUnregistered;
}

// The pool for the current device, created on first use; false when it
// cannot be (then the caller copies with cudaMemcpy).
static bool ensure_pool(unsigned want, const char *where, const char *from) {
  int dev = 0;
  c2c_check(cudaGetDevice(&dev), "cudaGetDevice", where, from);
  if (!pool.empty() && pool_device != dev)
    return false;
  while (pool.size() < want) {
    Worker w;
    c2c_check(cudaStreamCreateWithFlags(&w.stream, cudaStreamNonBlocking),
              "cudaStreamCreate for staged copies", where, from);
    for (int s = 0; s < 2; ++s) {
      c2c_check(cudaMallocHost((void **)&w.buf[s], C2CUDA_STAGE_CHUNK),
                "cudaMallocHost of a staging buffer", where, from);
      c2c_check(cudaEventCreateWithFlags(&w.moved[s], cudaEventDisableTiming),
                "cudaEventCreate for staged copies", where, from);
    }
    pool.push_back(w);
    pool_device = dev;
  }
  return true;
}

// To the device: copy a chunk into one buffer while the other's DMA runs.
static void worker_in(Worker &w, const std::vector<Chunk> &chunks,
                      std::atomic<size_t> &next, const char *where,
                      const char *from) {
  int slot = 0;
  for (size_t c; (c = next++) < chunks.size(); slot ^= 1) {
    const Chunk &k = chunks[c];
    c2c_check(cudaEventSynchronize(w.moved[slot]), "staged copy to the device",
              where, from);
    memcpy(w.buf[slot], k.host, k.bytes);
    c2c_check(cudaMemcpyAsync(k.dev, w.buf[slot], k.bytes,
                              cudaMemcpyHostToDevice, w.stream),
              "staged copy to the device", where, from);
    c2c_check(cudaEventRecord(w.moved[slot], w.stream),
              "staged copy to the device", where, from);
  }
  c2c_check(cudaStreamSynchronize(w.stream), "staged copy to the device", where,
            from);
}

// To the host: start a chunk's DMA into one buffer, then copy out the
// chunk the other buffer received.
static void worker_out(Worker &w, const std::vector<Chunk> &chunks,
                       std::atomic<size_t> &next, const char *where,
                       const char *from) {
  const Chunk *pending[2] = {nullptr, nullptr};
  auto drain = [&](int s) {
    if (!pending[s])
      return;
    c2c_check(cudaEventSynchronize(w.moved[s]), "staged copy to the host",
              where, from);
    memcpy(pending[s]->host, w.buf[s], pending[s]->bytes);
    pending[s] = nullptr;
  };
  int slot = 0;
  for (size_t c; (c = next++) < chunks.size(); slot ^= 1) {
    const Chunk &k = chunks[c];
    drain(slot);
    c2c_check(cudaMemcpyAsync(w.buf[slot], k.dev, k.bytes,
                              cudaMemcpyDeviceToHost, w.stream),
              "staged copy to the host", where, from);
    c2c_check(cudaEventRecord(w.moved[slot], w.stream),
              "staged copy to the host", where, from);
    pending[slot] = &k;
    drain(slot ^ 1);
  }
  drain(0);
  drain(1);
}

} // namespace c2c_staging

// Copies every transfer of t in direction kind; returns when all are done.
// Like cudaMemcpy, a copy to the host first waits for the device's work.
static void c2c_copy_all(const c2c_transfer *t, int count, cudaMemcpyKind kind,
                         const char *where, const char *from) {
  using namespace c2c_staging;
  const bool in = kind == cudaMemcpyHostToDevice;
  std::vector<bool> staged(count, false);
  size_t staged_bytes = 0;
  bool stage = enabled();
  for (int i = 0; stage && i < count; ++i) {
    size_t bytes = t[i].n > 0 ? (size_t)t[i].n * t[i].elem : 0;
    if (bytes >= C2CUDA_STAGE_CHUNK && pageable(t[i].host)) {
      staged[i] = true;
      staged_bytes += bytes;
    }
  }
  std::unique_lock<std::mutex> lock(pool_mutex, std::defer_lock);
  unsigned workers = std::thread::hardware_concurrency() / 2;
  workers = workers < 1                      ? 1
            : workers > C2CUDA_STAGE_WORKERS ? C2CUDA_STAGE_WORKERS
                                             : workers;
  if (staged_bytes >= C2CUDA_STAGE_MIN) {
    lock.lock();
    if (!ensure_pool(workers, where, from))
      staged_bytes = 0;
  }
  for (int i = 0; i < count; ++i) {
    if (staged[i] && staged_bytes >= C2CUDA_STAGE_MIN)
      continue;
    staged[i] = false;
    if (t[i].n <= 0)
      continue;
    char what[160];
    snprintf(what, sizeof what, "cudaMemcpy of '%s' to the %s", t[i].name,
             in ? "device" : "host");
    c2c_check(cudaMemcpy(in ? t[i].dev : t[i].host, in ? t[i].host : t[i].dev,
                         (size_t)t[i].n * t[i].elem, kind),
              what, where, from);
  }
  if (staged_bytes < C2CUDA_STAGE_MIN)
    return;
  if (!in)
    c2c_check(cudaDeviceSynchronize(), "the kernels before a copy to the host",
              where, from);
  std::vector<Chunk> chunks;
  for (int i = 0; i < count; ++i) {
    if (!staged[i])
      continue;
    size_t bytes = (size_t)t[i].n * t[i].elem;
    for (size_t o = 0; o < bytes; o += C2CUDA_STAGE_CHUNK)
      chunks.push_back(
          {(char *)t[i].host + o, (char *)t[i].dev + o,
           bytes - o < C2CUDA_STAGE_CHUNK ? bytes - o : C2CUDA_STAGE_CHUNK});
  }
  std::atomic<size_t> next{0};
  if (workers > chunks.size())
    workers = (unsigned)chunks.size();
  auto run = [&](unsigned w) {
    if (in)
      worker_in(pool[w], chunks, next, where, from);
    else
      worker_out(pool[w], chunks, next, where, from);
  };
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w)
    threads.emplace_back(run, w);
  run(0);
  for (std::thread &th : threads)
    th.join();
}
