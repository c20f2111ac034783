package org.metricsstress.newts;

/**
 * Newts' metric types and the code each writes as the first byte of a sample's value blob
 * ({@code org.opennms.newts.api.MetricType} in newts-api 3.0.0). A blob with another first byte is
 * unreadable to Newts: its reader throws on an unknown code.
 */
public enum MetricType {
    COUNTER(1), ABSOLUTE(2), DERIVE(3), GAUGE(4);

    private final byte code;

    MetricType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** The type a value model's samples are written as, by the name it gives ({@code ValueModel.newtsType()}). */
    public static MetricType named(String name) {
        return valueOf(name);
    }
}
