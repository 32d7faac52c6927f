//===- Schedule.cpp - Nest schedules as JSON ------------------------------===//

#include "Schedule.h"
#include "ScheduleCheck.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <set>

namespace c2cuda {

namespace {

const char *const DimName[3] = {"x", "y", "z"};
const char *const Keys[] = {
    "nest",   "map", "block",  "thread",   "unroll", "maxrregcount", "tile",
    "shared", "pad", "vector", "pipeline", "async",  "lanes",        "split"};

bool positive(const nlohmann::json &V, unsigned Max, unsigned &Out) {
  if (!V.is_number_integer())
    return false;
  long long X = V.get<long long>();
  if (X < 1 || X > Max)
    return false;
  Out = static_cast<unsigned>(X);
  return true;
}

bool factors(const nlohmann::json &J, const char *Key,
             std::map<std::string, unsigned> &Out, std::string &Err) {
  if (!J.is_object()) {
    Err = std::string("'") + Key +
          "' must be an object of loop: factor, "
          "e.g. {\"i\": 4}";
    return false;
  }
  for (const auto &[Loop, V] : J.items()) {
    unsigned F;
    if (!positive(V, 1u << 20, F)) {
      Err =
          std::string("'") + Key + "." + Loop + "' must be a positive integer";
      return false;
    }
    Out[Loop] = F;
  }
  return true;
}

} // namespace

nlohmann::json scheduleToJson(const NestSchedule &S) {
  nlohmann::json J = nlohmann::json::object();
  if (!S.Map.empty()) {
    J["map"] = nlohmann::json::object();
    for (const auto &[L, D] : S.Map)
      J["map"][L] = DimName[D < 3 ? D : 0];
  }
  if (!S.Block.empty())
    J["block"] = S.Block;
  if (!S.Thread.empty())
    J["thread"] = S.Thread;
  if (!S.Unroll.empty())
    J["unroll"] = S.Unroll;
  if (S.MaxRegCount)
    J["maxrregcount"] = S.MaxRegCount;
  if (!S.Tile.empty())
    J["tile"] = S.Tile;
  if (!S.Shared.empty())
    J["shared"] = S.Shared;
  if (S.Pad)
    J["pad"] = S.Pad;
  if (!S.Vector.empty())
    J["vector"] = S.Vector;
  // pipeline(1) is the default but was written: keep it.
  if (S.Pipeline)
    J["pipeline"] = S.Pipeline;
  if (S.Async)
    J["async"] = S.Async;
  if (!S.Lanes.empty())
    J["lanes"] = S.Lanes;
  if (!S.Split.empty())
    J["split"] = S.Split;
  return J;
}

bool scheduleFromJson(const nlohmann::json &J, NestSchedule &Out,
                      std::string &Err) {
  Out = NestSchedule();
  if (!J.is_object()) {
    Err = "a nest schedule must be an object";
    return false;
  }
  for (const auto &[K, V] : J.items())
    if (std::find(std::begin(Keys), std::end(Keys), K) == std::end(Keys)) {
      Err = "unknown key '" + K +
            "' (known: nest, map, block, thread, unroll, maxrregcount, tile, "
            "shared, pad, vector, pipeline, async, lanes, split)";
      return false;
    }
  if (J.contains("map")) {
    const nlohmann::json &M = J["map"];
    if (!M.is_object() || M.empty()) {
      Err = "'map' must be an object of loop: \"x\"|\"y\"|\"z\", e.g. "
            "{\"j\": \"x\", \"i\": \"y\"}";
      return false;
    }
    for (const auto &[Loop, V] : M.items()) {
      std::string D = V.is_string() ? V.get<std::string>() : "";
      unsigned Dim = D == "x" ? 0 : D == "y" ? 1 : D == "z" ? 2 : 3;
      if (Dim == 3) {
        Err = "'map." + Loop + "' must be \"x\", \"y\" or \"z\"";
        return false;
      }
      Out.Map.emplace_back(Loop, Dim);
    }
    std::sort(Out.Map.begin(), Out.Map.end(),
              [](const auto &A, const auto &B) { return A.second < B.second; });
  }
  if (J.contains("block")) {
    const nlohmann::json &B = J["block"];
    bool Ok = B.is_array() && !B.empty();
    for (size_t I = 0; Ok && I < B.size(); ++I) {
      unsigned V = 0;
      Ok = positive(B[I], 1u << 20, V);
      Out.Block.push_back(V);
    }
    if (!Ok) {
      Err = "'block' must be a list of positive sizes, e.g. [32, 8]";
      return false;
    }
  }
  if (J.contains("thread") && !factors(J["thread"], "thread", Out.Thread, Err))
    return false;
  if (J.contains("unroll") && !factors(J["unroll"], "unroll", Out.Unroll, Err))
    return false;
  if (J.contains("maxrregcount") &&
      !positive(J["maxrregcount"], 1u << 20, Out.MaxRegCount)) {
    Err = "'maxrregcount' must be a positive integer, e.g. 64";
    return false;
  }
  if (J.contains("tile") && !factors(J["tile"], "tile", Out.Tile, Err))
    return false;
  if (J.contains("vector") && !factors(J["vector"], "vector", Out.Vector, Err))
    return false;
  if (J.contains("lanes") && !factors(J["lanes"], "lanes", Out.Lanes, Err))
    return false;
  if (J.contains("split") && !factors(J["split"], "split", Out.Split, Err))
    return false;
  if (J.contains("shared")) {
    const nlohmann::json &A = J["shared"];
    if (!A.is_array() || A.empty()) {
      Err = "'shared' must be a list of array names, e.g. [\"A\", \"B\"]";
      return false;
    }
    for (const nlohmann::json &N : A) {
      if (!N.is_string() || N.get<std::string>().empty()) {
        Err = "'shared' must be a list of array names, e.g. [\"A\", \"B\"]";
        return false;
      }
      Out.Shared.push_back(N.get<std::string>());
    }
  }
  if (J.contains("pad")) {
    const nlohmann::json &P = J["pad"];
    if (!P.is_number_integer() || P.get<long long>() < 0) {
      Err = "'pad' must be an integer from 0 to 32";
      return false;
    }
    Out.Pad = static_cast<unsigned>(std::min(P.get<long long>(), 1LL << 20));
  }
  if (J.contains("pipeline")) {
    const nlohmann::json &P = J["pipeline"];
    if (!P.is_number_integer() || P.get<long long>() < 0) {
      Err = "'pipeline' must be 1, 2 or 3";
      return false;
    }
    Out.Pipeline =
        static_cast<unsigned>(std::min(P.get<long long>(), 1LL << 20));
  }
  if (J.contains("async")) {
    const nlohmann::json &A = J["async"];
    if (!A.is_number_integer() || A.get<long long>() < 0) {
      Err = "'async' must be 2, 3 or 4";
      return false;
    }
    Out.Async = static_cast<unsigned>(std::min(A.get<long long>(), 1LL << 20));
  }
  // The values, by the rules every producer's schedules follow.
  std::set<std::string> Given;
  for (const auto &[Key, V] : J.items())
    Given.insert(Key);
  if (auto P = checkScheduleValues(Out, Given)) {
    Err = P->Message;
    return false;
  }
  return true;
}

bool readScheduleFile(const std::string &Path, ScheduleFile &Out,
                      DiagnosticList &Diags) {
  SourceLoc FileLoc{Path, 0, 0};
  auto Fail = [&](const std::string &Msg) {
    Diags.error({}, "schedule file '" + Path + "': " + Msg,
                "see 'Schedule files' in docs/user-guide.md");
    return false;
  };
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return Fail("cannot read it: " + Buf.getError().message());
  nlohmann::json J =
      nlohmann::json::parse((*Buf)->getBuffer().str(), nullptr, false);
  if (J.is_discarded())
    return Fail("not valid JSON");
  if (!J.is_object())
    return Fail("must be an object keyed by function name");
  for (const auto &[Fn, List] : J.items()) {
    if (!List.is_array())
      return Fail("'" + Fn + "' must be a list of nest schedules");
    for (size_t I = 0; I < List.size(); ++I) {
      std::string Key = Fn + "[" + std::to_string(I) + "]";
      unsigned Nest = 0;
      if (!List[I].is_object() || !List[I].contains("nest") ||
          !List[I]["nest"].is_number_integer() ||
          List[I]["nest"].get<long long>() < 0)
        return Fail(Key + ": needs \"nest\": the nest's index (0, 1, ...)");
      Nest = static_cast<unsigned>(List[I]["nest"].get<long long>());
      NestSchedule S;
      std::string Err;
      if (!scheduleFromJson(List[I], S, Err))
        return Fail(Key + ": " + Err);
      S.Origin = Path + ": " + Key;
      if (!Out[Fn].emplace(Nest, S).second)
        return Fail(Key + ": nest " + std::to_string(Nest) + " of '" + Fn +
                    "' is scheduled twice");
    }
  }
  return true;
}

namespace {

StmtList replaceIn(const StmtList &L,
                   const std::map<unsigned, NestSchedule> &Schedules,
                   std::set<unsigned> &Seen, DiagnosticList &Diags) {
  static const char *const Clauses[] = {
      "map", "block",  "thread",   "unroll", "maxrregcount", "tile", "shared",
      "pad", "vector", "pipeline", "async",  "lanes",        "split"};
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      auto It = Schedules.find(N->Id);
      if (It == Schedules.end()) {
        Out.push_back(S);
        continue;
      }
      Seen.insert(N->Id);
      NestClauses C = N->Clauses;
      if (!C.isDefault())
        Diags.warning(N->PragmaLoc,
                      "the schedule from " + It->second.Origin +
                          " replaces the clauses '" + C.str() +
                          "' of this nest",
                      "remove the clauses or the file's entry");
      static_cast<NestSchedule &>(C) = It->second;
      // Diagnostics about the file's clauses point at the pragma.
      for (const char *Name : Clauses)
        C.ClauseLocs[Name] = N->PragmaLoc;
      auto Copy = std::make_shared<NestStmt>(*N); // AsWritten included.
      Copy->Clauses = C;
      Out.push_back(std::move(Copy));
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      Out.push_back(R->withBody(replaceIn(R->Body, Schedules, Seen, Diags)));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

} // namespace

Function withSchedules(const Function &F,
                       const std::map<unsigned, NestSchedule> &Schedules,
                       DiagnosticList &Diags) {
  Function Out = F;
  std::set<unsigned> Seen;
  Out.Body = replaceIn(F.Body, Schedules, Seen, Diags);
  for (const auto &[Id, S] : Schedules)
    if (!Seen.count(Id))
      Diags.error({},
                  "schedule file entry " + S.Origin + ": function '" + F.Name +
                      "' has no nest " + std::to_string(Id),
                  "nests are numbered 0, 1, ... in source order");
  return Out;
}

bool applyScheduleFile(Module &M, const std::string &Path,
                       const std::string &InputFile, DiagnosticList &Diags) {
  if (Path.empty())
    return true;
  ScheduleFile File;
  if (!readScheduleFile(Path, File, Diags))
    return false;
  for (auto &[Fn, Nests] : File) {
    auto It = std::find_if(M.Functions.begin(), M.Functions.end(),
                           [&](const Function &F) { return F.Name == Fn; });
    if (It == M.Functions.end()) {
      Diags.error({},
                  "schedule file '" + Path + "': '" + Fn +
                      "' is not a function with a nest in '" + InputFile + "'",
                  "key the file by the names of offloaded functions");
      continue;
    }
    *It = withSchedules(*It, Nests, Diags);
  }
  return !Diags.hasErrors();
}

} // namespace c2cuda
