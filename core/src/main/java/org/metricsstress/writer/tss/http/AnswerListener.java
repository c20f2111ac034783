package org.metricsstress.writer.tss.http;

/**
 * Told of every request the client took, exactly once, whatever became of it. Called on the
 * client's threads in ASYNC mode and on the submitting thread in SYNC mode (before {@code submit}
 * returns), so it must be thread-safe and quick: it runs where the next answer waits.
 */
@FunctionalInterface
public interface AnswerListener {
    void settled(Answer answer);
}
