//===- ReportMarkdown.cpp - report.md -------------------------------------===//

#include "tuner/Report.h"
#include "tuner/ReportTables.h"

namespace c2cuda {
namespace tuner {

/// A cell: one line, pipes escaped.
static std::string cell(const std::string &S) {
  std::string Out;
  for (char C : S) {
    if (C == '|')
      Out += "\\|";
    else if (C == '\n' || C == '\r')
      Out += ' ';
    else
      Out += C;
  }
  return Out;
}

std::string reportMarkdown(const Bundle &B, const TuningRun &R) {
  std::string S = "# c2cuda tune: " + B.Function + " (" + B.SourceName +
                  ", nest " + std::to_string(B.Nest) + ")\n\n";
  S += "**" + reportHeadline(B, R) + "**\n\n";
  for (const auto &[K, V] : reportFacts(B, R))
    S += "- **" + K + "**: " + cell(V) + "\n";
  for (const ReportTable &T : reportTables(B, R)) {
    S += "\n## " + T.Title + "\n\n";
    if (!T.Note.empty())
      S += T.Note + "\n\n";
    if (T.Rows.empty())
      continue;
    std::string Head = "|", Rule = "|";
    for (size_t I = 0; I < T.Head.size(); ++I) {
      Head += " " + cell(T.Head[I]) + " |";
      Rule += " --- |";
    }
    S += Head + "\n" + Rule + "\n";
    for (const auto &Row : T.Rows) {
      S += "|";
      for (const std::string &C : Row)
        S += " " + cell(C) + " |";
      S += "\n";
    }
  }
  return S;
}

} // namespace tuner
} // namespace c2cuda
