#!/usr/bin/env bash
# Runs a command with a private Docker engine and the container suite's images at hand:
#   docker/with-engine.sh mvn -B verify
# starts the engine (docker/engine.sh), builds the images it lacks (docker/build-images.sh) beside
# the command, runs the command with DOCKER_HOST pointing at the engine, then stops the engine by
# its PID, whatever the command did. Exits with the command's status. Needs root, and Debian's
# docker.io and debootstrap.
#
# The images (minutes on a fresh machine: debootstrap and apt) are built while the command runs,
# which for the README's test command means while Maven compiles and runs the other suites; the
# container tests wait for them: METRICS_STRESS_IMAGES_STATUS names the file that gets the build's
# exit status, METRICS_STRESS_IMAGES_LOG its output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || { echo "usage: docker/with-engine.sh COMMAND [ARGS...]" >&2; exit 2; }

started=$("$here/engine.sh" start) || exit 3
eval "$started"
export DOCKER_HOST

images=$(mktemp -d /tmp/ms-images-build.XXXXXX)
export METRICS_STRESS_IMAGES_STATUS="$images/status" METRICS_STRESS_IMAGES_LOG="$images/build.log"
t0=$(date +%s)
# Its own session, so that stopping it stops debootstrap and apt under it too.
setsid bash -c '
  METRICS_STRESS_IMAGES_BESIDE_BUILD=1 "$1" >"$2" 2>&1
  echo $? >"$3.part" && mv "$3.part" "$3"' _ "$here/build-images.sh" "$METRICS_STRESS_IMAGES_LOG" \
  "$METRICS_STRESS_IMAGES_STATUS" &
builder=$!
stop_all() {
  if kill -0 "$builder" 2>/dev/null; then
    kill -- -"$builder" 2>/dev/null
    wait "$builder" 2>/dev/null
    echo "container images: build stopped, the command ended first"
  elif [ -f "$METRICS_STRESS_IMAGES_STATUS" ]; then
    echo "container images: build exit $(cat "$METRICS_STRESS_IMAGES_STATUS") (log $METRICS_STRESS_IMAGES_LOG)"
  fi
  "$here/engine.sh" stop
}
trap stop_all EXIT
echo "container images: building beside the command (log $METRICS_STRESS_IMAGES_LOG)"
"$@"
