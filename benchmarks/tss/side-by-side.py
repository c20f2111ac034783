#!/usr/bin/env python3
"""The three paths side by side on one machine: the same plan through Newts on one embedded node, TSS into
Prometheus, TSS into VictoriaMetrics, alternated A B C A B C ... so that the machine's drift falls on all three.

Per run: written/s, dropped, this client's CPU per sample (its result), and the receiver's CPU per sample
(utime + stime of its process from /proc, from the first report line to the summary: generation and drain).
Usage: side-by-side.py JAR ROUNDS SECONDS [plan flags...]; prints a Markdown table of medians and each
run's row, with the ratios to the Newts run of the same round."""
import json, os, re, statistics, subprocess, sys, tempfile

jar, rounds, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3]
plan = sys.argv[4:] or ["-n", "400", "-i", "10s"]
CONFIGS = [("newts (opennms, 1 embedded node)", ["--writer", "opennms", "--embedded"]),
           ("tss -> Prometheus 2.42", ["--writer", "tss", "--embedded-tsdb", "prometheus"]),
           ("tss -> VictoriaMetrics 1.79", ["--writer", "tss", "--embedded-tsdb", "victoriametrics"])]
TICK = os.sysconf("SC_CLK_TCK")

def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, IndexError):
        return None

def one(name, flags):
    out = tempfile.mktemp(suffix=".json")
    cmd = ["java", "-jar", jar, *flags, *plan, "--duration", seconds, "--result-json", out, "--node-telemetry", "off"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tempfile.gettempdir())
    pid, start, end, last = None, None, None, None
    for line in p.stdout:
        m = re.search(r"\(pid (\d+)\)", line)
        if m and pid is None and ("answers" in line):
            pid = int(m.group(1))
        if pid and start is None and line.lstrip().startswith("time"):
            start = cpu_seconds(pid)
        if pid and start is not None:
            c = cpu_seconds(pid)
            last = c if c is not None else last
        if line.startswith("=== metrics-stress summary"):
            end = cpu_seconds(pid) if pid else None
    p.wait()
    end = end if end is not None else last
    r = json.load(open(out))
    os.unlink(out)
    load = open("/proc/loadavg").read().split()[0]
    written = r["written"]
    receiver = (end - start) * 1e6 / written if start is not None and end is not None and written else float("nan")
    return {"name": name, "rate": r["writtenSamplesPerSecond"], "target": r["targetSamplesPerSecond"],
            "dropped": r["dropped"], "failed": r["failed"], "client_us": r["client"]["cpuMicrosPerSample"],
            "receiver_us": receiver, "verdict": r["verdict"]["kind"], "load": load}

rows = []
for rnd in range(rounds):
    for name, flags in CONFIGS:
        row = one(name, flags)
        row["round"] = rnd + 1
        rows.append(row)
        print(f"round {rnd + 1} {name}: {row}", file=sys.stderr, flush=True)

print(f"plan: {' '.join(plan)} for {seconds}, {rounds} rounds alternated\n")
print("| path | written/s (median) | dropped (median) | client CPU us/sample (median) | receiver CPU us/sample (median) "
      "| receiver CPU vs Newts node, per round | verdicts |")
print("|---|---|---|---|---|---|---|")
for name, _ in CONFIGS:
    mine = [r for r in rows if r["name"] == name]
    base = [r for r in rows if r["name"] == CONFIGS[0][0]]
    ratios = [f"{m['receiver_us'] / b['receiver_us']:.2f}" for m, b in zip(mine, base)]
    print(f"| {name} | {statistics.median(r['rate'] for r in mine):,.0f} | {statistics.median(r['dropped'] for r in mine):,.0f} "
          f"| {statistics.median(r['client_us'] for r in mine):.1f} | {statistics.median(r['receiver_us'] for r in mine):.1f} "
          f"| {', '.join(ratios)} | {', '.join(r['verdict'] for r in mine)} |")
print("\n| round | path | target/s | written/s | dropped | failed | client us/sample | receiver us/sample | load (1 min) |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['round']} | {r['name']} | {r['target']:,.0f} | {r['rate']:,.0f} | {r['dropped']:,} | {r['failed']:,} "
          f"| {r['client_us']:.1f} | {r['receiver_us']:.1f} | {r['load']} |")
