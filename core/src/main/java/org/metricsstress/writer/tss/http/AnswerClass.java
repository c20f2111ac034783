package org.metricsstress.writer.tss.http;

/**
 * What became of one remote-write request, in the classes a receiver's answers fall into. The
 * plugin treats them all alike (every one but WRITTEN loses the group, nothing is retried); they
 * are kept apart here so a run can say why its samples were lost.
 */
public enum AnswerClass {
    /** 2xx: the receiver took the whole request. */
    WRITTEN,
    /**
     * 4xx other than 429: the receiver refused the request (Prometheus: out of order, out of
     * bounds, duplicate sample; the whole request rolled back). Also any status that is neither
     * 2xx, 4xx nor 5xx, as a redirect is not followed.
     */
    REFUSED,
    /** 429: the receiver asked us to slow down. */
    THROTTLED,
    /** 5xx. */
    SERVER_ERROR,
    /** No answer within the request's timeout, or still none when the client was drained. */
    TIMEOUT,
    /** The request could not be made or its answer not read (refused connection, reset, closed client). */
    IO;

    /** The class of an HTTP status. */
    public static AnswerClass ofStatus(int status) {
        if (status >= 200 && status < 300) {
            return WRITTEN;
        }
        if (status == 429) {
            return THROTTLED;
        }
        if (status >= 500 && status < 600) {
            return SERVER_ERROR;
        }
        return REFUSED;
    }
}
