package org.metricsstress.result;

/**
 * The heap OpenNMS's resource metadata cache takes in OpenNMS's JVM (not this tool's: its own
 * packed cache costs far less), for advice such as "give OpenNMS this much heap for
 * {@code org.opennms.newts.config.cache.max_entries = N}". A linear model whose constants are the
 * least-squares fit of measurements; pure arithmetic, no dependency beyond the JDK.
 *
 * <p><b>What was measured.</b> {@code benchmarks}' {@code OpenNmsCacheHeapBench} builds the
 * stress command's plan (200 nodes x 10 interfaces x 5 groups: 10,000 group resources, 2,000
 * interface resources) into the cache as OpenNMS holds it: Newts 3.0.0's own
 * {@code ResourceMetadata} objects (a concurrent set of metric names, a concurrent map of
 * attributes, the expiry as a {@code Long}), filled the way Newts' {@code CassandraIndexer}
 * fills them and merged in with {@code ResourceMetadata.merge}, in OpenNMS's
 * {@code GuavaSearchableResourceMetadataCache}: a Guava cache with {@code maximumSize} keyed
 * {@code G:<resourceId>}, plus a concurrent radix tree from the same key to the same metadata
 * object. It sums, with jol-core 0.17's {@code GraphLayout}, everything reachable from that
 * cache and divides by the entries: keys, metadata, every string they hold, Guava's entries and
 * tables, the radix tree's nodes. A group entry holds its {@code -a} metric names (each also an
 * attribute, name = name) and the {@code _idx0.._idx(N-1)} attributes of its path; an interface
 * entry holds the string attributes of all its groups ({@code groups x -s}) and the metric
 * {@code strings}; its figure is what adding the interfaces to the groups' cache adds.
 *
 * <p>Measured for {@code -a} 5..50, {@code -s} 0..8, ids of 4 elements ({@code snmp:<n>:tap<i>:group<g>},
 * OpenNMS's default) and 6 ({@code snmp:fs:STRESS:<n>:...}), node ids from 0 and from 10^9,
 * with:
 * <pre>
 * java -Djdk.attach.allowAttachSelf=true -XX:+EnableDynamicAgentLoading -Xmx3g \
 *      -cp benchmarks/target/benchmarks.jar org.metricsstress.microbench.OpenNmsCacheHeapBench
 * </pre>
 * on OpenJDK 17.0.15 (64-bit, compressed oops with a 3-bit shift, compressed class pointers,
 * 8-byte alignment, compact strings: what a heap under 32 GB gets by default), Guava 33.4.8
 * (Newts 3.0.0 asks for 31.x: the same LocalCache layout), concurrent-trees 2.5.0 (OpenNMS's
 * pin). Largest error of the fit over the 18 shapes: 4.1 % for group entries (the concurrent
 * maps' tables grow in powers of two, so the true cost is a staircase), 0.2 % for interface
 * entries. Per group entry of {@code -a 10} (2,524 bytes), 64 are the key, 2,316 the metadata,
 * 71 Guava's entry and tables and 73 the radix tree (keys share their prefixes there).
 *
 * <p>Without compressed oops (a heap of 32 GB or more, or {@code -XX:-UseCompressedOops}) the
 * same entries measured about 32 % more (3,338 bytes per {@code -a 10} group entry); this model
 * does not cover that.
 */
public final class OpenNmsCacheHeap {
    // Group entry = base + per metric + per path element + per id char + per path element x id char
    // (each _idx value holds a prefix of the id, so the id's length counts once per element).
    private static final double GROUP_BASE = 408.8;
    private static final double GROUP_PER_METRIC = 149.3;
    private static final double GROUP_PER_PATH_ELEMENT = 145.5;
    private static final double GROUP_PER_ID_CHAR = 1.40;
    private static final double GROUP_PER_PATH_ELEMENT_ID_CHAR = 0.482;
    // Interface entry = base + per string attribute + per id char.
    private static final double INTERFACE_BASE = 553.6;
    private static final double INTERFACE_PER_STRING = 150.4;
    private static final double INTERFACE_PER_ID_CHAR = 0.455;

    /** {@code :group<g>} (g < 10): how much longer a group resource's id is than its interface's. */
    public static final int GROUP_SUFFIX_CHARS = 7;

    private OpenNmsCacheHeap() {}

    /**
     * Heap of one group resource's entry.
     *
     * @param metrics         its numeric attributes ({@code -a})
     * @param pathElements    elements of its id: 4 for {@code snmp:<n>:tap<i>:group<g>}, 6 with
     *                        storeByForeignSource ({@code snmp:fs:<fs>:<n>:tap<i>:group<g>})
     * @param resourceIdChars length of its resource id (without the {@code G:} of the key)
     */
    public static long groupEntryBytes(int metrics, int pathElements, int resourceIdChars) {
        return Math.round(GROUP_BASE + GROUP_PER_METRIC * metrics + GROUP_PER_PATH_ELEMENT * pathElements
                + GROUP_PER_ID_CHAR * resourceIdChars + GROUP_PER_PATH_ELEMENT_ID_CHAR * pathElements * resourceIdChars);
    }

    /**
     * Heap of one interface resource's entry (the resource the string attributes belong to).
     *
     * @param stringAttributes the attributes it holds: {@code -s} times its groups
     * @param resourceIdChars  length of its resource id
     */
    public static long interfaceEntryBytes(int stringAttributes, int resourceIdChars) {
        return Math.round(INTERFACE_BASE + INTERFACE_PER_STRING * stringAttributes + INTERFACE_PER_ID_CHAR * resourceIdChars);
    }

    /**
     * Heap of a cache holding that many entries: {@code groupEntries} group entries, and
     * {@code interfaceEntries} interface entries each holding {@code strings} attributes for each
     * of its groups (groupEntries / interfaceEntries of them). With {@code strings} 0 OpenNMS
     * indexes no interface resource, so {@code interfaceEntries} is then ignored.
     *
     * @param metrics      numeric attributes per group ({@code -a})
     * @param strings      string attributes per group ({@code -s})
     * @param pathElements elements of a group resource's id
     * @param idChars      length of a group resource's id; an interface's is
     *                     {@value #GROUP_SUFFIX_CHARS} shorter
     */
    public static long bytes(long groupEntries, long interfaceEntries, int metrics, int strings, int pathElements, int idChars) {
        long total = groupEntries * groupEntryBytes(metrics, pathElements, idChars);
        if (strings > 0 && interfaceEntries > 0) {
            int attributes = (int) Math.round((double) strings * groupEntries / interfaceEntries);
            total += interfaceEntries * interfaceEntryBytes(attributes, Math.max(0, idChars - GROUP_SUFFIX_CHARS));
        }
        return total;
    }
}
