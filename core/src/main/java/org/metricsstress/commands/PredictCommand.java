package org.metricsstress.commands;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Sizing;
import org.metricsstress.api.Tool;
import org.metricsstress.config.OptionDef;

/** {@code predict}: OpenNMS's writer's cold start for a plan, calibrated on a cold run (docs/sizing.md). */
final class PredictCommand implements ToolCommand {
    @Override
    public String name() {
        return "predict";
    }

    @Override
    public String description() {
        return "Predict OpenNMS's writer's cold start for a plan (its flags, --ring-size, --cache-max-entries, "
                + "--writer-threads), calibrated on a cold run's result (--from run.json): when the ring fills, how "
                + "long it drops, when it drains, its peak (docs/sizing.md).";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> all = new ArrayList<>(Sizing.predictOffered());
        all.addAll(Sizing.PREDICT_OWN);
        return all;
    }

    @Override
    public void check(Invocation in) {
        in.builder(Map.of()).build();
    }

    @Override
    public int run(Invocation in) {
        Sizing.predict(in.builder(Map.of()).build(), in.given(), in.out(), in.shellName(), Tool.version());
        return ExitCode.OK;
    }
}
