//===- ReportHtml.cpp - report.html ---------------------------------------===//
//
// One self-contained page: inline CSS, inline JS, and the data embedded as
// JSON script elements (report.json whole, and the points the charts
// draw). The tables are static HTML, so the page reads without JS; the
// four charts are SVG drawn by the inline JS. After drawing, the JS sets
// body[data-charts-rendered] to the number of charts drawn, and each chart
// svg carries class "chart" and data-points, the number of marks in it
// (tests read both from the DOM in headless Chromium).
//
//===----------------------------------------------------------------------===//

#include "tuner/Report.h"
#include "tuner/ReportTables.h"

#include <algorithm>
#include <cctype>
#include <cstring>

// The page's style and script are ordinary files (report/report.css,
// report/report.js), embedded at build time (cmake/EmbedText.cmake).
#include "report.css.inc"
#include "report.js.inc"

namespace c2cuda {
namespace tuner {

static std::string esc(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

/// Numbers, times, ratios and percentages are right-aligned; words left.
static bool isNumeric(const std::string &C) {
  if (C.empty())
    return true;
  for (char Ch : C)
    if (!std::isdigit((unsigned char)Ch) && !std::strchr(".-+e%x/ ", Ch))
      return false;
  return true;
}

/// JSON safe inside <script>: '<', '>' and '&' only occur in strings, where
/// \u escapes mean the same characters.
static std::string scriptJson(const nlohmann::json &J) {
  std::string D =
      J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string Out;
  Out.reserve(D.size());
  for (char C : D) {
    if (C == '<')
      Out += "\\u003c";
    else if (C == '>')
      Out += "\\u003e";
    else if (C == '&')
      Out += "\\u0026";
    else
      Out += C;
  }
  return Out;
}

/// The points the charts draw, one entry per evaluated variant, plus the
/// search's best-so-far curve.
static nlohmann::json chartData(const Bundle &B, const TuningRun &R) {
  nlohmann::json J;
  nlohmann::json Vs = nlohmann::json::array();
  for (const Evaluation &E : R.Results) {
    if (E.Status == EvalStatus::Skipped)
      continue;
    bool Ok = E.Status == EvalStatus::Ok && E.Time.MedianMs > 0;
    nlohmann::json V = {
        {"id", E.VariantId},
        {"role", E.Role},
        {"status", statusName(E.Status)},
        {"ms", Ok ? nlohmann::json(E.Time.MedianMs) : nullptr},
        {"occ", E.Compile.Ok ? nlohmann::json(E.PredictedOccupancy) : nullptr},
        {"order", E.Order},
        {"params", E.Params.is_object() ? E.Params : nlohmann::json::object()},
        {"reason", E.Reason}};
    Vs.push_back(std::move(V));
  }
  J["variants"] = std::move(Vs);
  J["params"] = parametersToJson(B.Params);

  // Best-so-far over the search's evaluations, in the order it asked.
  std::vector<const Evaluation *> Search;
  for (const Evaluation &E : R.Results)
    if (E.Role == "candidate" && E.Status != EvalStatus::Skipped)
      Search.push_back(&E);
  std::stable_sort(Search.begin(), Search.end(),
                   [](const Evaluation *A, const Evaluation *B) {
                     return A->Order < B->Order;
                   });
  nlohmann::json Curve = nlohmann::json::array();
  double Best = 0;
  for (size_t I = 0; I < Search.size(); ++I) {
    const Evaluation &E = *Search[I];
    if (E.Status == EvalStatus::Ok && E.Time.MedianMs > 0 &&
        (Best == 0 || E.Time.MedianMs < Best))
      Best = E.Time.MedianMs;
    Curve.push_back({{"n", I + 1},
                     {"best_ms", Best > 0 ? nlohmann::json(Best) : nullptr},
                     {"id", E.VariantId}});
  }
  J["best_so_far"] = std::move(Curve);
  auto Id = [&](int I) {
    return I >= 0 && (size_t)I < R.Results.size()
               ? nlohmann::json(R.Results[I].VariantId)
               : nlohmann::json();
  };
  J["best"] = Id(R.Best);
  J["default"] = Id(R.Default);
  J["plain"] = Id(R.Plain);
  return J;
}

static const char *const Css = ReportCss;

// The charts. Plain ES5-ish JS; every mark is a circle, rect or path.
static const char *const Js = ReportJs;

std::string reportHtml(const Bundle &B, const TuningRun &R) {
  std::string Title = "c2cuda tune: " + B.Function + " (" + B.SourceName +
                      ", nest " + std::to_string(B.Nest) + ")";
  std::string S = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                  "charset=\"utf-8\">\n<title>" +
                  esc(Title) + "</title>\n<style>" + Css +
                  "</style>\n</head>\n<body>\n<h1>" + esc(Title) + "</h1>\n";
  S += "<p class=\"headline\">" + esc(reportHeadline(B, R)) + "</p>\n";
  S += "<dl class=\"facts\">\n";
  for (const auto &[K, V] : reportFacts(B, R))
    S += "<dt>" + esc(K) + "</dt><dd>" + esc(V) + "</dd>\n";
  S += "</dl>\n";

  S += "<h2>Charts</h2>\n<noscript><p class=\"note\">The charts need "
       "JavaScript; the tables below do not.</p></noscript>\n"
       "<div class=\"charts\">\n"
       "<figure id=\"chart-time\"></figure>\n"
       "<figure id=\"chart-params\"></figure>\n"
       "<figure id=\"chart-occupancy\"></figure>\n"
       "<figure id=\"chart-progress\"></figure>\n</div>\n";

  for (const ReportTable &T : reportTables(B, R)) {
    S += "<h2 id=\"" + esc(T.Id) + "\">" + esc(T.Title) + "</h2>\n";
    if (!T.Note.empty())
      S += "<p class=\"note\">" + esc(T.Note) + "</p>\n";
    if (T.Rows.empty())
      continue;
    S += "<table id=\"table-" + esc(T.Id) + "\">\n<tr>";
    for (const std::string &H : T.Head)
      S += "<th>" + esc(H) + "</th>";
    S += "</tr>\n";
    for (const auto &Row : T.Rows) {
      S += "<tr>";
      for (const std::string &C : Row)
        S += (isNumeric(C) ? "<td>" : "<td class=\"t\">") + esc(C) + "</td>";
      S += "</tr>\n";
    }
    S += "</table>\n";
  }

  S += "<script type=\"application/json\" id=\"report-data\">" +
       scriptJson(reportToJson(B, R)) + "</script>\n";
  S += "<script type=\"application/json\" id=\"chart-data\">" +
       scriptJson(chartData(B, R)) + "</script>\n";
  S += "<script>" + std::string(Js) + "</script>\n</body>\n</html>\n";
  return S;
}

} // namespace tuner
} // namespace c2cuda
