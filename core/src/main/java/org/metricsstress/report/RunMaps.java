package org.metricsstress.report;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/** The run's settings as tables (config, plan, cluster, environment), without anything secret. */
final class RunMaps {
    private RunMaps() {}

    static void table(StringBuilder sb, String title, Map<String, Object> map) {
        sb.append("<section><h3>").append(Html.esc(title)).append("</h3>");
        if (map == null || map.isEmpty()) {
            sb.append("<p class=\"note\">not recorded</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"map-").append(Html.esc(title.toLowerCase(Locale.ROOT))).append("\"><tbody>\n");
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (SecretFilter.hides(e.getKey(), e.getValue())) {
                continue;
            }
            Html.kv(sb, String.valueOf(e.getKey()), value(e.getValue()));
        }
        sb.append("</tbody></table></section>\n");
    }

    private static String value(Object v) {
        if (v == null) {
            return Numbers.DASH;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? Numbers.plain(d) : Numbers.DASH;
        }
        if ((v instanceof Long || v instanceof Integer) && Math.abs(((Number) v).longValue()) >= 10_000) {
            return Numbers.count(((Number) v).longValue());
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (SecretFilter.hides(String.valueOf(e.getKey()), e.getValue())) {
                    continue;
                }
                sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(value(e.getValue()));
            }
            return sb.toString();
        }
        if (v instanceof Collection<?> c) {
            StringBuilder sb = new StringBuilder();
            for (Object o : c) {
                sb.append(sb.length() == 0 ? "" : ", ").append(value(o));
            }
            return sb.toString();
        }
        return String.valueOf(v);
    }
}
