// The forms of variants.c for benchmarks/matvec/driver.cu (-include):
// threads per row (mv_l<n>: lanes(j: n)) and slices per column of the
// transposed product (tmv_l<n>: lanes(i: n)), beside the defaults.
#define MV_FORMS                                                               \
  FORM(mv_def, "mv_def", false)                                                \
  FORM(mv_l32, "mv_l32", false)                                                \
  FORM(mv_l64, "mv_l64", false)                                                \
  FORM(mv_l128, "mv_l128", false)                                              \
  FORM(mv_l256, "mv_l256", false)                                              \
  FORM(mv_l512, "mv_l512", false)                                              \
  FORM(mv_l1024, "mv_l1024", false)                                            \
  FORM(tmv_def, "tmv_def", true)                                               \
  FORM(tmv_l4, "tmv_l4", true)                                                 \
  FORM(tmv_l8, "tmv_l8", true)                                                 \
  FORM(tmv_l16, "tmv_l16", true)                                               \
  FORM(tmv_l32, "tmv_l32", true)
