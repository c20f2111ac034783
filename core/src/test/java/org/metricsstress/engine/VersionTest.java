package org.metricsstress.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VersionTest {

    @Test
    void theBuildStampsTheVersionAndTheCommitIntoResultFiles() {
        // Filtered from the POM at build time; "dev" would mean the filtering is gone.
        assertTrue(Version.get().matches("\\d+\\.\\d+\\.\\d+.*"), Version.get());
        // The checkout's commit, or "unknown" when built outside a git checkout.
        String commit = Version.gitCommit();
        assertTrue(commit.matches("[0-9a-f]{40}") || commit.equals("unknown"), commit);
        assertTrue(!Version.driver().equals("unknown"), "driver version not found");
    }
}
