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
set -euo pipefail

dir=${METRICS_STRESS_DOCKER_DIR:-/tmp/ms-docker}
sock="$dir/docker.sock"
pidfile="$dir/dockerd.pid"

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
    nohup dockerd --data-root "$dir/data" --exec-root "$dir/exec" --pidfile "$pidfile" \
      -H "unix://$sock" --ip 127.0.0.1 --ip-forward=false >"$dir/dockerd.log" 2>&1 &
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
    ;;
  *)
    echo "usage: docker/engine.sh start|stop" >&2
    exit 2
    ;;
esac
