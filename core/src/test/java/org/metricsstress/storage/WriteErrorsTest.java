package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.metricsstress.metrics.ErrorClass;

class WriteErrorsTest {
    @Test
    void errorsAreClassified() {
        assertEquals(ErrorClass.TIMEOUT, WriteErrors.classify(new CompletionException(new DriverTimeoutException("t"))));
        assertEquals(ErrorClass.OVERLOADED, WriteErrors.classify(new OverloadedException(null)));
        assertEquals(ErrorClass.OTHER, WriteErrors.classify(new IllegalStateException("x")));
        assertEquals("first", WriteErrors.describe(new IllegalStateException("first\nsecond")));
    }
}
