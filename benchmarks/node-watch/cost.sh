#!/usr/bin/env bash
# What reading the nodes costs this client: samples written per client CPU-second with the node
# watch on (the default, every 2 s) and with --node-telemetry off, the same run alternated A B A B
# on a fresh embedded node each time (farm-bench pairs them), the figure from each run's own result
# file (client.cpuSeconds, written), not from the process's CPU (which counts the node's too).
#
#   benchmarks/node-watch/cost.sh JAR [PAIRS] [RUN ARGS...]
#
# Prints each run's samples per client CPU-second and, per pair, on/off; the median pair is the figure
# (docs/performance.md, "The nodes' side: what reading it costs").
set -euo pipefail
jar=${1:?usage: cost.sh JAR [PAIRS] [RUN ARGS...]}
pairs=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  args=(--embedded --writer pipelined --no-index -n 16 -f 10 -g 5 -a 10 -s 0 -i 1 -r 5 --duration 30s)
fi
dir=$(mktemp -d /tmp/ms-watch-cost.XXXXXX)
run() { # LABEL EXTRA...: one run, its figure appended to $dir/figures
  cat > "$dir/run-$1.sh" <<RUN
#!/usr/bin/env bash
n=\$(ls "$dir" | grep -c '^r-' || true)
out="$dir/r-\$n-$1.json"
java -jar "$jar" ${args[*]} ${2:-} --result-json "\$out" > "$dir/r-\$n-$1.txt" 2>&1
python3 - "\$out" "$1" >> "$dir/figures" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(sys.argv[2], r['written'] / r['client']['cpuSeconds'], r['written'], r['client']['cpuSeconds'], r['verdict']['kind'])
PY
RUN
  chmod +x "$dir/run-$1.sh"
}
run on ""
run off "--node-telemetry off"
farm-bench -n "$pairs" --warmup 0 --timeout 3600 --vs "$dir/run-off.sh" -- "$dir/run-on.sh"
echo
echo "per run: label, samples per client CPU-second, written, client CPU-s, verdict"
cat "$dir/figures"
python3 - "$dir/figures" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
on = [float(r[1]) for r in rows if r[0] == 'on']
off = [float(r[1]) for r in rows if r[0] == 'off']
ratios = [a / b for a, b in zip(on, off)]
print("on/off per pair:", ", ".join("%.3f" % x for x in ratios), " median %.3f" % statistics.median(ratios))
PY
echo "runs kept in $dir"
