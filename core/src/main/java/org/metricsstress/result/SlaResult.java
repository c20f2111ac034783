package org.metricsstress.result;

import java.util.List;

/** The pass/fail criteria given with --sla and how the run measured up. */
public record SlaResult(String expression, boolean passed, List<String> failures) {}
