#!/usr/bin/env bash
# Where this client's CPU goes, by thread, in one run. The run is started with the JAR; AT seconds in
# each of its threads' CPU time so far is taken from `jcmd PID Thread.print` (cpu=), summed by the
# thread's kind (its name without the numbers) and printed largest first. AT as FROM-TO takes two such
# readings and prints what each kind used between them, a steady state once the start and the JIT's
# first compilations are behind. Threads that ended before a reading are not in it. Run it with and
# without --node-telemetry off to see what the watch costs and where (docs/performance.md, "The nodes'
# side: what reading it costs").
#
#   benchmarks/node-watch/threads.sh JAR AT|FROM-TO [RUN ARGS...]
set -euo pipefail
jar=${1:?usage: threads.sh JAR AT|FROM-TO [RUN ARGS...]}
at=${2:?usage: threads.sh JAR AT|FROM-TO [RUN ARGS...]}
shift 2
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  args=(--embedded --writer pipelined --no-index -n 16 -f 10 -g 5 -a 10 -s 0 -i 1 -r 5 --duration 60s)
fi
from=0
to=$at
if [[ $at == *-* ]]; then
  from=${at%-*}
  to=${at#*-}
fi
dir=$(mktemp -d /tmp/ms-watch-threads.XXXXXX)
java -jar "$jar" "${args[@]}" > "$dir/run.txt" 2>&1 &
pid=$!
: > "$dir/from.txt"
if [ "$from" != 0 ]; then
  sleep "$from"
  jcmd "$pid" Thread.print > "$dir/from.txt"
fi
sleep $(( to - from ))
jcmd "$pid" Thread.print > "$dir/to.txt"
wait "$pid" || true
python3 - "$dir/from.txt" "$dir/to.txt" "$(( to - from ))" <<'PY'
import re, sys, collections
def read(path):
    threads = {}
    for line in open(path):
        m = re.match(r'^"(.*?)".*?cpu=([0-9.]+)ms.*?tid=(0x[0-9a-f]+)', line)
        if m:
            threads[m.group(3)] = (m.group(1), float(m.group(2)))
    return threads
before, after = read(sys.argv[1]), read(sys.argv[2])
kinds = collections.Counter()
for tid, (name, ms) in after.items():
    kind = re.sub(r'127\.[0-9]+\.[0-9]+\.[0-9]+:[0-9]+', 'NODE', name)
    kind = re.sub(r'[0-9]+', '#', kind)
    kinds[kind] += ms - (before[tid][1] if tid in before else 0)
seconds = float(sys.argv[3])
total = sum(kinds.values())
for kind, ms in kinds.most_common():
    if ms >= 1:
        print("%9.1f ms %7.2f ms/s  %s" % (ms, ms / seconds, kind))
print("%9.1f ms %7.2f ms/s  every thread alive at the reading, over %.0f s" % (total, total / seconds, seconds))
PY
echo "kept in $dir"
