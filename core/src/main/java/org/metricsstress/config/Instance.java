package org.metricsstress.config;

/**
 * Which share of one plan this process generates: instance {@code index} of {@code count}, nodes
 * split by {@code node % count == index}, so that {@code count} processes with the same plan write
 * exactly what one process of the whole plan would.
 *
 * @param index 0-based, or -1 when {@code --instance} gave none (it then comes from elsewhere)
 * @param count how many instances share the plan, or 0 when only the index was given
 */
public record Instance(int index, int count) {
    public static final Instance WHOLE = new Instance(0, 1);

    /** {@code I/N} or a bare {@code I} (then N is {@code --instances}). */
    static Instance parse(String option, String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        String i = slash < 0 ? t : t.substring(0, slash);
        String n = slash < 0 ? null : t.substring(slash + 1);
        if (!i.matches("\\d{1,9}") || (n != null && !n.matches("\\d{1,9}"))) {
            throw new ConfigException(option + ": '" + text + "' is not I/N (0-based index I of N instances, e.g. 0/2)");
        }
        return new Instance(Integer.parseInt(i), n == null ? 0 : Integer.parseInt(n));
    }

    /** True when this process generates only a share of the plan. */
    public boolean partial() {
        return count > 1;
    }

    /** Whether node {@code node} of the plan is this instance's. */
    public boolean owns(int node) {
        return node % count == index;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
