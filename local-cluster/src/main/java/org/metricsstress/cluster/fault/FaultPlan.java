package org.metricsstress.cluster.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Parse;

/**
 * What to do to the embedded nodes while a run goes on, as {@code --embedded-fault} gives it:
 * {@code "kill dc2 at 30s, restart dc2 at 90s"}. A target is a data centre (all its nodes) or one
 * node's address; times count from the start of generation.
 */
public record FaultPlan(List<Event> events) {
    public static final FaultPlan NONE = new FaultPlan(List.of());

    private static final Pattern EVENT = Pattern.compile("(\\S+)\\s+(\\S+)\\s+at\\s+(\\S+)");

    /** What can be done to a node. */
    public enum Verb {
        /** SIGKILL: a crash, or a data centre cut off. */
        KILL,
        /** SIGSTOP: the node stays but answers nothing. */
        PAUSE,
        /** SIGCONT after a pause. */
        RESUME,
        /** Stop if running, then start again on the same data. */
        RESTART,
        /** Off the network: the process runs, nobody reaches it, it reaches nobody (containers only). */
        PARTITION,
        /** Back on the network after a partition. */
        HEAL;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One step of the plan. */
    public record Event(Verb verb, String target, Duration at) {
        @Override
        public String toString() {
            return verb.word() + " " + target + " at " + Parse.format(at);
        }
    }

    public FaultPlan {
        events = events.stream().sorted(Comparator.comparing(Event::at)).toList();
    }

    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Event> events = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            Matcher m = EVENT.matcher(p);
            if (!m.matches()) {
                throw new ConfigException("--embedded-fault: '" + p + "' is not VERB TARGET at TIME,"
                        + " e.g. 'kill dc2 at 30s'");
            }
            Verb verb;
            try {
                verb = Verb.valueOf(m.group(1).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("--embedded-fault: unknown action '" + m.group(1)
                        + "'; use kill, pause, resume, restart, partition or heal");
            }
            Duration at = Parse.duration("--embedded-fault", m.group(3));
            events.add(new Event(verb, m.group(2), at));
        }
        return new FaultPlan(events);
    }

    /** Checks every target names a data centre or a node of {@code layout}. */
    public FaultPlan checkedAgainst(ClusterLayout layout) {
        for (Event e : events) {
            boolean known = layout.nodesPerDc().containsKey(e.target())
                    || layout.members().stream().anyMatch(m -> m.address().equals(e.target()));
            if (!known) {
                throw new ConfigException("--embedded-fault: '" + e.target() + "' is neither a data centre nor a"
                        + " node address of --embedded-nodes " + layout + " (data centres: "
                        + String.join(", ", layout.nodesPerDc().keySet()) + ")");
            }
        }
        return this;
    }

    /**
     * Checks the plan fits nodes in containers: targets are data centres (their addresses are the
     * engine's to give), and a plan for child JVMs cannot partition.
     */
    public FaultPlan checkedFor(boolean containers) {
        for (Event e : events) {
            boolean network = e.verb() == Verb.PARTITION || e.verb() == Verb.HEAL;
            if (network && !containers) {
                throw new ConfigException("--embedded-fault: " + e.verb().word() + " cuts a node off its network, which"
                        + " needs nodes in containers (--embedded-image); child JVMs share loopback");
            }
            if (containers && e.target().matches("[0-9.]+")) {
                throw new ConfigException("--embedded-fault: with --embedded-image name a data centre, not the address '"
                        + e.target() + "' (the container engine gives the addresses)");
            }
        }
        return this;
    }

    public boolean isEmpty() {
        return events.isEmpty();
    }

    @Override
    public String toString() {
        return String.join(", ", events.stream().map(Event::toString).toList());
    }
}
