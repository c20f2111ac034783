#!/bin/sh
# Entry point of the locally built cassandra image (docker/build-images.sh). It reads the same
# environment as the official image's entrypoint, so Testcontainers' CassandraContainer and a
# multi-DC docker network work unchanged, writes /etc/cassandra/cassandra.yaml and
# cassandra-rackdc.properties, and runs the daemon in the foreground on the image's JDK 17.
set -eu

own_ip=$(hostname -i 2>/dev/null | awk '{print $1}')
[ -n "$own_ip" ] || own_ip=$(awk 'END { print $1 }' /etc/hosts)

listen=${CASSANDRA_LISTEN_ADDRESS:-auto}
[ "$listen" = auto ] && listen=$own_ip
broadcast=${CASSANDRA_BROADCAST_ADDRESS:-$listen}
[ "$broadcast" = auto ] && broadcast=$own_ip
broadcast_rpc=${CASSANDRA_BROADCAST_RPC_ADDRESS:-$broadcast}
[ "$broadcast_rpc" = auto ] && broadcast_rpc=$own_ip
seeds=${CASSANDRA_SEEDS:-$broadcast}
snitch=${CASSANDRA_ENDPOINT_SNITCH:-SimpleSnitch}
case "$snitch" in *.*) ;; *) snitch="org.apache.cassandra.locator.$snitch" ;; esac

conf=/etc/cassandra
data=/var/lib/cassandra
mkdir -p "$conf" "$data" /var/log/cassandra
if [ ! -f "$conf/cassandra.yaml" ] || [ -f "$conf/.generated" ]; then
  cat >"$conf/cassandra.yaml" <<YAML
# Written by the image's entrypoint from its environment at every start.
cluster_name: '${CASSANDRA_CLUSTER_NAME:-Test Cluster}'
num_tokens: ${CASSANDRA_NUM_TOKENS:-16}
allocate_tokens_for_local_replication_factor: 1
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
authenticator:
  class_name: org.apache.cassandra.auth.${CASSANDRA_AUTHENTICATOR:-AllowAllAuthenticator}
authorizer:
  class_name: org.apache.cassandra.auth.AllowAllAuthorizer
data_file_directories:
  - $data/data
commitlog_directory: $data/commitlog
saved_caches_directory: $data/saved_caches
hints_directory: $data/hints
cdc_raw_directory: $data/cdc_raw
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_segment_size: 8MiB
memtable_heap_space: 128MiB
memtable_offheap_space: 128MiB
concurrent_compactors: 1
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: '$seeds'
listen_address: $listen
broadcast_address: $broadcast
rpc_address: ${CASSANDRA_RPC_ADDRESS:-0.0.0.0}
broadcast_rpc_address: $broadcast_rpc
start_native_transport: true
native_transport_port: 9042
endpoint_snitch: $snitch
storage_compatibility_mode: NONE
YAML
  touch "$conf/.generated"
fi
printf 'dc=%s\nrack=%s\n' "${CASSANDRA_DC:-datacenter1}" "${CASSANDRA_RACK:-rack1}" >"$conf/cassandra-rackdc.properties"

heap=${MAX_HEAP_SIZE:-1024M}
new_size=${HEAP_NEWSIZE:-}
jamm=$(ls /opt/cassandra/lib/jamm-*.jar | head -1)

# JDK internals Cassandra reaches into on JDK 17: the list of cli's NodeConfig.JPMS_FLAGS.
jpms="-Djdk.attach.allowAttachSelf=true
 --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
 --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
 --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
 --add-exports java.sql/java.sql=ALL-UNNAMED --add-exports java.base/java.lang.ref=ALL-UNNAMED
 --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED
 --add-opens java.base/java.lang.module=ALL-UNNAMED --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
 --add-opens java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
 --add-opens java.base/jdk.internal.math=ALL-UNNAMED --add-opens java.base/jdk.internal.module=ALL-UNNAMED
 --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED
 --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
 --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED
 --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED
 --add-opens java.base/java.util=ALL-UNNAMED"

# No -Dcassandra.unsafesystem (which the throwaway child-JVM nodes use): it keeps the system tables,
# the schema among them, out of the commit log, so a container killed and started again would come
# back without its tables. skip_sync only skips fsync: a killed process loses nothing the kernel has.
# shellcheck disable=SC2086 # word splitting of the flag lists is intended
exec java -Xms256m -Xmx"$heap" ${new_size:+-Xmn"$new_size"} -Xss256k -XX:+UseG1GC -XX:MaxGCPauseMillis=300 \
  -XX:+ExitOnOutOfMemoryError -XX:+PerfDisableSharedMem -ea -Djava.net.preferIPv4Stack=true $jpms \
  -Dio.netty.tryReflectionSetAccessible=true -javaagent:"$jamm" \
  -Dcassandra.ring_delay_ms=${CASSANDRA_RING_DELAY_MS:-1000} -Dcassandra.skip_sync=true \
  -Dcassandra.superuser_setup_delay_ms=0 \
  ${JVM_OPTS:-} ${JVM_EXTRA_OPTS:-} \
  -Dcassandra-foreground=yes -Dcassandra.config=file://$conf/cassandra.yaml \
  -Dcassandra-rackdc.properties=file://$conf/cassandra-rackdc.properties \
  -Dcassandra.storagedir=$data -Dcassandra.logdir=/var/log/cassandra \
  -Dlogback.configurationFile=/opt/cassandra/conf/logback.xml \
  -Dcassandra.jmx.local.port=7199 -Dcom.sun.management.jmxremote.rmi.port=7199 \
  -cp '/opt/cassandra/lib/*:/opt/cassandra/tools' org.apache.cassandra.service.CassandraDaemon
