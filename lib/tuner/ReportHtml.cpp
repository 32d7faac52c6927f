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

static const char *const Css = R"CSS(
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#222}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0;font-size:13px}
td,th{border:1px solid #ddd;padding:3px 8px;text-align:right;vertical-align:top}
td:first-child,th:first-child,td.t{text-align:left}
th{background:#f4f4f4}
p.headline{font-size:1.15em;font-weight:600;margin:8px 0 16px}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 12px}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.note{color:#555}
svg.chart{background:#fcfcfc;border:1px solid #e4e4e4;margin:6px 0}
svg text{font-size:11px;fill:#444}
.charts figure{margin:0 0 18px}
figcaption{font-weight:600}
.legend span{margin-right:14px}
)CSS";

// The charts. Plain ES5-ish JS; every mark is a circle, rect or path.
static const char *const Js = R"JS(
(function () {
  var NS = 'http://www.w3.org/2000/svg';
  var data = JSON.parse(document.getElementById('chart-data').textContent);
  var COL = {candidate: '#3b73b9', default: '#e08a00', plain: '#777',
             best: '#1a9850', fail: '#d73027'};
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function text(parent, x, y, s, anchor, rot) {
    var t = el('text', {x: x, y: y, 'text-anchor': anchor || 'middle'}, parent);
    if (rot) t.setAttribute('transform', 'rotate(-90 ' + x + ' ' + y + ')');
    t.textContent = s;
    return t;
  }
  function fmt(v) {
    if (v === 0) return '0';
    var a = Math.abs(v);
    if (a >= 100) return v.toFixed(0);
    if (a >= 1) return v.toPrecision(3).replace(/\.?0+$/, '');
    return v.toPrecision(2);
  }
  // A y (time) scale: log when times span more than 4x (the plain mapping
  // is often 10x slower and would flatten the rest).
  function timeScale(ms, y0, y1) {
    var lo = Math.min.apply(null, ms), hi = Math.max.apply(null, ms);
    if (!(lo > 0)) lo = hi > 0 ? hi / 2 : 1;
    var log = hi / lo > 4;
    if (lo === hi) { lo = lo * 0.9; hi = hi * 1.1; }
    var f = log ? function (v) { return Math.log(v); } : function (v) { return v; };
    var a = f(lo), b = f(hi), pad = (b - a) * 0.05;
    a -= pad; b += pad;
    if (!log && a < 0) a = 0;
    var s = function (v) { return y0 + (f(v) - a) / (b - a) * (y1 - y0); };
    s.ticks = [];
    for (var i = 0; i <= 4; i++) {
      var t = a + (b - a) * i / 4;
      s.ticks.push(log ? Math.exp(t) : t);
    }
    s.log = log;
    return s;
  }
  function yAxis(svg, s, x, label, top, bottom) {
    el('line', {x1: x, x2: x, y1: top, y2: bottom, stroke: '#999'}, svg);
    s.ticks.forEach(function (t) {
      var y = s(t);
      el('line', {x1: x - 4, x2: x, y1: y, y2: y, stroke: '#999'}, svg);
      text(svg, x - 6, y + 4, fmt(t), 'end');
    });
    text(svg, 12, (top + bottom) / 2, label + (s.log ? ' (log)' : ''), 'middle', true);
  }
  function newChart(id, w, h, caption) {
    var fig = document.getElementById(id);
    var cap = document.createElement('figcaption');
    cap.textContent = caption;
    fig.appendChild(cap);
    var svg = el('svg', {'class': 'chart', width: w, height: h,
                         viewBox: '0 0 ' + w + ' ' + h}, fig);
    return svg;
  }
  function colorOf(v) {
    if (v.id === data.best) return COL.best;
    return COL[v.role] || COL.candidate;
  }
  function dot(svg, x, y, v, r) {
    var c = el('circle', {cx: x, cy: y, r: r || 3.5, fill: colorOf(v),
                          'fill-opacity': 0.8}, svg);
    el('title', {}, c).textContent = v.id + ' (' + v.role + '): ' +
        fmt(v.ms) + ' ms ' + JSON.stringify(v.params);
    return c;
  }
  function cross(svg, x, y, v) {
    var p = el('path', {d: 'M' + (x - 4) + ' ' + (y - 4) + 'l8 8m0 -8l-8 8',
                        stroke: COL.fail, 'stroke-width': 2}, svg);
    el('title', {}, p).textContent = v.id + ': ' + v.status + ' ' + v.reason;
    return p;
  }
  var ok = data.variants.filter(function (v) { return v.ms !== null; });
  var failed = data.variants.filter(function (v) { return v.status !== 'ok'; });

  // 1. Time per variant, fastest first; failures as crosses on the right.
  function timePerVariant() {
    var W = 900, H = 300, L = 60, R = 20, T = 14, B = 36;
    var svg = newChart('chart-time', W, H,
        'Median time per variant, sorted (green: best, orange: default, ' +
        'grey: plain, red crosses: failed)');
    var sorted = ok.slice().sort(function (a, b) { return a.ms - b.ms; });
    var n = sorted.length + failed.length, marks = 0;
    var s = timeScale(sorted.length ? sorted.map(function (v) { return v.ms; }) : [1],
                      H - B, T);
    yAxis(svg, s, L, 'ms', T, H - B);
    var step = (W - L - R) / Math.max(n, 1);
    sorted.forEach(function (v, i) {
      dot(svg, L + step * (i + 0.5), s(v.ms), v); marks++;
    });
    failed.forEach(function (v, i) {
      cross(svg, L + step * (sorted.length + i + 0.5), T + 8, v); marks++;
    });
    text(svg, (L + W - R) / 2, H - 8, 'variants by rank (' + sorted.length +
         ' ok, ' + failed.length + ' failed)');
    svg.setAttribute('data-points', marks);
  }

  // 2. Each parameter vs time: one panel per parameter, values as columns.
  function paramsVsTime() {
    var P = data.params, cols = Math.min(3, Math.max(P.length, 1));
    var PW = 290, PH = 210, rows = Math.max(1, Math.ceil(P.length / cols));
    var svg = newChart('chart-params', PW * cols, PH * rows,
                       'Median time vs each parameter (one dot per variant)');
    var s0 = timeScale(ok.length ? ok.map(function (v) { return v.ms; }) : [1], 0, 1);
    var marks = 0;
    P.forEach(function (p, k) {
      var ox = (k % cols) * PW, oy = Math.floor(k / cols) * PH;
      var L = ox + 50, R = ox + PW - 10, T = oy + 22, B = oy + PH - 30;
      var g = el('g', {}, svg);
      text(g, (L + R) / 2, oy + 14, p.name);
      var s = function (v) { return B + s0(v) * (T - B); };
      s.ticks = s0.ticks; s.log = s0.log;
      el('line', {x1: L, x2: L, y1: T, y2: B, stroke: '#999'}, g);
      s.ticks.forEach(function (t) {
        text(g, L - 4, s(t) + 4, fmt(t), 'end');
      });
      var nv = p.values.length, w = (R - L) / Math.max(nv, 1);
      p.values.forEach(function (val, j) {
        text(g, L + w * (j + 0.5), B + 16, typeof val === 'string' ? val : JSON.stringify(val));
      });
      ok.forEach(function (v, i) {
        if (!(p.name in v.params)) return;
        var key = JSON.stringify(v.params[p.name]), j = -1;
        p.values.forEach(function (val, jj) { if (JSON.stringify(val) === key) j = jj; });
        if (j < 0) return;
        var jitter = ((i * 37) % 11 - 5) / 5 * w * 0.25;
        dot(g, L + w * (j + 0.5) + jitter, s(v.ms), v, 3); marks++;
      });
    });
    if (!P.length) text(svg, PW / 2, PH / 2, 'the space has no parameters');
    svg.setAttribute('data-points', marks);
  }

  // 3. Predicted occupancy (from ptxas's registers) vs time.
  function occupancyVsTime() {
    var W = 600, H = 300, L = 60, R = 20, T = 14, B = 40;
    var svg = newChart('chart-occupancy', W, H,
                       'Median time vs predicted occupancy');
    var pts = ok.filter(function (v) { return v.occ !== null; });
    var s = timeScale(pts.length ? pts.map(function (v) { return v.ms; }) : [1],
                      H - B, T);
    yAxis(svg, s, L, 'ms', T, H - B);
    var x = function (o) { return L + o * (W - L - R); };
    el('line', {x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#999'}, svg);
    [0, 0.25, 0.5, 0.75, 1].forEach(function (o) {
      text(svg, x(o), H - B + 14, Math.round(o * 100) + '%');
    });
    text(svg, (L + W - R) / 2, H - 6, 'predicted occupancy');
    pts.forEach(function (v) { dot(svg, x(v.occ), s(v.ms), v); });
    svg.setAttribute('data-points', pts.length);
  }

  // 4. The search's best-so-far time vs evaluation number (a step line).
  function bestSoFar() {
    var W = 600, H = 300, L = 60, R = 20, T = 14, B = 40;
    var svg = newChart('chart-progress', W, H,
                       'Best time so far vs evaluation number');
    var c = data.best_so_far.filter(function (p) { return p.best_ms !== null; });
    var n = data.best_so_far.length;
    var s = timeScale(c.length ? c.map(function (p) { return p.best_ms; }) : [1],
                      H - B, T);
    yAxis(svg, s, L, 'ms', T, H - B);
    var x = function (i) { return L + (i - 0.5) / Math.max(n, 1) * (W - L - R); };
    el('line', {x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#999'}, svg);
    text(svg, x(1), H - B + 14, '1');
    if (n > 1) text(svg, x(n), H - B + 14, String(n));
    text(svg, (L + W - R) / 2, H - 6, 'evaluation');
    var d = '', marks = 0, prev = null;
    c.forEach(function (p) {
      var px = x(p.n), py = s(p.best_ms);
      d += (d ? 'H' + px + 'V' + py : 'M' + px + ' ' + py);
      if (prev === null || p.best_ms < prev) {
        var m = el('circle', {cx: px, cy: py, r: 3.5, fill: COL.best}, svg);
        el('title', {}, m).textContent = '#' + p.n + ' ' + p.id + ': ' + fmt(p.best_ms) + ' ms';
        marks++;
      }
      prev = p.best_ms;
    });
    if (c.length) {
      d += 'H' + x(n);
      el('path', {d: d, fill: 'none', stroke: COL.best, 'stroke-width': 2}, svg);
    }
    svg.setAttribute('data-points', marks);
  }

  var drawn = 0;
  [timePerVariant, paramsVsTime, occupancyVsTime, bestSoFar].forEach(function (f) {
    try { f(); drawn++; } catch (e) {
      if (window.console) console.error(e);
    }
  });
  document.body.dataset.chartsRendered = String(drawn);
})();
)JS";

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
