// Every CUDA call of the harness: on error say what failed and exit 1.
static void c2c_hcheck(cudaError_t err, const std::string &what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "error: %s: %s\n", what.c_str(), cudaGetErrorString(err));
    exit(1);
  }
}

static size_t c2c_size(c2c_kind k) {
  switch (k) {
  case C2C_CHAR: case C2C_SCHAR: case C2C_UCHAR: return 1;
  case C2C_SHORT: case C2C_USHORT: return 2;
  case C2C_LONG: case C2C_ULONG: case C2C_DOUBLE: return 8;
  default: return 4;
  }
}

static double c2c_get(const void *p, c2c_kind k, long long i) {
  switch (k) {
  case C2C_INT: return ((const int *)p)[i];
  case C2C_UINT: return ((const unsigned *)p)[i];
  case C2C_LONG: return (double)((const long *)p)[i];
  case C2C_ULONG: return (double)((const unsigned long *)p)[i];
  case C2C_FLOAT: return ((const float *)p)[i];
  case C2C_DOUBLE: return ((const double *)p)[i];
  case C2C_CHAR: return ((const char *)p)[i];
  case C2C_SCHAR: return ((const signed char *)p)[i];
  case C2C_UCHAR: return ((const unsigned char *)p)[i];
  case C2C_SHORT: return ((const short *)p)[i];
  case C2C_USHORT: return ((const unsigned short *)p)[i];
  }
  return 0;
}

// One size of the problem: scalars, element counts and initial values
// (random inputs; outputs that are not read poisoned with all-ones bytes,
// NaN for floating types).
struct c2c_problem {
  c2c_scalars s;
  long long n[c2c_narrays + 1];
  std::vector<std::vector<char>> init;
};

static void c2c_make(c2c_problem &P, bool small, uint64_t seed) {
  c2c_state = seed * 0x2545F4914F6CDD1Dull + (small ? 1 : 2);
  c2c_set_scalars(P.s, small);
  c2c_counts(P.s, P.n);
  P.init.assign(c2c_narrays, {});
  for (int a = 0; a < c2c_narrays; ++a) {
    const c2c_array_desc &d = c2c_arrays[a];
    if (P.n[a] < 0)
      P.n[a] = 0;
    long long n = P.n[a];
    std::vector<char> &v = P.init[a];
    v.resize((size_t)n * c2c_size(d.kind));
    if (!d.read) {
      memset(v.data(), 0xFF, v.size());
      continue;
    }
    for (long long i = 0; i < n; ++i) {
      double x = c2c_draw(d);
      switch (d.kind) {
      case C2C_FLOAT: ((float *)v.data())[i] = (float)x; break;
      case C2C_DOUBLE: ((double *)v.data())[i] = x; break;
      case C2C_INT: ((int *)v.data())[i] = (int)floor(x); break;
      case C2C_UINT: ((unsigned *)v.data())[i] = (unsigned)floor(x); break;
      case C2C_LONG: ((long *)v.data())[i] = (long)floor(x); break;
      case C2C_ULONG: ((unsigned long *)v.data())[i] = (unsigned long)floor(x); break;
      case C2C_CHAR: ((char *)v.data())[i] = (char)floor(x); break;
      case C2C_SCHAR: ((signed char *)v.data())[i] = (signed char)floor(x); break;
      case C2C_UCHAR: ((unsigned char *)v.data())[i] = (unsigned char)floor(x); break;
      case C2C_SHORT: ((short *)v.data())[i] = (short)floor(x); break;
      case C2C_USHORT: ((unsigned short *)v.data())[i] = (unsigned short)floor(x); break;
      }
    }
  }
}

// The arrays of one size for the _device entries: device buffers, and
// host buffers for arrays only host code uses.
struct c2c_buffers {
  void *p[c2c_narrays + 1] = {};
};

