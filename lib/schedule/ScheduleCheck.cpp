//===- ScheduleCheck.cpp - The values a nest schedule may take ------------===//

#include "ScheduleCheck.h"

#include <algorithm>
#include <iterator>

namespace c2cuda {

std::set<std::string> clausesSetIn(const NestSchedule &S) {
  std::set<std::string> C;
  if (!S.Map.empty())
    C.insert("map");
  if (!S.Block.empty())
    C.insert("block");
  if (!S.Thread.empty())
    C.insert("thread");
  if (!S.Unroll.empty())
    C.insert("unroll");
  if (S.MaxRegCount)
    C.insert("maxrregcount");
  if (!S.Tile.empty())
    C.insert("tile");
  if (!S.Shared.empty())
    C.insert("shared");
  if (S.Pad)
    C.insert("pad");
  if (!S.Vector.empty())
    C.insert("vector");
  if (S.Pipeline)
    C.insert("pipeline");
  if (S.Async)
    C.insert("async");
  if (!S.Lanes.empty())
    C.insert("lanes");
  if (!S.Split.empty())
    C.insert("split");
  return C;
}

namespace {

std::optional<ScheduleProblem> problem(std::string Clause, std::string Item,
                                       std::string Message, std::string Hint) {
  return ScheduleProblem{std::move(Clause), std::move(Item), std::move(Message),
                         std::move(Hint)};
}

std::optional<ScheduleProblem> checkBlock(const std::vector<unsigned> &B,
                                          bool Given) {
  if (!Given && B.empty())
    return std::nullopt;
  if (B.empty() || B.size() > 3)
    return problem("block", "",
                   B.empty() ? "block has no size"
                             : "block has more than 3 dimensions",
                   "give 1 to 3 sizes, e.g. 'block(32, 8)'");
  uint64_t Product = 1;
  for (unsigned V : B) {
    if (V == 0)
      return problem("block", "", "block sizes must be positive",
                     "give 1 to 3 sizes, e.g. 'block(32, 8)'");
    Product *= V;
  }
  if (Product > 1024)
    return problem("block", "",
                   "block of " + std::to_string(Product) +
                       " threads exceeds the CUDA limit of 1024",
                   "choose block sizes whose product is at most 1024");
  return std::nullopt;
}

std::optional<ScheduleProblem>
checkMap(const std::vector<std::pair<std::string, unsigned>> &Map) {
  for (size_t I = 0; I < Map.size(); ++I) {
    const auto &[Loop, Dim] = Map[I];
    if (Dim > 2)
      return problem("map", Loop,
                     "loop '" + Loop +
                         "' is mapped to a grid dimension "
                         "other than x, y or z",
                     "map it to x, y or z");
    for (size_t J = 0; J < I; ++J) {
      if (Map[J].first == Loop)
        return problem("map", Loop,
                       "loop '" + Loop + "' appears twice in 'map'",
                       "map each loop once");
      if (Map[J].second == Dim)
        return problem("map", Loop,
                       std::string("grid dimension '") + "xyz"[Dim] +
                           "' appears twice in 'map'",
                       "map one loop per grid dimension");
    }
  }
  return std::nullopt;
}

std::optional<ScheduleProblem>
checkFactors(const char *Clause, const std::map<std::string, unsigned> &F) {
  for (const auto &[Loop, V] : F)
    if (V == 0)
      return problem(Clause, Loop,
                     std::string("the factor of loop '") + Loop + "' in '" +
                         Clause + "' is not positive",
                     std::string("give a positive factor, e.g. '") + Clause +
                         "(" + Loop + ": 4)'");
  return std::nullopt;
}

/// lanes(k: N): one loop, 2 to 1024 threads, and no other clause that
/// shapes the threads (the block, coarsening, tiles).
std::optional<ScheduleProblem> checkLanes(const NestSchedule &S) {
  if (S.Lanes.empty())
    return std::nullopt;
  const auto &[Loop, N] = *S.Lanes.begin();
  if (S.Lanes.size() > 1)
    return problem("lanes", std::next(S.Lanes.begin())->first,
                   "clause 'lanes' names more than one loop",
                   "split one reduction loop of each point over threads, "
                   "e.g. 'lanes(" +
                       Loop + ": 256)'");
  if (N < 2 || N > 1024)
    return problem("lanes", Loop,
                   "lanes(" + Loop + ": " + std::to_string(N) +
                       ") is outside the 2..1024 threads that may share a "
                       "point's loop",
                   "give a multiple of 32 for a loop reading along rows "
                   "(e.g. 'lanes(" +
                       Loop +
                       ": 256)'), at most 32 for one reading across them");
  NestSchedule Rest = S;
  Rest.Lanes.clear();
  Rest.Map.clear();
  Rest.Unroll.clear();
  Rest.MaxRegCount = 0;
  if (!Rest.isDefault())
    return problem("lanes", Loop,
                   "lanes(" + Loop + ": " + std::to_string(N) +
                       ") chooses the threads of each point itself; it "
                       "cannot be combined with '" +
                       Rest.str() + "'",
                   "keep map, unroll and maxrregcount beside it, leave out "
                   "the others");
  return std::nullopt;
}

/// split(k: N): one loop, 2 to 1024 chunks, a strip of k to divide.
std::optional<ScheduleProblem> checkSplit(const NestSchedule &S) {
  if (S.Split.empty())
    return std::nullopt;
  const auto &[Loop, N] = *S.Split.begin();
  std::string Clause = "split(" + Loop + ": " + std::to_string(N) + ")";
  if (S.Split.size() > 1)
    return problem("split", std::next(S.Split.begin())->first,
                   "clause 'split' names more than one loop",
                   "divide the strips of one reduction loop among blocks, "
                   "e.g. 'split(" +
                       Loop + ": 16)'");
  if (N < 2 || N > 1024)
    return problem("split", Loop,
                   Clause + " is outside the 2..1024 chunks a reduction's "
                            "strips may be divided into",
                   "give the number of blocks that share each tile's sums, "
                   "e.g. 'split(" +
                       Loop + ": 16)'");
  if (!S.Tile.count(Loop))
    return problem("split", Loop,
                   Clause + " divides the strips of '" + Loop +
                       "' among blocks, but '" + Loop + "' has no strip",
                   "give it one in the tile clause, e.g. 'tile(" + Loop +
                       ": 8)'");
  return std::nullopt;
}

} // namespace

std::optional<ScheduleProblem>
checkScheduleValues(const NestSchedule &S, const std::set<std::string> &Given) {
  if (auto P = checkBlock(S.Block, Given.count("block")))
    return P;
  if (auto P = checkMap(S.Map))
    return P;
  for (const auto &[Clause, F] :
       {std::make_pair("thread", &S.Thread),
        std::make_pair("unroll", &S.Unroll), std::make_pair("tile", &S.Tile)})
    if (auto P = checkFactors(Clause, *F))
      return P;
  if ((S.MaxRegCount || Given.count("maxrregcount")) &&
      (S.MaxRegCount < 16 || S.MaxRegCount > 255))
    return problem("maxrregcount", "",
                   "maxrregcount(" + std::to_string(S.MaxRegCount) +
                       ") is outside the 16..255 registers a thread may have",
                   "choose a limit from 16 to 255, e.g. 'maxrregcount(64)'");
  for (const auto &[Loop, W] : S.Vector)
    if (W != 1 && W != 2 && W != 4)
      return problem("vector", Loop,
                     "vector width " + std::to_string(W) + " for loop '" +
                         Loop + "' is not 1, 2 or 4",
                     "CUDA loads and stores at most 16 bytes at once (float4); "
                     "write e.g. 'vector(" +
                         Loop + ": 4)'");
  for (size_t I = 0; I < S.Shared.size(); ++I)
    if (std::find(S.Shared.begin(), S.Shared.begin() + I, S.Shared[I]) !=
        S.Shared.begin() + I)
      return problem("shared", S.Shared[I],
                     "array '" + S.Shared[I] + "' appears twice in 'shared'",
                     "name each array once");
  if (S.Pad > 32)
    return problem("pad", "",
                   "pad(" + std::to_string(S.Pad) +
                       ") is outside the 0..32 elements a shared tile row may "
                       "be padded by",
                   "choose a padding from 0 to 32, e.g. 'pad(1)'");
  if ((S.Pipeline || Given.count("pipeline")) &&
      (S.Pipeline < 1 || S.Pipeline > 3))
    return problem("pipeline", "",
                   "pipeline(" + std::to_string(S.Pipeline) +
                       ") is not 1 (single-buffered), 2 (the next strip "
                       "staged in registers) or 3 (and two shared buffers)",
                   "write 'pipeline(2)' to load the next strip while "
                   "computing the current one");
  if ((S.Async || Given.count("async")) && (S.Async < 2 || S.Async > 4))
    return problem("async", "",
                   "async(" + std::to_string(S.Async) +
                       "): the number of buffers of each shared tile, filled "
                       "by asynchronous copies, must be 2, 3 or 4",
                   "write e.g. 'async(3)' to copy the next strips while "
                   "computing the current one");
  if (S.Async && S.Pipeline > 1)
    return problem("async", "",
                   "async(" + std::to_string(S.Async) +
                       ") copies the next strips without registers; it "
                       "replaces pipeline(" +
                       std::to_string(S.Pipeline) + ")",
                   "leave out pipeline(...)");
  if (auto P = checkSplit(S))
    return P;
  return checkLanes(S);
}

} // namespace c2cuda
