/*
 * The report's charts, drawn by uPlot from the runs' intervals embedded in the page
 * (<script id="chart-data">, the result JSON's intervals without their histograms).
 * One chart per question; with several runs each series is drawn once per run on one time axis,
 * every run from its own start (seconds since its generation began), told apart by the dash.
 * Drag to zoom (double-click to reset), values under the pointer in the legend, a series hidden
 * or shown by clicking its name; the pointer is shared by all charts.
 * Written for this tool; kept to plain ES2015 and free of template literals (Maven filters this file).
 */
(function () {
  "use strict";
  var GREY = "#6b7280", BLUE = "#2563eb", GREEN = "#16a34a", PURPLE = "#7c3aed", CYAN = "#0891b2",
      RED = "#dc2626", ORANGE = "#ea580c";
  // Run k is drawn with DASHES[k % 4]: solid, dashed, dotted, dash-dot.
  var DASHES = [null, [8, 4], [2, 3], [10, 3, 2, 3]];
  var MARKER_COLOURS = { fault: RED, step: GREY, coldstart: ORANGE, index: PURPLE, drain: GREY };

  var errors = document.getElementById("chart-errors");
  function report(msg) {
    if (errors) {
      errors.hidden = false;
      errors.textContent += msg + "\n";
    }
  }
  window.addEventListener("error", function (e) { report("script error: " + e.message); });

  var data = JSON.parse(document.getElementById("chart-data").textContent);
  var runs = data.runs;

  function lat(kind, pct) {
    return function (s) {
      var l = s[kind];
      // An interval in which nothing was acknowledged has no latency: a gap, not 0 ms.
      return l == null || l.count === 0 || !(l[pct] > 0) ? null : l[pct];
    };
  }
  function perSecond(field) {
    return function (s) { return s.intervalSeconds > 0 ? s[field] / s.intervalSeconds : null; };
  }
  // WorkerTime.busyShare(): busy time against the workers' time (workers x wall time).
  function busyPercent(s) {
    var w = s.workers;
    return w && w.workers > 0 && w.wallSeconds > 0 ? Math.min(100, 100 * w.busySeconds / (w.workers * w.wallSeconds)) : null;
  }
  function field(name) { return function (s) { return s[name]; }; }
  function latencyChart(id, kind, title, caption) {
    return {
      id: id, title: title, caption: caption, log: true, unit: "ms",
      series: [
        { label: "p50", colour: GREEN, value: lat(kind, "p50Ms") },
        { label: "p99", colour: BLUE, value: lat(kind, "p99Ms") },
        { label: "p99.9", colour: PURPLE, value: lat(kind, "p999Ms") },
        { label: "max", colour: RED, value: lat(kind, "maxMs") }
      ]
    };
  }

  var CHARTS = [
    {
      id: "chart-rate", title: "Samples per second: target, generated, written, dropped, failed", unit: "samples/s",
      caption: "Written below generated means the cluster (or the writers) fell behind.",
      series: [
        { label: "target", colour: GREY, value: field("targetSamplesPerSecond"), thin: true },
        { label: "generated", colour: BLUE, value: perSecond("generated") },
        { label: "written", colour: GREEN, value: perSecond("written") },
        { label: "dropped", colour: RED, value: perSecond("dropped") },
        { label: "failed", colour: ORANGE, value: perSecond("failed") }
      ]
    },
    latencyChart("chart-latency", "response", "Response time per interval (intended → acknowledged, coordinated-omission corrected)",
        "Log scale. Gaps: no write acknowledged in that interval."),
    latencyChart("chart-service", "service", "Service time per interval (sent → acknowledged)",
        "Log scale. What the cluster took to answer, without the time a commit waited in this client."),
    latencyChart("chart-queue", "queue", "Queue time per interval (intended → picked up by a writer)",
        "Log scale. Grows while the ring holds a backlog."),
    latencyChart("chart-lag", "scheduleLag", "Schedule lag per interval (how late the generators ran)",
        "Log scale. Lag while the ring stays empty means this client, not the database, is the bottleneck."),
    {
      id: "chart-ring", title: "Backlog: ring occupancy and write requests in flight", unit: "slots / requests",
      caption: "Samples are dropped when the ring is full (its size dashed).",
      series: [
        { label: "ring occupancy", colour: PURPLE, value: field("ringOccupancy") },
        { label: "ring size", colour: GREY, thin: true, value: function (s, run) { return run.ringSize > 0 ? run.ringSize : null; } },
        { label: "requests in flight", colour: CYAN, value: field("inFlightRequests") }
      ]
    },
    {
      id: "chart-index", title: "Indexing: % of plan resources indexed, index rows per second, cache entries",
      caption: "A cold cache indexes every resource once, then index writes stop.", unit: "rows/s · entries",
      when: function (run) { return run.indexOn; },
      right: { unit: "% indexed", min: 0, max: 100 },
      series: [
        { label: "% indexed", colour: GREEN, right: true, value: function (s) { return s.indexedPercent >= 0 ? s.indexedPercent : null; } },
        { label: "index rows/s", colour: BLUE, value: function (s) { return s.indexRows >= 0 && s.intervalSeconds > 0 ? s.indexRows / s.intervalSeconds : null; } },
        { label: "cache entries", colour: PURPLE, value: function (s) { return s.cacheSize >= 0 ? s.cacheSize : null; } }
      ]
    },
    {
      id: "chart-workers", title: "Writer's workers: share of their time busy", unit: "%",
      caption: "Near 100%, the writer is saturated: more workers (or a faster cluster) would help.",
      when: function (run) { return run.intervals.some(busyPercent); },
      min: 0, max: 100,
      series: [
        { label: "busy", colour: BLUE, value: busyPercent }
      ]
    },
    {
      id: "chart-client", title: "Client: CPU, heap and GC pauses per interval", unit: "%",
      caption: "A client near 100% CPU or pausing for GC limits the rate itself.", min: 0, max: 100,
      right: { unit: "GC pause ms per interval", min: 0 },
      series: [
        { label: "CPU % of all cores", colour: BLUE, value: field("cpuPercent") },
        { label: "heap used, % of max", colour: GREEN, value: function (s, run) { return run.maxHeapBytes > 0 && s.heapUsedBytes >= 0 ? 100 * s.heapUsedBytes / run.maxHeapBytes : null; } },
        { label: "GC pause", colour: RED, right: true, value: field("gcPauseMs") }
      ]
    }
  ];

  // The nodes' own figures (result.nodeTelemetry), one chart per figure, every node of every run
  // overlaid: a point per reading, a gap where the node did not answer.
  var NODE_COLOURS = [BLUE, GREEN, PURPLE, ORANGE, CYAN, RED, GREY];
  var NODE_CHARTS = [
    { id: "chart-node-mutation", title: "Nodes: MutationStage writes queued", unit: "tasks",
      caption: "A queue that stays above 0 with every thread busy: the mutation stage is saturated (concurrent_writes).",
      value: function (p) { return p.mutationPending; } },
    { id: "chart-node-transport", title: "Nodes: native-transport requests queued", unit: "requests",
      caption: "Requests waiting for a native-transport thread (native_transport_max_threads).",
      value: function (p) { return p.transportPending; } },
    { id: "chart-node-flush", title: "Nodes: memtable flushes queued", unit: "flushes",
      caption: "Flushes behind hold writes back (memtable_flush_writers, the disk).",
      value: function (p) { return p.flushPending; } },
    { id: "chart-node-compactions", title: "Nodes: compactions pending", unit: "compactions",
      caption: "A backlog that grows: compaction is behind (compaction_throughput, concurrent_compactors).",
      value: function (p) { return p.compactionsPending; } },
    { id: "chart-node-hints", title: "Nodes: hint files held for other nodes", unit: "files",
      caption: "Hints that grow: a replica is down or behind.",
      value: function (p) { return p.hintFiles; } },
    { id: "chart-node-write", title: "Nodes: local write p99, slowest table", unit: "ms",
      caption: "The node's own write time (commit log and memtable), without the network or the client.",
      value: function (p) { return p.writeP99Ms; } },
    { id: "chart-node-gc", title: "Nodes: GC pause per reading", unit: "ms", jmx: true,
      caption: "The node's collectors' time since the reading before (its JMX).",
      value: function (p) { return p.gcMs; } },
    { id: "chart-node-cpu", title: "Nodes: process CPU, % of the node's cores", unit: "%", jmx: true, min: 0, max: 100,
      caption: "Every node busy and no stage of its own saturated: too few nodes.",
      value: function (p) { return p.cpuPercent; } },
    { id: "chart-node-read", title: "Nodes: time to answer their own figures", unit: "ms", log: true,
      caption: "Log scale. A healthy node answers in milliseconds; gaps: no answer within the reading's bound (stopped or overloaded).",
      value: function (p) { return p.readMs; } }
  ];

  // From 0: the first interval ends one report interval in, and markers before it (ring full) stay in view.
  function timeScale() {
    return { time: false, range: function (u, lo, hi) { return [Math.min(0, lo), hi > 0 ? hi : 1]; } };
  }
  function timeAxis() {
    return { label: runs.length > 1 ? "seconds since each run's start" : "seconds since the start", labelSize: 20 };
  }

  function buildNodes(chart, host) {
    var tables = [], series = [{ label: "s", value: function (u, v) { return v == null ? "–" : v.toFixed(1) + " s"; } }];
    var colour = 0;
    runs.forEach(function (run) {
      (run.nodes || []).forEach(function (n) {
        var points = n.readings.filter(function (p) { return p.t >= 0; });
        var ys = points.map(function (p) {
          var v = chart.value(p);
          return v == null || !isFinite(v) || (chart.log && v <= 0) ? null : v;
        });
        if (!ys.some(function (v) { return v != null; })) { return; }
        tables.push([points.map(function (p) { return p.t; }), ys]);
        series.push({
          label: (runs.length > 1 ? run.tag + " " : "") + n.node,
          stroke: NODE_COLOURS[colour++ % NODE_COLOURS.length],
          width: 1.6,
          dash: DASHES[run.index % DASHES.length],
          spanGaps: false,
          points: { show: points.length < 40 },
          value: function (u, v) { return fmt(v); }
        });
      });
    });
    if (tables.length === 0) { return null; }
    var aligned = tables.length === 1 ? tables[0] : uPlot.join(tables);
    var yScale = chart.log ? { distr: 3, log: 10 } : { range: function (u, lo, hi) {
      var min = chart.min != null ? Math.min(chart.min, lo) : Math.min(0, lo), max = chart.max != null ? Math.max(chart.max, hi) : hi;
      return uPlot.rangeNum(min, max > min ? max : min + 1, 0.1, true);
    } };
    return new uPlot({
      title: chart.title,
      width: Math.max(600, host.clientWidth),
      height: 260,
      scales: { x: timeScale(), y: yScale },
      axes: [timeAxis(), { label: chart.unit, scale: "y", size: 70, labelSize: 20 }],
      series: series,
      cursor: { sync: { key: "runs" }, drag: { x: true, y: false } },
      legend: { live: true },
      plugins: [markerPlugin(chart)]
    }, aligned, host);
  }

  function fmt(v) {
    if (v == null || isNaN(v)) { return "–"; }
    var a = Math.abs(v);
    return a >= 100 ? Math.round(v).toLocaleString("en") : a >= 1 ? v.toFixed(2) : a === 0 ? "0" : v.toPrecision(3);
  }

  // Vertical dashed lines at the runs' markers (faults, steps, the cold start, the drain), labelled at the top.
  function markerPlugin(chart) {
    return {
      hooks: {
        draw: [function (u) {
          var ctx = u.ctx, top = u.bbox.top, bottom = u.bbox.top + u.bbox.height, drawn = 0;
          var min = u.scales.x.min, max = u.scales.x.max, lastRight = -1e9, row = 0;
          ctx.save();
          ctx.font = Math.round(11 * devicePixelRatio) + "px system-ui, sans-serif";
          ctx.textBaseline = "top";
          runs.forEach(function (run, k) {
            if (chart.when && !chart.when(run)) { return; }
            run.markers.forEach(function (m) {
              if (m.at < min || m.at > max) { return; }
              var x = Math.round(u.valToPos(m.at, "x", true));
              ctx.strokeStyle = MARKER_COLOURS[m.kind] || GREY;
              ctx.lineWidth = devicePixelRatio;
              ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, bottom);
              ctx.stroke();
              var text = (runs.length > 1 ? run.tag + ": " : "") + m.text;
              // Labels that would overlap the one before go one row down.
              row = x < lastRight ? row + 1 : 0;
              ctx.fillStyle = "#52606d";
              ctx.fillText(text, x + 3 * devicePixelRatio, top + 2 * devicePixelRatio + row * 13 * devicePixelRatio);
              lastRight = Math.max(lastRight, x + ctx.measureText(text).width + 8 * devicePixelRatio);
              drawn++;
            });
          });
          ctx.restore();
          u.root.parentNode.setAttribute("data-markers", String(drawn));
        }]
      }
    };
  }

  function build(chart, host) {
    var shown = runs.filter(function (run) { return !chart.when || chart.when(run); });
    if (shown.length === 0) { return null; }
    var tables = [], series = [{ label: "s", value: function (u, v) { return v == null ? "–" : v.toFixed(1) + " s"; } }];
    shown.forEach(function (run) {
      var xs = run.intervals.map(function (s) { return s.elapsedSeconds; });
      var table = [xs];
      chart.series.forEach(function (sd) {
        table.push(run.intervals.map(function (s) {
          var v = sd.value(s, run);
          return v == null || !isFinite(v) || (chart.log && !sd.right && v <= 0) ? null : v;
        }));
        series.push({
          label: (runs.length > 1 ? run.tag + " " : "") + sd.label,
          stroke: sd.colour,
          width: sd.thin ? 1 : 1.6,
          dash: sd.thin ? [6, 4] : DASHES[run.index % DASHES.length],
          scale: sd.right ? "r" : "y",
          spanGaps: false,
          points: { show: run.intervals.length < 40 },
          value: function (u, v) { return fmt(v); }
        });
      });
      tables.push(table);
    });
    var aligned = tables.length === 1 ? tables[0] : uPlot.join(tables);
    var yScale = chart.log ? { distr: 3, log: 10 } : { range: function (u, lo, hi) {
      var min = chart.min != null ? Math.min(chart.min, lo) : lo, max = chart.max != null ? Math.max(chart.max, hi) : hi;
      if (chart.min != null && min >= 0 && !(max > min)) { max = min + 1; }
      return uPlot.rangeNum(min, max, 0.1, true);
    } };
    var scales = { x: timeScale(), y: yScale };
    var axes = [timeAxis(), { label: chart.unit, scale: "y", size: 70, labelSize: 20 }];
    if (chart.right) {
      scales.r = { range: function (u, lo, hi) {
        var min = chart.right.min != null ? Math.min(chart.right.min, lo) : lo;
        var max = chart.right.max != null ? Math.max(chart.right.max, hi) : hi;
        return uPlot.rangeNum(min, max > min ? max : min + 1, 0.1, true);
      } };
      axes.push({ label: chart.right.unit, scale: "r", side: 1, grid: { show: false }, size: 60, labelSize: 20 });
    }
    var opts = {
      title: chart.title,
      width: Math.max(600, host.clientWidth),
      height: 300,
      scales: scales,
      axes: axes,
      series: series,
      cursor: { sync: { key: "runs" }, drag: { x: true, y: false } },
      legend: { live: true },
      plugins: [markerPlugin(chart)]
    };
    return new uPlot(opts, aligned, host);
  }

  var box = document.getElementById("charts");
  var plots = [];
  // One chart's figure: its canvas, or a note where nothing was measured, and its caption.
  function place(chart, builder, missing, captionTail) {
    var fig = document.createElement("figure");
    fig.className = "chartbox";
    var host = document.createElement("div");
    host.className = "chart";
    host.id = chart.id;
    fig.appendChild(host);
    box.appendChild(fig);
    try {
      var u = builder(chart, host);
      if (u == null) {
        fig.removeChild(host);
        var note = document.createElement("p");
        note.className = "note";
        note.id = chart.id + "-note";
        note.textContent = missing;
        fig.appendChild(note);
        return;
      }
      plots.push(u);
      var cap = document.createElement("figcaption");
      cap.textContent = chart.caption + captionTail;
      fig.appendChild(cap);
    } catch (e) {
      report(chart.id + ": " + e.message);
    }
  }
  CHARTS.forEach(function (chart) {
    place(chart, build, chart.title.split(":")[0] + ": nothing measured in " + (runs.length > 1 ? "these runs" : "this run"),
        " Drag to zoom, double-click to reset; click a series to hide it.");
  });
  // The nodes' charts only where some run read its nodes: a run without them says so once.
  var nodesRead = runs.some(function (run) { return run.nodes && run.nodes.length > 0; });
  if (!nodesRead) {
    var none = document.createElement("p");
    none.className = "note";
    none.id = "chart-nodes-note";
    none.textContent = "Nodes: their own figures were not read in " + (runs.length > 1 ? "these runs" : "this run")
        + " (--node-telemetry, a cluster with system_views).";
    box.appendChild(none);
  } else {
    NODE_CHARTS.forEach(function (chart) {
      place(chart, buildNodes, chart.title + ": not measured" + (chart.jmx ? " (the nodes' JMX did not answer)" : ""),
          " One line per node.");
    });
  }
  window.addEventListener("resize", function () {
    plots.forEach(function (u) { u.setSize({ width: Math.max(600, u.root.parentNode.clientWidth), height: 300 }); });
  });
  box.setAttribute("data-drawn", String(plots.length));
  // When the charts were drawn, in ms since the page began loading: what opening the page costs.
  box.setAttribute("data-drawn-at-ms", String(Math.round(performance.now())));
})();
