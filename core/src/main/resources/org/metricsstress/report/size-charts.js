/*
 * The size page's charts, drawn by uPlot from <script id="size-data">: the measured rate by
 * cluster size with the fitted curve (the USL, or linear per-node scaling) against the target and
 * the target over the headroom, lower bounds (find-max's at-least answers) drawn hollow; and the
 * ring's predicted backlog over the cold start, straight lines between the times the model gives.
 * Written for this tool; kept to plain ES2015 and free of template literals (Maven filters this file).
 */
(function () {
  "use strict";
  var BLUE = "#2563eb", GREEN = "#16a34a", RED = "#dc2626", ORANGE = "#ea580c", GREY = "#6b7280";
  var errors = document.getElementById("chart-errors");
  window.addEventListener("error", function (e) {
    if (errors) { errors.hidden = false; errors.textContent += "script error: " + e.message + "\n"; }
  });
  var data = JSON.parse(document.getElementById("size-data").textContent);

  function width(host) { return Math.max(600, host.clientWidth); }

  function scaleChart(s) {
    var host = document.getElementById("scale-chart");
    if (!host || !s) { return; }
    var most = s.nodes || 0;
    s.points.forEach(function (p) { most = Math.max(most, p[0]); });
    most = Math.max(2, Math.ceil(most * 1.25));
    var bounds = s.bounds || [];
    bounds.forEach(function (p) { most = Math.max(most, Math.ceil(p[0] * 1.25)); });
    var xs = [], fit = [], measured = [], atLeast = [], target = [], planned = [];
    var byNodes = {}, boundByNodes = {};
    s.points.forEach(function (p) { byNodes[p[0]] = p[1]; });
    bounds.forEach(function (p) { boundByNodes[p[0]] = p[1]; });
    for (var n = 1; n <= most; n++) {
      xs.push(n);
      var c = s.usl ? s.usl.lambda * n / (1 + s.usl.sigma * (n - 1) + s.usl.kappa * n * (n - 1)) : s.perNode * n;
      fit.push(c);
      measured.push(byNodes[n] != null ? byNodes[n] : null);
      atLeast.push(boundByNodes[n] != null ? boundByNodes[n] : null);
      target.push(s.target);
      planned.push(s.headroom > 0 ? s.target / s.headroom : null);
    }
    var opts = {
      title: "samples/s by nodes per DC: measured, " + (s.usl ? "the USL fitted" : "linear per node (an assumption)"),
      width: width(host), height: 320,
      scales: { x: { time: false } },
      axes: [{ label: "nodes per DC", labelSize: 20 }, { label: "samples/s", size: 80, labelSize: 20 }],
      series: [
        { label: "nodes" },
        { label: s.usl ? "USL" : "linear", stroke: BLUE, width: 2 },
        { label: "measured", stroke: GREEN, width: 0, points: { show: true, size: 9, fill: GREEN } },
        { label: "at least (a lower bound)", stroke: ORANGE, width: 0, points: { show: true, size: 9, fill: "#fff" } },
        { label: "target", stroke: RED, width: 1.5 },
        { label: "target / headroom", stroke: ORANGE, width: 1.5, dash: [8, 4] }
      ],
      legend: { live: true }
    };
    new uPlot(opts, [xs, fit, measured, atLeast, target, planned], host);
  }

  function ringChart(r) {
    var host = document.getElementById("ring-chart");
    if (!host || !r || r.points.length < 2) { return; }
    var xs = [], ys = [], size = [];
    r.points.forEach(function (p) { xs.push(p[0]); ys.push(p[1]); size.push(r.size); });
    var opts = {
      title: "the ring's backlog over the cold start, as predicted (events)",
      width: width(host), height: 280,
      scales: { x: { time: false } },
      axes: [{ label: "seconds since the start", labelSize: 20 }, { label: "events", size: 80, labelSize: 20 }],
      series: [
        { label: "s" },
        { label: "backlog", stroke: ORANGE, width: 2, fill: "rgba(234,88,12,0.08)" },
        { label: "ring size", stroke: GREY, width: 1, dash: [6, 4] }
      ],
      legend: { live: true }
    };
    new uPlot(opts, [xs, ys, size], host);
  }

  scaleChart(data.scale);
  ringChart(data.ring);
})();
