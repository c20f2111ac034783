package org.metricsstress.commands;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Sizing;
import org.metricsstress.api.Tool;
import org.metricsstress.config.OptionDef;

/** {@code size}: nodes per DC for a target, from saved results; connects to nothing (docs/sizing.md). */
final class SizeCommand implements ToolCommand {
    @Override
    public String name() {
        return "size";
    }

    @Override
    public String description() {
        return "Nodes per DC for a target (--target, or the plan's flags): by throughput (the USL fitted to find-max "
                + "results at three or more cluster sizes, else linear per-node scaling, said), by disk (a --disk run's "
                + "bytes per sample and per resource, --retention, --replication, --node-disk) and by the cold start "
                + "(a cold run's costs, the ring over --max-drain), and the one that binds; reads files, connects to "
                + "nothing (docs/sizing.md).";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> all = new ArrayList<>(Sizing.sizeOffered());
        all.addAll(Sizing.SIZE_OWN);
        return all;
    }

    @Override
    public void check(Invocation in) {
        in.builder(Map.of()).build();
    }

    @Override
    public int run(Invocation in) {
        Sizing.size(in.builder(Map.of()).build(), in.given(), in.out(), in.shellName(), Tool.version());
        return ExitCode.OK;
    }
}
