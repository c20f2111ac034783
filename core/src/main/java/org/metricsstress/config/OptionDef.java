package org.metricsstress.config;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One option, defined once for every front end: its names, its type and typed default, its help,
 * and how it reads from and writes to the configuration. The parser, {@code --help}, the Karaf
 * completer, the Karaf settings keys, the settings in a result file and docs/options.md are all
 * derived from these definitions.
 *
 * <p>An option with no {@link #setter()} belongs to a front end (the jar's {@code --embedded},
 * the bench's own options): described here so that it is documented like the others, read by the
 * front end that offers it.
 *
 * @param shortName    OpenNMS-style single-letter name such as {@code -n}, or null
 * @param longName     long name such as {@code --nodes}
 * @param label        what the value is, for help ({@code N}, {@code DURATION}); null for a flag
 * @param help         one sentence for help output
 * @param section      where the option belongs: its heading in help, and how a front end picks the
 *                     ones it needs
 * @param envVar       an environment variable read when the option is not given, or null
 * @param type         parses and shows the value
 * @param defaultValue the typed default, or null when the default is derived or absent
 * @param defaultNote  how a derived or absent default is described ({@code until interrupted}),
 *                     or null to show {@code defaultValue}
 * @param setter       puts the value into the builder, or null for a front end's own option
 * @param getter       reads the setting back from a built configuration for result files, or
 *                     null when it is not shown there (a secret, or an option whose value goes
 *                     into another setting)
 */
public record OptionDef(
        String shortName,
        String longName,
        String label,
        String help,
        Section section,
        String envVar,
        Typed<?> typed) {

    /**
     * Where an option belongs. Help lists options under these headings, in this order; those from
     * {@code LOCAL_CLUSTER} on hold options of the jar's own (its local cluster and its subcommands).
     */
    public enum Section {
        /** What is generated: the OpenNMS data shape, its values, an instance's share. */
        PLAN("plan"),
        /** When and how fast it is generated. */
        PACING("pacing"),
        /** Between the generators and the cluster: ring, writers, requests. */
        PIPELINE("pipeline"),
        /** {@code --writer tss}: the receiver and the remote-write plugin's settings. */
        TSS("time series integration layer (--writer tss)"),
        CLUSTER("cluster and security"),
        SCHEMA("schema"),
        INDEX("index and cache"),
        READ("reads"),
        /** Where figures go; none changes what is measured. */
        OUTPUT("outputs"),
        /** Pass or fail: criteria, reading back. */
        JUDGING("judging"),
        /** What lands on disk after the run, and what a retention of it takes per node. */
        DISK("disk and retention"),
        /** The nodes {@code --embedded} starts: child JVMs or containers, their faults. */
        LOCAL_CLUSTER("local cluster"),
        BENCH("bench"),
        CAPACITY("capacity search"),
        /** Runs that apply the advice of the one before: {@code tune}. */
        TUNE("tune"),
        VERIFY("verify"),
        /** How many nodes, and the cold start predicted: {@code size} and {@code predict}. */
        SIZING("sizing"),
        /** The subcommands over saved result files: report, compare, merge. */
        RESULTS("saved results");

        private final String heading;

        Section(String heading) {
            this.heading = heading;
        }

        /** The heading in help and in docs/options.md, lower case. */
        public String heading() {
            return heading;
        }
    }

    /** The type-safe part: one value type ties the default, the setter and the getter together. */
    public record Typed<T>(ValueType<T> type, T defaultValue, String defaultNote,
            BiConsumer<StressConfig.Builder, T> setter, Function<StressConfig, T> getter) {

        void apply(StressConfig.Builder b, String option, String text) {
            setter.accept(b, type.parse(option, text));
        }

        void applyDefault(StressConfig.Builder b) {
            if (defaultValue != null && setter != null) {
                setter.accept(b, defaultValue);
            }
        }

        String defaultShown() {
            return defaultNote != null ? defaultNote : defaultValue == null ? null : type.show(defaultValue);
        }

        Object inResult(StressConfig c) {
            T v = getter.apply(c);
            return v == null ? defaultNote : type.inResult(v);
        }
    }

    /** A front end's own option: documented here, parsed and used by the front end that offers it. */
    public static <T> OptionDef own(String longName, String label, String help, Section section, ValueType<T> type,
            T defaultValue, String defaultNote) {
        return new OptionDef(null, longName, label, help, section, null,
                new Typed<>(type, defaultValue, defaultNote, null, null));
    }

    /** Given once per value ({@code --from a.json --from b.json}): the parser keeps every one. */
    public boolean repeatable() {
        return typed.type() == ValueType.PATHS || typed.type() == ValueType.FILES;
    }

    /** Takes every value up to the next option ({@code --vs b1.json b2.json}). */
    public boolean severalAfterOne() {
        return typed.type() == ValueType.FILES;
    }

    /** A flag takes no value: present means true. */
    public boolean isFlag() {
        return label == null;
    }

    /** Whether it sets the run's configuration, rather than being a front end's own option. */
    public boolean configures() {
        return typed.setter() != null;
    }

    /** Whether a result file shows this setting. */
    public boolean shownInResults() {
        return typed.getter() != null;
    }

    /** Names for help and parsers: the short one first when there is one. */
    public String[] names() {
        return shortName == null ? new String[] {longName} : new String[] {shortName, longName};
    }

    /** The key of this option in settings files and result files: the long name without dashes. */
    public String key() {
        return longName.substring(2);
    }

    /** Parses {@code text} (for a flag: {@code true}) into the builder. */
    public void apply(StressConfig.Builder b, String text) {
        if (!configures()) {
            throw new IllegalStateException(longName + " is read by its front end");
        }
        typed.apply(b, longName, text);
    }

    /** The typed value of {@code text}: for a front end's own options. */
    public Object parse(String text) {
        return typed.type().parse(longName, text);
    }

    /**
     * The default as the user would type it, or a note for a derived one; null when there is none
     * (or a flag, off unless its note says when it is on).
     */
    public String defaultShown() {
        return isFlag() ? typed.defaultNote() : typed.defaultShown();
    }

    /** The typed default, or null. */
    public Object defaultValue() {
        return typed.defaultValue();
    }

    /** This option with another default shown (a subcommand whose defaults differ). */
    public OptionDef withDefaultShown(String shown) {
        return new OptionDef(shortName, longName, label, help, section, envVar, withNote(typed, shown));
    }

    private static <T> Typed<T> withNote(Typed<T> t, String note) {
        return new Typed<>(t.type(), t.defaultValue(), note, t.setter(), t.getter());
    }

    /** Help text with the default appended, as every front end shows it. */
    public String helpWithDefault() {
        String text = help;
        String shown = defaultShown();
        if (shown != null) {
            text += " (default: " + shown + ")";
        }
        if (envVar != null) {
            text += " (env: " + envVar + ")";
        }
        return text;
    }

    void applyDefault(StressConfig.Builder b) {
        typed.applyDefault(b);
    }

    /** The setting as a result file shows it. */
    Object inResult(StressConfig c) {
        return typed.inResult(c);
    }
}
