package org.metricsstress.writer.tss;

/** The plugin's per-sample step before a request is sent: its external-tags lookup for the series. */
interface SeriesLookups {
    /**
     * @param series     the series' number (resource key x attributes + attribute)
     * @param resourceId its resourceId as OpenNMS writes it
     * @param name       its attribute's name
     */
    void lookUp(int series, CharSequence resourceId, CharSequence name);
}
