/**
 * How sure a figure is: the pure statistics behind {@code compare}'s intervals, the repeats of
 * {@code find-max} and {@code bench}, and {@code size}'s limits. No knowledge of runs here: series
 * of numbers in, estimates out. The distributions are Apache Commons Statistics'.
 */
package org.metricsstress.stats;
