#!/usr/bin/env bash
# Builds, without any container registry, the images the container tests use and tags them with
# the public names Testcontainers asks for:
#   cassandra:5.0  Debian bookworm minbase + openjdk-17-jre-headless + the cassandra-all jars of this
#                  build, with an entrypoint that honours the official image's environment
#                  (CASSANDRA_CLUSTER_NAME, _DC, _RACK, _SEEDS, _ENDPOINT_SNITCH, _LISTEN_ADDRESS,
#                  _BROADCAST_ADDRESS, _BROADCAST_RPC_ADDRESS, MAX_HEAP_SIZE, HEAP_NEWSIZE, JVM_OPTS)
#   redis:7        Debian bookworm minbase + redis-server, listening on 6379 without protected mode
# Needs root, debootstrap and a running engine (docker/engine.sh start; DOCKER_HOST set).
# Images that already exist are kept; --force rebuilds them.
#
#   docker/build-images.sh [--force] [cassandra] [redis]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
work=${METRICS_STRESS_IMAGE_WORK:-/tmp/ms-images}
force=false
wanted=()
for a in "$@"; do
  case "$a" in
    --force) force=true ;;
    cassandra|redis) wanted+=("$a") ;;
    *) echo "build-images.sh: unknown argument '$a' (use --force, cassandra, redis)" >&2; exit 2 ;;
  esac
done
[ ${#wanted[@]} -gt 0 ] || wanted=(cassandra redis)
cassandra_image=${CASSANDRA_IMAGE:-cassandra:5.0}
redis_image=${REDIS_IMAGE:-redis:7}

exists() { docker image inspect "$1" >/dev/null 2>&1; }

todo=()
for w in "${wanted[@]}"; do
  img=$([ "$w" = cassandra ] && echo "$cassandra_image" || echo "$redis_image")
  if $force || ! exists "$img"; then todo+=("$w"); else echo "image $img exists; kept"; fi
done
[ ${#todo[@]} -gt 0 ] || exit 0

command -v debootstrap >/dev/null || { echo "build-images.sh: debootstrap not found (Debian package debootstrap)" >&2; exit 3; }
mkdir -p "$work"
base="$work/base"
if [ ! -x "$base/bin/sh" ]; then
  rm -rf "$base"
  echo "debootstrap: Debian bookworm minbase into $base"
  # No mirror argument: debootstrap's own default Debian mirror.
  debootstrap --variant=minbase bookworm "$base" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
fi

# True once cassandra-runtime's jars and the cqlsh stand-in are there and no longer being copied
# (the same listing twice, 5 s apart).
runtime_built() {
  [ -f "$(ls "$lib"/cassandra-all-*.jar 2>/dev/null | head -1)" ] \
    && [ -f "$tools/org/metricsstress/cqlsh/Cqlsh.class" ] || return 1
  local before; before=$(ls -l "$lib")
  sleep 5
  [ "$before" = "$(ls -l "$lib")" ]
}

# Installs Debian packages into a copy of the base rootfs.
rootfs_with() {
  local name=$1; shift
  local root="$work/$name"
  rm -rf "$root"
  cp -a "$base" "$root"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  mount -t proc proc "$root/proc"
  trap "umount '$root/proc' 2>/dev/null || true" RETURN
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get update -q >"$work/$name-apt.log" 2>&1
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "$@" >>"$work/$name-apt.log" 2>&1 \
    || { tail -20 "$work/$name-apt.log" >&2; return 1; }
  chroot "$root" apt-get clean
  rm -rf "$root/var/lib/apt/lists/"*
  : >"$root/etc/resolv.conf"
}

for w in "${todo[@]}"; do
  case "$w" in
    cassandra)
      lib="$repo/cassandra-runtime/target/cassandra-lib"
      tools="$repo/cassandra-runtime/target/classes"
      # The rootfs first: it is the slow part, and needs nothing of this build.
      rootfs_with cassandra openjdk-17-jre-headless procps
      if [ "${METRICS_STRESS_IMAGES_BESIDE_BUILD:-}" = 1 ] && ! runtime_built; then
        # with-engine.sh runs this beside the Maven build, whose cassandra-runtime module (built
        # in its first minute) makes the jars: wait for them rather than build them twice.
        echo "waiting for the build's cassandra-runtime jars"
        for _ in $(seq 1 120); do runtime_built && break; sleep 5; done
      fi
      if ! runtime_built; then
        echo "the cassandra-all jars and the cqlsh stand-in: mvn -B -q -pl cassandra-runtime package"
        (cd "$repo" && mvn -B -q -pl cassandra-runtime package)
      fi
      root="$work/cassandra"
      mkdir -p "$root/opt/cassandra/lib" "$root/opt/cassandra/conf" "$root/var/lib/cassandra" "$root/var/log/cassandra"
      cp "$lib"/*.jar "$root/opt/cassandra/lib/"
      install -m 0755 "$here/cassandra/entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
      install -m 0644 "$here/cassandra/logback.xml" "$root/opt/cassandra/conf/logback.xml"
      # Testcontainers runs cqlsh inside the container; the real one is Python, ours a Java stand-in
      # that cassandra-runtime compiles against these jars.
      mkdir -p "$root/opt/cassandra/tools"
      cp -r "$tools/." "$root/opt/cassandra/tools/"
      install -m 0755 "$here/cassandra/cqlsh" "$root/usr/local/bin/cqlsh"
      install -m 0644 "$here/cassandra/logback-cqlsh.xml" "$root/opt/cassandra/tools/logback.xml"
      echo "docker import $cassandra_image"
      tar -C "$root" -c . | docker import \
        -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        -c 'EXPOSE 7000 9042' \
        -c 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
        - "$cassandra_image" >/dev/null
      rm -rf "$root"
      ;;
    redis)
      rootfs_with redis redis-server
      root="$work/redis"
      echo "docker import $redis_image"
      tar -C "$root" -c . | docker import \
        -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        -c 'EXPOSE 6379' \
        -c 'CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no"]' \
        - "$redis_image" >/dev/null
      rm -rf "$root"
      ;;
  esac
done
docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E "^(${cassandra_image%%:*}|${redis_image%%:*}):" || true
