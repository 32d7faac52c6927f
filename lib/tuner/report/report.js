
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
