package org.metricsstress.writer.tss;

/** Where a writer thread hands one group's compressed request: the plugin's HTTP client, or nowhere (--sink null). */
interface RemoteWriteOut {
    /**
     * Takes the request (the bytes are copied when the call outlives this one); its samples are
     * counted written or failed once it settles.
     */
    void send(byte[] body, int length, int resourceKey, int samples, long intendedNanos);

    /** Requests on the wire now. */
    int inFlight();
}
