//===- ResultCache.h - Evaluations kept across runs -----------*- C++ -*-===//
//
// One line per evaluation (evaluationToJson, with the key), appended
// as soon as the evaluation is known, written with one write() and fsync'd:
// a sweep killed at any point loses at most the line being written, and a
// rerun takes every finished variant from here instead of running it.
// Loading skips a truncated or unparsable line with a note. A key appears
// once; a later line with the same key replaces the earlier one on load.
//
// The key is the SHA-256 (hex) of the source's hash, the function, the
// nest, the canonical schedule (JSON, sorted keys), the variant's extra nvcc
// flags, the hash of its code when the bundle gives it, the tuning and
// verification sizes, the GPU's name and the CUDA toolkit's release; plus the
// role for "plain" and "planted" variants, whose schedule does not say what
// they are. Nothing else: a variant whose schedule, sizes, GPU or toolkit is
// the same reuses the result.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_RESULTCACHE_H
#define C2CUDA_TUNER_RESULTCACHE_H

#include "tuner/Bundle.h"
#include "tuner/Evaluation.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

class ResultCache {
public:
  /// The cache key of V in B on a GPU named Gpu with toolkit Toolkit.
  static std::string key(const Bundle &B, const Variant &V,
                         const std::string &Gpu, const std::string &Toolkit);

  /// Reads Path if it exists (a missing file is an empty cache). Notes get
  /// one line per skipped line ("cache.jsonl:7: truncated line ignored").
  /// False with Err only when the file exists but cannot be read.
  bool load(const std::string &Path, std::vector<std::string> &Notes,
            std::string &Err);

  /// The evaluation stored under Key, or null.
  const Evaluation *lookup(const std::string &Key) const;

  /// Appends E (E.Key must be set) to the file and to the map: one
  /// complete line, flushed and fsync'd before returning. Thread-safe.
  bool append(const Evaluation &E, std::string &Err);

  /// Every stored evaluation, in key order.
  std::vector<Evaluation> entries() const;

  size_t size() const;
  const std::string &path() const { return Path; }

private:
  std::string Path;
  std::map<std::string, Evaluation> Entries;
  mutable std::mutex M;
};

/// One cache line's text (no newline) for E.
std::string cacheLine(const Evaluation &E);

/// Appends to Into the lines of From whose keys Into lacks (results from a
/// GPU machine merged back). Added is the number of lines appended.
bool mergeCacheFile(const std::string &From, const std::string &Into,
                    size_t &Added, std::vector<std::string> &Notes,
                    std::string &Err);

} // namespace tuner
} // namespace c2cuda

#endif