static void c2c_alloc(const c2c_problem &P, c2c_buffers &B, const char *size) {
  for (int a = 0; a < c2c_narrays; ++a) {
    const c2c_array_desc &d = c2c_arrays[a];
    size_t bytes = P.init[a].size() ? P.init[a].size() : c2c_size(d.kind);
    if (d.on_device) {
      c2c_hcheck(cudaMalloc(&B.p[a], bytes),
                 std::string("cudaMalloc of '") + d.name + "' at the " + size +
                     " size (" + std::to_string(bytes) + " bytes)");
}
else if (!(B.p[a] = malloc(bytes))) {
  fprintf(stderr, "error: out of host memory for '%s'\n", d.name);
  exit(1);
}
}
}

static void c2c_free(c2c_buffers &B) {
  for (int a = 0; a < c2c_narrays; ++a) {
    if (c2c_arrays[a].on_device)
      c2c_hcheck(cudaFree(B.p[a]),
                 std::string("cudaFree of '") + c2c_arrays[a].name + "'");
    else
      free(B.p[a]);
    B.p[a] = nullptr;
  }
}

// Initial values into the buffers: inputs restored, outputs poisoned.
static void c2c_load(const c2c_problem &P, c2c_buffers &B) {
  for (int a = 0; a < c2c_narrays; ++a) {
    const std::vector<char> &v = P.init[a];
    if (v.empty())
      continue;
    if (c2c_arrays[a].on_device)
      c2c_hcheck(cudaMemcpy(B.p[a], v.data(), v.size(), cudaMemcpyHostToDevice),
                 std::string("cudaMemcpy of '") + c2c_arrays[a].name +
                     "' to the device");
    else
      memcpy(B.p[a], v.data(), v.size());
  }
}

// The bytes of array a after a run.
static std::vector<char> c2c_fetch(const c2c_problem &P, const c2c_buffers &B,
                                   int a) {
  std::vector<char> v(P.init[a].size());
  if (v.empty())
    return v;
  if (c2c_arrays[a].on_device)
    c2c_hcheck(cudaMemcpy(v.data(), B.p[a], v.size(), cudaMemcpyDeviceToHost),
               std::string("cudaMemcpy of '") + c2c_arrays[a].name +
                   "' to the host");
  else
    memcpy(v.data(), B.p[a], v.size());
  return v;
}

static std::vector<double> c2c_widen(const void *p, c2c_kind k, long long n) {
  std::vector<double> r((size_t)n);
  for (long long i = 0; i < n; ++i)
    r[i] = c2c_get(p, k, i);
  return r;
}

// Relative L2 error of got against ref over the elements ref has a value
// for; an element ref left NaN (poisoned, never written) must be NaN in got
// too. Not finite: got has NaN or inf where ref has a number, or wrote an
// element ref did not; detail says which.
static double c2c_error(const std::vector<double> &got,
                        const std::vector<double> &ref, std::string &detail) {
  double dd = 0, rr = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (std::isnan(ref[i])) {
      if (!std::isnan(got[i])) {
        detail = "element " + std::to_string(i) +
                 " is written, but not by the reference";
        return INFINITY;
      }
      continue;
    }
    if (!std::isfinite(got[i])) {
      detail = "element " + std::to_string(i) + " is " +
               (std::isnan(got[i]) ? "NaN" : "inf") + ", the reference " +
               std::to_string(ref[i]);
      return INFINITY;
    }
    if (!std::isfinite(ref[i])) {
      if (got[i] != ref[i]) {
        detail = "element " + std::to_string(i) + " differs from an inf";
        return INFINITY;
      }
      continue;
    }
    dd += (got[i] - ref[i]) * (got[i] - ref[i]);
    rr += ref[i] * ref[i];
  }
  return rr > 0 ? std::sqrt(dd / rr) : std::sqrt(dd);
}

