#!/usr/bin/env bash
# Starts or stops a private Docker engine for the container tests, on a unix socket of its own
# (never the machine's /var/run/docker.sock), with its data under one directory and container
# ports published on 127.0.0.1 only.
#
#   docker/engine.sh start   # prints: export DOCKER_HOST=unix:///.../docker.sock
#   docker/engine.sh stop    # stops the engine this script started, by its PID
#
# The directory is $METRICS_STRESS_DOCKER_DIR (default /tmp/ms-docker: short, because the socket
# path must fit in 108 bytes).
#
# Containers run under a CPU cgroup of their own at a sixteenth of the default weight
# (METRICS_STRESS_CONTAINER_CPU_SHARES, default 64 of 1024). The container suite runs beside
# itests-alone, whose tests assert speed and latency, and the kernel groups a terminal's or a CI
# job's processes into one scheduling group (autogroup): at the default weight the containers
# would take half the CPU from every JVM of the Maven build together; at 64 they take what the
# build leaves idle, and a sixteenth when both want all of it.
set -euo pipefail

dir=${METRICS_STRESS_DOCKER_DIR:-/tmp/ms-docker}
sock="$dir/docker.sock"
pidfile="$dir/dockerd.pid"
parent=metrics-stress-containers
shares=${METRICS_STRESS_CONTAINER_CPU_SHARES:-64}

# Prints the dockerd option that puts containers under the low-weight cgroup, or nothing (and a
# line on stderr) where the cgroup cannot be made: the containers then get the default weight.
cgroup_parent() {
  if [ -f /sys/fs/cgroup/cpu/cpu.shares ]; then            # cgroup v1
    mkdir -p "/sys/fs/cgroup/cpu/$parent" 2>/dev/null \
      && echo "$shares" >"/sys/fs/cgroup/cpu/$parent/cpu.shares" 2>/dev/null \
      && { echo "--cgroup-parent=/$parent"; return; }
  elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then      # cgroup v2: weight 100 is v1's 1024
    mkdir -p "/sys/fs/cgroup/$parent" 2>/dev/null \
      && echo $(( (shares * 100 + 1023) / 1024 )) >"/sys/fs/cgroup/$parent/cpu.weight" 2>/dev/null \
      && { echo "--cgroup-parent=/$parent"; return; }
  fi
  echo "engine.sh: containers keep the default CPU weight (no writable cgroup $parent)" >&2
}

case "${1:-}" in
  start)
    command -v dockerd >/dev/null || { echo "engine.sh: dockerd not found (Debian package docker.io)" >&2; exit 3; }
    mkdir -p "$dir/data" "$dir/exec"
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      echo "export DOCKER_HOST=unix://$sock"
      exit 0
    fi
    # --ip: published ports bind loopback only. --ip-forward=false: the engine does not turn the
    # machine into a router; the host still reaches containers on its own bridges.
    # shellcheck disable=SC2046 # the option is one word or none
    nohup dockerd --data-root "$dir/data" --exec-root "$dir/exec" --pidfile "$pidfile" \
      -H "unix://$sock" --ip 127.0.0.1 --ip-forward=false $(cgroup_parent) >"$dir/dockerd.log" 2>&1 &
    for _ in $(seq 1 60); do
      if docker -H "unix://$sock" version >/dev/null 2>&1; then
        echo "export DOCKER_HOST=unix://$sock"
        exit 0
      fi
      sleep 1
    done
    echo "engine.sh: dockerd did not answer within 60 s; last lines of $dir/dockerd.log:" >&2
    tail -5 "$dir/dockerd.log" >&2
    exit 3
    ;;
  stop)
    if [ -f "$pidfile" ]; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      rm -f "$pidfile"
    fi
    # Empty once its containers are gone; a busy one stays (rmdir refuses).
    # dockerd made it in every controller's hierarchy.
    rmdir /sys/fs/cgroup/*/"$parent" "/sys/fs/cgroup/$parent" 2>/dev/null || true
    ;;
  *)
    echo "usage: docker/engine.sh start|stop" >&2
    exit 2
    ;;
esac
