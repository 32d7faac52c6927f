//===- Report.cpp - Writing the report; best.cu's header ------------------===//

#include "tuner/Report.h"
#include "tuner/ReportTables.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>

namespace c2cuda {
namespace tuner {

bool writeReport(const std::string &Dir, const Bundle &B, const TuningRun &R,
                 std::string &Err) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
    Err = Dir + ": " + EC.message();
    return false;
  }
  auto In = [&](const char *Name) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  };
  return writeTextFile(
             In("report.json"),
             reportToJson(B, R).dump(2, ' ', false,
                                     nlohmann::json::error_handler_t::replace) +
                 "\n",
             Err) &&
         writeTextFile(In("report.md"), reportMarkdown(B, R), Err) &&
         writeTextFile(In("report.html"), reportHtml(B, R), Err);
}

static std::string nowUtc() {
  std::time_t T = std::time(nullptr);
  std::tm Tm;
  gmtime_r(&T, &Tm);
  char Buf[32];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", &Tm);
  return Buf;
}

/// Text safe inside a C block comment.
static std::string commentSafe(std::string S) {
  for (size_t P = 0; (P = S.find("*/", P)) != std::string::npos; P += 2)
    S.replace(P, 2, "* /");
  return S;
}

std::string bestHeaderComment(const Bundle &B, const TuningRun &R) {
  std::string S;
  auto Line = [&](const std::string &L) {
    S += commentSafe(L.empty() ? " *" : " * " + L);
    S += "\n";
  };
  S += "/*\n";
  Line("Tuned by c2cuda tune on " +
       (R.StartedAt.empty() ? nowUtc() : R.StartedAt) + ".");
  for (const auto &[K, V] : reportFacts(B, R))
    Line(K + ": " + V);
  const Evaluation *Best = R.Best >= 0 && (size_t)R.Best < R.Results.size()
                               ? &R.Results[R.Best]
                               : nullptr;
  if (!Best || Best->Status != EvalStatus::Ok) {
    Line("");
    Line("No candidate verified and ran; this is the default variant.");
    S += " */\n";
    return S;
  }
  Line("");
  Line("best variant: " + Best->VariantId + " (" + paramsText(Best->Params) +
       ")");
  nlohmann::json Entry =
      Best->Schedule.is_object() ? Best->Schedule : nlohmann::json::object();
  if (!Entry.contains("nest"))
    Entry["nest"] = B.Nest;
  nlohmann::json File = {{B.Function, nlohmann::json::array({Entry})}};
  if (Best->Role == "default") {
    // The code below is the default's as measured, smaller tiles for few
    // blocks included, which the schedule as clauses would not give.
    Line("schedule: the default (what `c2cuda " + B.SourceName +
         "` writes); its largest tiles as a file:");
  } else {
    Line("schedule (as a file for `c2cuda " + B.SourceName +
         " --schedule FILE.json`):");
  }
  Line("  " + File.dump());
  const TimeStats &T = Best->Time;
  Line("time: median " + fmtSig(T.MedianMs) + " ms, min " + fmtSig(T.MinMs) +
       " ms, max " + fmtSig(T.MaxMs) + " ms over " +
       std::to_string(T.SamplesMs.size()) + " runs");
  Line("throughput: " + fmtSig(Best->GFlops, 4) + " GFLOP/s, " +
       fmtSig(Best->GBytesPerSecond, 4) + " GB/s; " +
       fmtPct(Best->FractionOfFlopFloor) + " of the arithmetic floor, " +
       fmtPct(Best->FractionOfBandwidthFloor) + " of the bandwidth floor");
  auto Speedup = [&](int I, const char *Name) {
    if (I < 0 || (size_t)I >= R.Results.size())
      return std::string(Name) + ": not evaluated";
    const Evaluation &E = R.Results[I];
    if (E.Status != EvalStatus::Ok || E.Time.MedianMs <= 0)
      return std::string(Name) + " (" + E.VariantId +
             "): " + statusName(E.Status);
    return fmtSig(E.Time.MedianMs / T.MedianMs) + "x over " + Name + " (" +
           E.VariantId + ", " + fmtSig(E.Time.MedianMs) + " ms)";
  };
  Line("speedup: " + Speedup(R.Default, "default") + ", " +
       Speedup(R.Plain, "plain"));
  Line("verification: relative L2 error " + fmtErr(Best->SmallError) +
       " vs the C in float64, " + fmtErr(Best->TuningError) +
       " vs the plain mapping");
  S += " */\n";
  return S;
}

} // namespace tuner
} // namespace c2cuda