static std::string c2c_num(double v) {
  if (!std::isfinite(v))
    return "1e300";
  char buf[64];
  snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

static std::string c2c_json_string(const std::string &s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      r += '\\';
    if ((unsigned char)c < 0x20)
      r += ' ';
    else
      r += c;
  }
  return r + "\"";
}

// How a stage went: the worst error over the compared outputs, or the
// first output over the tolerance (array, detail).
struct c2c_verdict {
  double err = 0;
  std::string array, detail;
  bool ok() const { return array.empty(); }
  void add(const char *name, double e, const std::string &why) {
    if (!ok())
      return;
    if (!(e <= err))
      err = e;
    if (!(e <= c2c_tolerance)) {
      array = name;
      char buf[128];
      snprintf(buf, sizeof buf, "relative L2 error %.3g > tolerance %.3g", e,
               c2c_tolerance);
      detail = why.empty() ? std::string(buf) : why;
    }
  }
};

// Compares every output of a run (the buffers B, return value ret) with
// the reference outputs (ref, ref_ret); read-only arrays must be unchanged.
static void c2c_compare(const c2c_problem &P, const c2c_buffers &B, double ret,
                        const std::vector<std::vector<double>> &ref,
                        double ref_ret, c2c_verdict &V) {
  for (int a = 0; a < c2c_narrays && V.ok(); ++a) {
    const c2c_array_desc &d = c2c_arrays[a];
    std::vector<char> got = c2c_fetch(P, B, a);
    if (!d.written) {
      if (got != P.init[a]) {
        V.array = d.name;
        V.detail = "a read-only array was changed";
        V.err = INFINITY;
      }
      continue;
    }
    std::string why;
    double e = c2c_error(c2c_widen(got.data(), d.kind, P.n[a]), ref[a], why);
    V.add(d.name, e, why);
  }
  if (c2c_returns && V.ok()) {
    std::string why;
    V.add("return", c2c_error({ret}, {ref_ret}, why), why);
  }
}

static void c2c_sync(const char *which, const char *size) {
  c2c_hcheck(cudaDeviceSynchronize(),
             std::string(which) + " at the " + size + " size");
}

// Small size: the variant against the C compiled with float spelt double.
static c2c_verdict c2c_verify_small(uint64_t seed) {
  c2c_problem P;
  c2c_make(P, true, seed);
  std::vector<std::vector<char>> refbuf(c2c_narrays);
  void *refp[c2c_narrays + 1] = {};
  for (int a = 0; a < c2c_narrays; ++a) {
    const c2c_array_desc &d = c2c_arrays[a];
    if (d.kind == C2C_FLOAT) {
      refbuf[a].resize((size_t)P.n[a] * sizeof(double));
      for (long long i = 0; i < P.n[a]; ++i)
        ((double *)refbuf[a].data())[i] = ((const float *)P.init[a].data())[i];
    } else {
      refbuf[a] = P.init[a];
    }
    refbuf[a].resize(refbuf[a].size() + 8); // Never a null pointer.
    refp[a] = refbuf[a].data();
  }
  double ref_ret = c2c_call(0, P.s, refp);
  std::vector<std::vector<double>> ref(c2c_narrays);
  for (int a = 0; a < c2c_narrays; ++a)
    if (c2c_arrays[a].written)
      ref[a] = c2c_widen(refp[a],
                         c2c_arrays[a].kind == C2C_FLOAT ? C2C_DOUBLE
                                                         : c2c_arrays[a].kind,
                         P.n[a]);

  c2c_buffers B;
  c2c_alloc(P, B, "small");
  c2c_load(P, B);
  double ret = c2c_call(2, P.s, B.p);
  c2c_sync(c2c_var_name, "small");
  c2c_verdict V;
  c2c_compare(P, B, ret, ref, ref_ret, V);
  c2c_free(B);
  return V;
}

