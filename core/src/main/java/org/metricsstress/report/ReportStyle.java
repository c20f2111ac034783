package org.metricsstress.report;

/**
 * The page's styles, inline in its head: no stylesheet to fetch, so the page displays the same
 * offline and years later. uPlot's own stylesheet follows it ({@link ReportCharts#css()}).
 */
final class ReportStyle {
    private ReportStyle() {}

    static final String CSS = """
            :root{--fg:#1f2933;--muted:#52606d;--line:#d9e2ec;--ok:#15803d;--bad:#b91c1c;--warn:#b45309}
            *{box-sizing:border-box}
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);
              background:#fff;margin:0 auto;padding:16px;max-width:1200px}
            h1{font-size:1.5em;margin:0 0 2px}
            h2{font-size:1.15em;margin:22px 0 8px;padding-bottom:3px;border-bottom:1px solid var(--line)}
            h3{font-size:1em;margin:8px 0 4px}
            .sub,.note,figcaption,footer{color:var(--muted)}
            .note{font-style:italic}
            .bad{color:var(--bad)}
            .verdict{border-left:8px solid #9aa5b1;background:#f5f7fa;padding:12px 16px;margin:14px 0;border-radius:4px}
            .verdict .kind{font-size:1.7em;font-weight:700;letter-spacing:.02em}
            .verdict .msg{font-size:1.05em;overflow-wrap:anywhere}
            .verdict.ok{border-color:var(--ok);background:#f0fdf4}.verdict.ok .kind{color:var(--ok)}
            .verdict.bad{border-color:var(--bad);background:#fef2f2}.verdict.bad .kind{color:var(--bad)}
            .verdict.warn{border-color:var(--warn);background:#fffbeb}.verdict.warn .kind{color:var(--warn)}
            .sla{margin-top:8px}.sla.ok strong{color:var(--ok)}.sla.bad strong{color:var(--bad)}.sla ul{margin:4px 0}
            .figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:10px 0}
            .fig{border:1px solid var(--line);border-radius:6px;padding:6px 10px}
            .fig .l,.fig .u{color:var(--muted);font-size:.85em}
            .fig .v{font-size:1.35em;font-weight:600;font-variant-numeric:tabular-nums}
            .audit{font-family:ui-monospace,"DejaVu Sans Mono",monospace;padding:8px 10px;border-radius:4px;
              overflow-wrap:anywhere;margin:10px 0 4px}
            .audit.ok{background:#f0fdf4;border:1px solid #bbf7d0}.audit.bad{background:#fef2f2;border:1px solid #fecaca}
            .audit.ok strong{color:var(--ok)}.audit.bad strong{color:var(--bad)}
            .grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr));gap:4px 24px}
            .maps{grid-template-columns:repeat(auto-fit,minmax(min(100%,280px),1fr))}
            .scroll{overflow-x:auto}
            table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:4px 0}
            th,td{padding:3px 8px;border-bottom:1px solid var(--line);vertical-align:top}
            thead th{border-bottom:2px solid var(--line);font-weight:600}
            table.num td,table.num thead th{text-align:right}
            table.num th:first-child,table.num td:first-child{text-align:left}
            table.num .what{text-align:left;color:var(--muted);white-space:nowrap}
            table.kv{width:100%}
            table.kv th{text-align:left;font-weight:600;white-space:nowrap;width:1%}
            @media (max-width:640px){table.kv th{white-space:normal;width:40%}table.num .what{white-space:normal}}
            table.kv td{text-align:left;overflow-wrap:anywhere;word-break:break-word}
            table.small{font-size:12px}
            details{margin:16px 0}summary{cursor:pointer;color:var(--muted)}
            figure.chartbox{margin:6px 0 18px;overflow-x:auto}
            figcaption{font-size:.9em;margin-top:2px}
            .chart{width:100%;min-width:600px}
            .uplot .u-title{font-size:15px;font-weight:600;text-align:left}
            .uplot .u-legend{font-size:12px;text-align:left}
            ul.markers{font-size:.9em;color:var(--muted);margin:2px 0 8px;padding-left:18px;columns:2 280px}
            pre#chart-errors{white-space:pre-wrap}
            footer{margin-top:24px;font-size:.85em}
            @media print{
              body{max-width:none;padding:0;font-size:11px}
              figure.chartbox,.verdict,table,section{break-inside:avoid}
              figure.chartbox{overflow:visible}.chart{min-width:0}
            }
            """;
}
