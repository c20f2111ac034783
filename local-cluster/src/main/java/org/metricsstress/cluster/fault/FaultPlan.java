package org.metricsstress.cluster.fault;

import java.math.BigDecimal;
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
 * {@code "kill dc2 at 30s, restart dc2 at 90s"}, and duty cycles such as
 * {@code "stall 127.0.0.3 1.8s every 2s from 10s until 50s"} (see {@link Stall}), and CPU quotas
 * such as {@code "cpu 127.0.0.2 25% from 10s"} (see {@link CpuQuota}). A target is a data centre (all its nodes) or one node's address; times count from the start of generation.
 */
public record FaultPlan(List<Event> events, List<Stall> stalls, List<CpuQuota> cpuQuotas) {
    public static final FaultPlan NONE = new FaultPlan(List.of(), List.of());
    /** A CPU quota's share of one core at most: ten cores, more than any machine this runs on lends a node. */
    public static final int MAX_CPU_PERCENT = 1000;

    /** The shortest period a stall may have: below it a cycle is mostly the signals' own latency. */
    public static final Duration MIN_STALL_PERIOD = Duration.ofMillis(100);

    private static final Pattern EVENT = Pattern.compile("(\\S+)\\s+(\\S+)\\s+at\\s+(\\S+)");
    private static final String STALL_FORM = "stall TARGET STOPPED every PERIOD from TIME [until TIME]";
    private static final String STALL_EXAMPLE = "'stall 127.0.0.3 1.8s every 2s from 10s until 50s'";
    private static final String CPU_FORM = "cpu TARGET PERCENT% from TIME [until TIME]";
    private static final String CPU_EXAMPLE = "'cpu 127.0.0.2 25% from 10s until 50s'";
    private static final Pattern PERCENT = Pattern.compile("(\\d+)%");
    /** A stall's durations may have a fraction (1.8s); a bare number is seconds, as for {@code at}. */
    private static final Pattern DECIMAL_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)?");

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

    /**
     * A duty cycle: from {@code from}, the target is stopped (SIGSTOP, {@code docker pause}) for
     * {@code stopped} of every {@code period}, then let run (SIGCONT, {@code docker unpause}) for the
     * rest, until {@code until} (null: the run's end). A node that is slow in bursts, as one with
     * long GC pauses or a saturated disk, among healthy ones. 0 < stopped < period, period at least
     * {@link #MIN_STALL_PERIOD}, until after from.
     */
    public record Stall(String target, Duration stopped, Duration period, Duration from, Duration until) {
        public Stall {
            if (stopped.isNegative() || stopped.isZero() || stopped.compareTo(period) >= 0
                    || period.compareTo(MIN_STALL_PERIOD) < 0 || (until != null && until.compareTo(from) <= 0)) {
                throw new IllegalArgumentException("not a stall: " + stopped + " of every " + period + " from "
                        + from + " until " + until);
            }
        }

        /** As the event line says it: "stopped 1.8 s of every 2.0 s from 10.0 s until 50.0 s". */
        public String describe() {
            return "stopped " + seconds(stopped) + " of every " + seconds(period) + " from " + seconds(from)
                    + (until == null ? "" : " until " + seconds(until));
        }

        @Override
        public String toString() {
            return "stall " + target + " " + Parse.format(stopped) + " every " + Parse.format(period) + " from "
                    + Parse.format(from) + (until == null ? "" : " until " + Parse.format(until));
        }
    }

    /**
     * A CPU quota: from {@code from} until {@code until} (null: the run's end), each node of the
     * target gets {@code percent} of one core (150: one and a half), held in a cgroup of its own
     * ({@link CpuCgroup}): a node starved of CPU by its neighbours, or on too small a host.
     * Child JVMs only (their processes are this one's children).
     */
    public record CpuQuota(String target, int percent, Duration from, Duration until) {
        public CpuQuota {
            if (percent < 1 || percent > MAX_CPU_PERCENT || (until != null && until.compareTo(from) <= 0)) {
                throw new IllegalArgumentException("not a CPU quota: " + percent + "% from " + from + " until " + until);
            }
        }

        /** As the event line says it: "25% of one core from 10.0 s until 50.0 s". */
        public String describe() {
            return percent + "% of one core from " + seconds(from) + (until == null ? "" : " until " + seconds(until));
        }

        @Override
        public String toString() {
            return "cpu " + target + " " + percent + "% from " + Parse.format(from)
                    + (until == null ? "" : " until " + Parse.format(until));
        }
    }

    /** A plan of one-off events only. */
    public FaultPlan(List<Event> events) {
        this(events, List.of());
    }

    public FaultPlan(List<Event> events, List<Stall> stalls) {
        this(events, stalls, List.of());
    }

    public FaultPlan {
        events = events.stream().sorted(Comparator.comparing(Event::at)).toList();
        stalls = stalls.stream().sorted(Comparator.comparing(Stall::from)).toList();
        cpuQuotas = cpuQuotas.stream().sorted(Comparator.comparing(CpuQuota::from)).toList();
    }

    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Event> events = new ArrayList<>();
        List<Stall> stalls = new ArrayList<>();
        List<CpuQuota> cpuQuotas = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            String[] words = p.split("\\s+");
            if (words[0].equalsIgnoreCase("stall")) {
                stalls.add(stall(p, words));
                continue;
            }
            if (words[0].equalsIgnoreCase("cpu")) {
                cpuQuotas.add(cpuQuota(p, words));
                continue;
            }
            Matcher m = EVENT.matcher(p);
            if (!m.matches()) {
                throw new ConfigException("--embedded-fault: '" + p + "' is not VERB TARGET at TIME,"
                        + " e.g. 'kill dc2 at 30s', nor " + STALL_FORM + ", nor " + CPU_FORM);
            }
            Verb verb;
            try {
                verb = Verb.valueOf(m.group(1).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("--embedded-fault: unknown action '" + m.group(1)
                        + "'; use kill, pause, resume, restart, partition, heal, stall or cpu");
            }
            Duration at = Parse.duration("--embedded-fault", m.group(3));
            events.add(new Event(verb, m.group(2), at));
        }
        return new FaultPlan(events, stalls, cpuQuotas);
    }

    /** {@code cpu TARGET PERCENT% from TIME [until TIME]}, split into {@code words}. */
    private static CpuQuota cpuQuota(String part, String[] words) {
        boolean form = (words.length == 5 || words.length == 7) && words[3].equalsIgnoreCase("from")
                && (words.length == 5 || words[5].equalsIgnoreCase("until"));
        if (!form) {
            throw new ConfigException("--embedded-fault: '" + part + "' is not " + CPU_FORM + ", e.g. " + CPU_EXAMPLE);
        }
        Matcher m = PERCENT.matcher(words[2]);
        int percent = m.matches() && m.group(1).length() <= 5 ? Integer.parseInt(m.group(1)) : -1;
        if (percent < 1 || percent > MAX_CPU_PERCENT) {
            throw new ConfigException("--embedded-fault: '" + part + "': the quota must be a percentage of one core, 1% to "
                    + MAX_CPU_PERCENT + "%, e.g. 25%, not " + words[2]);
        }
        Duration from = decimalDuration(part, words[4]);
        Duration until = words.length == 7 ? decimalDuration(part, words[6]) : null;
        if (until != null && until.compareTo(from) <= 0) {
            throw new ConfigException("--embedded-fault: '" + part + "': until (" + words[6]
                    + ") must come after from (" + words[4] + ")");
        }
        return new CpuQuota(words[1], percent, from, until);
    }

    /** {@code stall TARGET STOPPED every PERIOD from TIME [until TIME]}, split into {@code words}. */
    private static Stall stall(String part, String[] words) {
        boolean form = (words.length == 7 || words.length == 9)
                && words[3].equalsIgnoreCase("every") && words[5].equalsIgnoreCase("from")
                && (words.length == 7 || words[7].equalsIgnoreCase("until"));
        if (!form) {
            throw new ConfigException("--embedded-fault: '" + part + "' is not " + STALL_FORM + ", e.g. "
                    + STALL_EXAMPLE);
        }
        Duration stopped = decimalDuration(part, words[2]);
        Duration period = decimalDuration(part, words[4]);
        Duration from = decimalDuration(part, words[6]);
        Duration until = words.length == 9 ? decimalDuration(part, words[8]) : null;
        if (period.compareTo(MIN_STALL_PERIOD) < 0) {
            throw new ConfigException("--embedded-fault: '" + part + "': the period must be at least "
                    + Parse.format(MIN_STALL_PERIOD) + ", not " + words[4]);
        }
        if (stopped.isZero() || stopped.compareTo(period) >= 0) {
            throw new ConfigException("--embedded-fault: '" + part + "': the time stopped must be more than 0 and"
                    + " less than the period, not " + words[2] + " of every " + words[4]);
        }
        if (until != null && until.compareTo(from) <= 0) {
            throw new ConfigException("--embedded-fault: '" + part + "': until (" + words[8]
                    + ") must come after from (" + words[6] + ")");
        }
        return new Stall(words[1], stopped, period, from, until);
    }

    private static Duration decimalDuration(String part, String value) {
        Matcher m = DECIMAL_DURATION.matcher(value.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ConfigException("--embedded-fault: '" + value + "' in '" + part + "' is not a duration"
                    + " (a number with unit ms, s, m, h or d, e.g. 1.8s, 250ms; a bare number is seconds)");
        }
        long unitNanos = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            default -> throw new IllegalStateException(m.group(2));
        };
        try {
            return Duration.ofNanos(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unitNanos))
                    .toBigInteger().longValueExact());
        } catch (ArithmeticException e) {
            throw new ConfigException("--embedded-fault: '" + value + "' in '" + part + "' is too large");
        }
    }

    /** Seconds as an event line gives them: "1.8 s", "0.25 s", "10.0 s". */
    static String seconds(Duration d) {
        if (d.toNanos() % 100_000_000L == 0) {
            return String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
        }
        return new BigDecimal(d.toNanos()).movePointLeft(9).stripTrailingZeros().toPlainString() + " s";
    }

    /** Checks every target names a data centre or a node of {@code layout}. */
    public FaultPlan checkedAgainst(ClusterLayout layout) {
        for (String target : targets()) {
            boolean known = layout.nodesPerDc().containsKey(target)
                    || layout.members().stream().anyMatch(m -> m.address().equals(target));
            if (!known) {
                throw new ConfigException("--embedded-fault: '" + target + "' is neither a data centre nor a"
                        + " node address of --embedded-nodes " + layout + " (data centres: "
                        + String.join(", ", layout.nodesPerDc().keySet()) + ")");
            }
        }
        return this;
    }

    /** Every target the plan names, events' first. */
    private List<String> targets() {
        List<String> out = new ArrayList<>(events.stream().map(Event::target).toList());
        stalls.forEach(s -> out.add(s.target()));
        cpuQuotas.forEach(q -> out.add(q.target()));
        return out;
    }

    /**
     * Checks the plan fits nodes in containers: targets are data centres (their addresses are the
     * engine's to give), and a plan for child JVMs cannot partition. A stall fits both: containers
     * are stopped and let run by {@code docker pause} and {@code docker unpause}.
     */
    public FaultPlan checkedFor(boolean containers) {
        for (Event e : events) {
            boolean network = e.verb() == Verb.PARTITION || e.verb() == Verb.HEAL;
            if (network && !containers) {
                throw new ConfigException("--embedded-fault: " + e.verb().word() + " cuts a node off its network, which"
                        + " needs nodes in containers (--embedded-image); child JVMs share loopback");
            }
        }
        if (containers && !cpuQuotas.isEmpty()) {
            throw new ConfigException("--embedded-fault: cpu holds a node's process in a cgroup of this machine, which"
                    + " needs child JVMs; leave out --embedded-image");
        }
        for (String target : targets()) {
            if (containers && target.matches("[0-9.]+")) {
                throw new ConfigException("--embedded-fault: with --embedded-image name a data centre, not the address '"
                        + target + "' (the container engine gives the addresses)");
            }
        }
        return this;
    }

    public boolean isEmpty() {
        return events.isEmpty() && stalls.isEmpty() && cpuQuotas.isEmpty();
    }

    /** The plan as it would be written, in order of time (a stall or a CPU quota at its start). */
    @Override
    public String toString() {
        List<Object> all = new ArrayList<>(events);
        all.addAll(stalls);
        all.addAll(cpuQuotas);
        all.sort(Comparator.comparing(o -> o instanceof Event e ? e.at()
                : o instanceof Stall s ? s.from() : ((CpuQuota) o).from()));
        return String.join(", ", all.stream().map(Object::toString).toList());
    }
}
