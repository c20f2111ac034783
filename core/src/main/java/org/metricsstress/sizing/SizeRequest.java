package org.metricsstress.sizing;

/**
 * What {@code size} is asked.
 *
 * @param targetSamplesPerSecond the rate to hold
 * @param targetSource           where the target came from: {@code --target} or the plan's flags, in words
 * @param plan                   the plan's shape for the cold start and the index on disk; null when only
 *                               {@code --target} was given (then scaled from the calibrating run)
 * @param retentionSeconds       how long samples are kept
 * @param replicationFactor      copies per DC
 * @param nodeDiskBytes          a node's disk; null: the disk constraint is not judged
 * @param headroom               the share of measured capacity (and of a node's disk) one may plan to use, 0 to 1
 * @param maxDrainSeconds        the cold start's bound
 */
public record SizeRequest(double targetSamplesPerSecond, String targetSource, ColdStartModel.Plan plan,
        long retentionSeconds, int replicationFactor, Double nodeDiskBytes, double headroom, double maxDrainSeconds) {}
