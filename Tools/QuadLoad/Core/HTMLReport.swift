/// The load report as one self-contained HTML page: inline CSS and inline SVG plots, nothing fetched from anywhere,
/// so it can be attached to an issue or opened offline.
///
/// The page opens with the verdict (fixed mode: the journeys' success rate and the bounds met or missed) and the
/// harness's validity beside it; then the configuration; the knee and its curve in step mode; per run, tables per
/// method and per journey, the percentiles of the slowest methods and throughput over time; the unexpected
/// failures; and the harness's own health. All text is HTML-escaped.
public enum HTMLReport {
    /// Renders the page.
    public static func render(_ report: LoadReport) -> String {
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(report.tool)) report \(escape(report.startedAt))</title>
            <style>\(stylesheet)</style>
            </head>
            <body>
            <h1>\(escape(report.tool)) <span class="muted">\(escape(report.startedAt))</span></h1>

            """
        html += banner(report)
        html += configurationSection(report.configuration)
        if let knee = report.knee {
            html += kneeSection(knee)
        } else if report.runs.count > 1 {
            html += curveSection(report.runs)
        }
        for run in report.runs {
            html += runSection(run, faults: report.faults, open: report.runs.count == 1 || run == kneeRun(report))
        }
        html += faultsSection(report.faults)
        html += failuresSection(report)
        html += harnessSection(report.runs)
        html += "</body>\n</html>\n"
        return html
    }

    /// `text` with the characters HTML gives meaning to replaced by entities, safe in content and in quoted attributes.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The headline: in fixed mode the verdict a reader needs first (the journeys' success, the bounds met or
    /// missed and which), then the harness's validity beside it, in a quieter box: a harness that kept its
    /// schedule says nothing about whether the system served the calls.
    private static func banner(_ report: LoadReport) -> String {
        var html = ""
        if let verdict = report.verdict {
            let title = verdict.metBounds ? "MET ITS BOUNDS" : "MISSED ITS BOUNDS"
            html += #"<div class="banner \#(verdict.metBounds ? "valid" : "invalid")">\#(title)"#
            html += "<p>\(escape(verdict.journeysLine)) at \(NumberFormat.plain(verdict.rate))/s. "
            html += "Bounds: \(escape(verdict.bounds.description)) (--max-error-rate, --max-p99).</p>"
            if !verdict.breaches.isEmpty {
                html += "<ul>" + verdict.breaches.map { "<li>\(escape($0.description))</li>" }.joined() + "</ul>"
            }
            html += "</div>\n"
        }
        guard !report.valid else {
            return html + #"<div class="harness">Harness: valid. Every run kept its schedule, so the latencies "#
                + "are the system&#39;s; whether the calls succeeded is the verdict above and the tables below.</div>\n"
        }
        let reasons = report.invalidReasons.map { "<li>\(escape($0))</li>" }.joined()
        return html + #"<div class="harness bad">Harness: INVALID. The figures below are not to be trusted:"#
            + "<ul>\(reasons)</ul></div>\n"
    }

    private static func configurationSection(_ configuration: RunConfiguration) -> String {
        let mode: String
        if let step = configuration.step {
            let journey = step.bounds.journey.map { " of journey \($0)" } ?? " of the slowest method"
            mode =
                "step from \(NumberFormat.plain(step.startRate))/s ×\(NumberFormat.plain(step.stepFactor)) "
                + "up to \(NumberFormat.plain(step.maxRate))/s; knee at p99\(journey) > "
                + "\(NumberFormat.scaled(step.bounds.p99Milliseconds)) ms "
                + "or errors > \(NumberFormat.percent(step.bounds.errorRatio))"
        } else {
            mode = "fixed at \(configuration.rate.map(NumberFormat.plain) ?? "?")/s"
        }
        let totalWeight = configuration.mix.values.reduce(0, +)
        let mix = configuration.mix.sorted { $0.key < $1.key }.map { journey, weight in
            let share = totalWeight > 0 ? " (\(NumberFormat.percent(weight / totalWeight)))" : ""
            return "\(journey) \(NumberFormat.plain(weight))\(share)"
        }
        let rows: [(String, String)] = [
            ("Target", configuration.target),
            ("Rate", mode),
            ("Arrivals", "\(configuration.process.rawValue), seed \(configuration.seed)"),
            (
                "Duration",
                "\(NumberFormat.plain(configuration.durationSeconds)) s per run, "
                    + "first \(NumberFormat.plain(configuration.warmUpSeconds)) s warm-up (excluded)"
            ),
            ("Max in flight", "\(configuration.maxInFlight)"),
            ("Mix", mix.joined(separator: ", ")),
            ("Cores", configuration.cores),
        ]
        let body = rows.map { "<tr><th>\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }.joined(separator: "\n")
        return "<h2>Configuration</h2>\n<table class=\"config\">\n\(body)\n</table>\n"
    }

    private static func kneeRun(_ report: LoadReport) -> RunResult? {
        guard let rate = report.knee?.kneeRate else { return nil }
        return report.runs.first { $0.targetRate == rate }
    }

    static let stylesheet = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;max-width:1100px;\
        margin:24px auto;padding:0 16px}
        h1{font-size:24px;margin:0 0 12px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #e5e7eb}\
        h3{font-size:16px;margin:18px 0 6px}
        .muted{color:#6b7280;font-weight:normal}
        .banner{font-size:28px;font-weight:700;padding:12px 18px;border-radius:8px;margin:12px 0}
        .banner p,.banner ul{font-size:15px;font-weight:normal;margin:6px 0 0}
        .valid{background:#dcfce7;color:#14532d}.invalid{background:#fee2e2;color:#7f1d1d}
        .harness{background:#f3f4f6;color:#374151;padding:8px 18px;border-radius:8px;margin:0 0 12px}
        .harness.bad{background:#fef3c7;color:#78350f}.harness ul{margin:4px 0 0}
        table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}
        th,td{padding:4px 10px;border-bottom:1px solid #e5e7eb;text-align:right}
        th:first-child,td:first-child,.config td{text-align:left}
        thead th{background:#f9fafb}
        .bad{color:#b91c1c;font-weight:600}
        svg.plot{max-width:100%;height:auto;font-size:12px;fill:#374151}
        svg.plot .axis{font-size:13px;fill:#111827}svg.plot .muted{fill:#6b7280}
        .legend{font-size:13px;margin:0 0 16px 64px}.legend span{margin-right:16px;white-space:nowrap}
        .legend i{display:inline-block;width:22px;margin-right:5px;vertical-align:middle}
        details>summary{cursor:pointer;font-size:17px;font-weight:600;margin:16px 0 6px}
        """
}