static void c2c_wrong(const char *stage, const c2c_verdict &V, double small,
                      double tuning) {
  printf("{\"status\":\"wrong_result\",\"stage\":\"%s\",\"array\":%s,"
         "\"small_err\":%s,\"tuning_err\":%s,\"detail\":%s}\n",
         stage, c2c_json_string(V.array).c_str(), c2c_num(small).c_str(),
         c2c_num(tuning).c_str(), c2c_json_string(V.detail).c_str());
  fflush(stdout);
  exit(3);
}

static void c2c_info() {
  int dev = 0, sms = 0, l2 = 0, clock = 0, memclock = 0, bus = 0;
  int driver = 0, runtime = 0;
  c2c_hcheck(cudaGetDevice(&dev), "cudaGetDevice");
  cudaDeviceProp prop;
  c2c_hcheck(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
  c2c_hcheck(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev),
             "cudaDeviceGetAttribute(MultiProcessorCount)");
  c2c_hcheck(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev),
             "cudaDeviceGetAttribute(L2CacheSize)");
  // Clock attributes may be missing on some drivers: 0 then, and the tuner
  // takes the peaks from its table.
  if (cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev) != cudaSuccess)
    clock = 0;
  if (cudaDeviceGetAttribute(&memclock, cudaDevAttrMemoryClockRate, dev) !=
      cudaSuccess)
    memclock = 0;
  if (cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, dev) !=
      cudaSuccess)
    bus = 0;
  cudaGetLastError();
  c2c_hcheck(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
  c2c_hcheck(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
  // FP32 lanes per SM: 64 on sm_70 and sm_80, 128 on sm_86 and later
  // (H100, H200); 2 flops per FMA; clock in kHz.
  int lanes =
      prop.major == 7 || (prop.major == 8 && prop.minor == 0) ? 64 : 128;
  double gflops = (double)sms * lanes * 2 * clock * 1e-6;
  // DDR: two transfers per memory clock; kHz * bytes -> GB/s.
  double gbs = 2.0 * memclock * (bus / 8.0) * 1e-6;
  printf("{\"gpu\":%s,\"cc\":\"%d.%d\",\"sms\":%d,\"l2_bytes\":%d,"
         "\"peak_gflops\":%s,\"peak_gbs\":%s,\"driver\":\"%d.%d\","
         "\"runtime\":\"%d.%d\"}\n",
         c2c_json_string(prop.name).c_str(), prop.major, prop.minor, sms, l2,
         c2c_num(gflops).c_str(), c2c_num(gbs).c_str(), driver / 1000,
         driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
}

static void c2c_usage() {
  fprintf(stderr,
          "usage: %s --info | --run [--seed S] [--warmup W] [--reps R] "
          "[--no-flush] | --profile [--seed S]\n",
          c2c_function);
  exit(2);
}

int main(int argc, char **argv) {
  enum { NONE, INFO, RUN, PROFILE } mode = NONE;
  unsigned long long seed = 0;
  long warmup = 3, reps = 25;
  bool flush = true;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc)
        c2c_usage();
      return argv[++i];
    };
    if (a == "--info")
      mode = INFO;
    else if (a == "--run")
      mode = RUN;
    else if (a == "--profile")
      mode = PROFILE;
    else if (a == "--seed")
      seed = strtoull(value(), nullptr, 0);
    else if (a == "--warmup")
      warmup = strtol(value(), nullptr, 10);
    else if (a == "--reps")
      reps = strtol(value(), nullptr, 10);
    else if (a == "--no-flush")
      flush = false;
    else
      c2c_usage();
  }
  if (mode == NONE || warmup < 0 || reps < 1)
    c2c_usage();
  if (mode == INFO) {
    c2c_info();
    return 0;
  }

  if (mode == PROFILE) {
    c2c_problem P;
    c2c_make(P, false, seed);
    c2c_buffers B;
    c2c_alloc(P, B, "tuning");
    c2c_load(P, B);
    // A warm-up call, then the one call ncu profiles (it starts with
    // --profile-from-start off), so the counters are those of one call.
    c2c_call(2, P.s, B.p);
    c2c_sync(c2c_var_name, "tuning");
    c2c_hcheck(cudaProfilerStart(), "cudaProfilerStart");
    c2c_call(2, P.s, B.p);
    c2c_sync(c2c_var_name, "tuning");
    c2c_hcheck(cudaProfilerStop(), "cudaProfilerStop");
    c2c_free(B);
    printf("{\"status\":\"ok\",\"profiled\":true}\n");
    return 0;
  }

  c2c_verdict small = c2c_verify_small(seed);
  if (!small.ok())
    c2c_wrong("small", small, small.err, -1);

  // Tuning size: the variant against the plain mapping, same inputs.
  c2c_problem P;
  c2c_make(P, false, seed);
  c2c_buffers B;
  c2c_alloc(P, B, "tuning");
  c2c_load(P, B);
  double plain_ret = c2c_call(1, P.s, B.p);
  c2c_sync(c2c_plain_name, "tuning");
  std::vector<std::vector<double>> ref(c2c_narrays);
  for (int a = 0; a < c2c_narrays; ++a)
    if (c2c_arrays[a].written) {
      std::vector<char> v = c2c_fetch(P, B, a);
      ref[a] = c2c_widen(v.data(), c2c_arrays[a].kind, P.n[a]);
    }
  c2c_load(P, B);
  double ret = c2c_call(2, P.s, B.p);
  c2c_sync(c2c_var_name, "tuning");
  c2c_verdict tuning;
  c2c_compare(P, B, ret, ref, plain_ret, tuning);
  if (!tuning.ok())
    c2c_wrong("tuning", tuning, small.err, tuning.err);
  ref.clear();

  // Timing: warm-up, then each rep after an L2 flush (outside the events).
  int dev = 0, l2 = 0;
  c2c_hcheck(cudaGetDevice(&dev), "cudaGetDevice");
  c2c_hcheck(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev),
             "cudaDeviceGetAttribute(L2CacheSize)");
  void *scrub = nullptr;
  size_t scrub_bytes = 2 * (size_t)l2;
  if (flush && scrub_bytes)
    c2c_hcheck(cudaMalloc(&scrub, scrub_bytes),
               "cudaMalloc of the L2 flush buffer");
  for (long w = 0; w < warmup; ++w)
    c2c_call(2, P.s, B.p);
  c2c_sync(c2c_var_name, "tuning (warm-up)");
  cudaEvent_t start, stop;
  c2c_hcheck(cudaEventCreate(&start), "cudaEventCreate");
  c2c_hcheck(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<float> times;
  for (long r = 0; r < reps; ++r) {
    if (scrub)
      c2c_hcheck(cudaMemsetAsync(scrub, (int)(r & 0xFF), scrub_bytes),
                 "cudaMemsetAsync of the L2 flush buffer");
    c2c_hcheck(cudaEventRecord(start), "cudaEventRecord");
    c2c_call(2, P.s, B.p);
    c2c_hcheck(cudaEventRecord(stop), "cudaEventRecord");
    c2c_hcheck(cudaEventSynchronize(stop),
               std::string(c2c_var_name) + " at the tuning size (timed)");
    float ms = 0;
    c2c_hcheck(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    times.push_back(ms);
  }
  c2c_sync(c2c_var_name, "tuning (timed)");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  if (scrub)
    cudaFree(scrub);
  c2c_free(B);

  std::string out = "{\"status\":\"ok\",\"small_err\":" + c2c_num(small.err) +
                    ",\"tuning_err\":" + c2c_num(tuning.err) +
                    ",\"times_ms\":[";
  for (size_t i = 0; i < times.size(); ++i)
    out += (i ? "," : "") + c2c_num(times[i]);
  printf("%s]}\n", out.c_str());
  return 0;
}
