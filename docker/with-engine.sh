#!/usr/bin/env bash
# Runs a command with a private Docker engine and the container suite's images at hand:
#   docker/with-engine.sh mvn -B verify
# starts the engine (docker/engine.sh), builds the images it lacks (docker/build-images.sh), runs the
# command with DOCKER_HOST pointing at the engine, then stops the engine by its PID, whatever the
# command did. Exits with the command's status. Needs root, and Debian's docker.io and debootstrap.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || { echo "usage: docker/with-engine.sh COMMAND [ARGS...]" >&2; exit 2; }

started=$("$here/engine.sh" start) || exit 3
trap '"$here/engine.sh" stop' EXIT
eval "$started"
export DOCKER_HOST
t0=$(date +%s)
"$here/build-images.sh" || exit 3
echo "container images ready in $(( $(date +%s) - t0 )) s"
"$@"
