// The packed checkerboard layout of a 2-D array (c2cuda's codegen embeds
// this file into every .cu whose functions run on such a layout; the
// PackCheckerboards pass says when, --no-checkerboard-layout turns it off).
//
// A red-black sweep updates the points of one colour, (i + j) % 2 == c, and
// reads those of the other: in rows of the array as the caller lays it out,
// a warp's loads and stores cover every other element of the sectors they
// touch, so half of every byte moved is the colour it does not want. Packed,
// element (i, j) of an r x c array lives at
//   ((i + j) & 1) * r * h + i * h + (j >> 1),   h = (c + 1) / 2,
// each colour a dense r x h array, and the sweep moves only what it uses.
// The function's body packs the caller's device array into a buffer of
// 2 * r * h elements when it starts and unpacks it when it ends; its kernels
// index the packed buffer. Holes (the missing colour at a row's end when c
// is odd) are never read.

// Pack: from the caller's layout into the packed one; else back.
template <typename T, bool Pack>
__global__ void c2c_checkerboard_kernel(const T *__restrict__ from,
                                        T *__restrict__ to, long long r,
                                        long long c, long long h) {
  long long plane = r * h;
  for (long long i = blockIdx.y; i < r; i += gridDim.y)
    for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x;
         k < h; k += (long long)gridDim.x * blockDim.x) {
      // Columns 2k and 2k + 1 of row i: one point of each colour.
      long long user = i * c + 2 * k;
      long long packed = (i & 1) * plane + i * h + k;
      long long other = ((i + 1) & 1) * plane + i * h + k;
      to[Pack ? packed : user] = from[Pack ? user : packed];
      if (2 * k + 1 < c)
        to[Pack ? other : user + 1] = from[Pack ? user + 1 : other];
    }
}

static inline void c2c_checkerboard_grid(long long r, long long h,
                                         dim3 &blocks) {
  long long x = (h + 255) / 256, y = r;
  blocks = dim3((unsigned)(x > 65535 ? 65535 : (x < 1 ? 1 : x)),
                (unsigned)(y > 65535 ? 65535 : (y < 1 ? 1 : y)), 1);
}

// The packed copy of the r x c array at user, in a new device buffer (what:
// the allocation, for messages).
template <typename T>
static T *c2c_pack_checkerboard(const T *user, long long r, long long c,
                                const char *what, const char *where,
                                const char *from) {
  long long h = (c + 1) / 2;
  T *packed = NULL;
  c2c_alloc((void **)&packed, 2 * r * h, sizeof(T), what, where, from);
  if (r <= 0 || c <= 0)
    return packed;
  dim3 blocks;
  c2c_checkerboard_grid(r, h, blocks);
  c2c_checkerboard_kernel<T, true><<<blocks, 256>>>(user, packed, r, c, h);
  c2c_check_launch("c2c_checkerboard_kernel (pack)", from);
  return packed;
}

// Writes the packed array back into the caller's layout at user (null: the
// kernels only read it) and frees the packed buffer (what: the free, for
// messages).
template <typename T>
static void c2c_unpack_checkerboard(T *packed, T *user, long long r,
                                    long long c, const char *what,
                                    const char *where, const char *from) {
  long long h = (c + 1) / 2;
  if (user && r > 0 && c > 0) {
    dim3 blocks;
    c2c_checkerboard_grid(r, h, blocks);
    c2c_checkerboard_kernel<T, false><<<blocks, 256>>>(packed, user, r, c,
                                                     h);
    c2c_check_launch("c2c_checkerboard_kernel (unpack)", from);
  }
  c2c_check(cudaFree(packed), what, where, from);
}
