//===- NcuProfile.h - Nsight Compute counters of a variant -----*- C++ -*-===//
//
// Runs a variant executable under `ncu --profile-from-start off` (harness
// protocol: `EXE --profile` makes one warm-up call of the variant at the
// tuning size, then one call between cudaProfilerStart and Stop)
// and reads the raw CSV page back into the report's counter names:
//
//   achieved_occupancy     sm__warps_active.avg.pct_of_peak_sustained_active,
//                          as a fraction 0..1 (mean over launches)
//   sectors_per_request    l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum /
//                          l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
//   shared_bank_conflicts
//   l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum
//   divergent_branches     smsp__sass_branch_targets_threads_divergent.sum
//   dram_bytes             dram__bytes.sum
//   spilled_bytes          l1tex__t_bytes_pipe_lsu_mem_local_op_{ld,st}.sum
//
// and gpu__time_duration.sum per kernel (kernelTimesMs, timeByNest): where
// a function with several nests spends its time.
//
// Counts are summed over the kernel launches ncu profiled (those of the one
// profiled call: one, or several for a function with several nests or a
// host loop), the ratio is of the sums, the occupancy is the mean.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_NCUPROFILE_H
#define C2CUDA_TUNER_NCUPROFILE_H

#include "tuner/TuningRun.h"

#include <map>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

/// The ncu metric names to collect, in --metrics order.
const std::vector<std::string> &ncuMetrics();

/// The launches of a `ncu --csv --page raw` output: metric name -> value
/// per launch, with units scaled to the base unit (bytes, not Kbyte).
struct NcuTable {
  std::vector<std::string> Kernels; ///< "Kernel Name" of each launch.
  std::vector<std::map<std::string, double>> Launches;
};

/// Parses ncu's CSV (lines that are not the table, such as ==PROF== or the
/// program's own output, are skipped). False with Err when no table with
/// at least one launch is found.
bool parseNcuCsv(const std::string &Text, NcuTable &Out, std::string &Err);

/// The report's counters from a table (see the file comment); a counter
/// whose metrics are missing is left out.
NcuCounters countersFromTable(const NcuTable &T);

/// gpu__time_duration.sum (nanoseconds, ncu's base unit) summed per kernel
/// over the table's launches, in ms, by the kernel's name less ncu's
/// argument list and less Prefix (the variant's renaming, "c2c_var_").
std::map<std::string, double> kernelTimesMs(const NcuTable &T,
                                            const std::string &Prefix);

/// Kernel times (kernelTimesMs) summed by the nest of each kernel
/// (Bundle::KernelNests), as "nest N"; a kernel of no known nest counts
/// under its own name.
std::map<std::string, double>
timeByNest(const std::map<std::string, double> &KernelMs,
           const std::map<std::string, unsigned> &KernelNests);

/// ncu on $PATH, else /usr/local/cuda/bin/ncu; "" when neither exists.
std::string findNcu();

/// Runs `Ncu --clock-control none --csv --page raw --print-units base
/// --metrics ... -k regex:KernelRegex Exe Args...` with
/// CUDA_VISIBLE_DEVICES=Gpu, killed after TimeoutS. Empty counters with
/// Note saying why on failure; on success Note names ncu's version.
/// Table, if given, gets the launches read (empty on failure).
NcuCounters profileWithNcu(const std::string &Ncu, const std::string &Exe,
                           const std::vector<std::string> &Args,
                           const std::string &KernelRegex, unsigned Gpu,
                           double TimeoutS, std::string &Note,
                           NcuTable *Table = nullptr);

} // namespace tuner
} // namespace c2cuda

#endif
