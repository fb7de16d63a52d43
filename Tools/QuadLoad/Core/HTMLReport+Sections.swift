/// The page's sections: the knee, each run, the faults, the failures and the harness's health.
extension HTMLReport {
    static func kneeSection(_ knee: KneeResult) -> String {
        let headline =
            knee.kneeRate.map { "Knee at \(NumberFormat.plain($0))/s" } ?? "No knee: the first step was already past"
        var html = "<h2>\(escape(headline))</h2>\n<p>Stopped: \(escape(knee.reason)).</p>\n"
        html += latencyCurvePlot(knee.curve, bound: knee.bounds.p99Milliseconds, knee: knee.kneeRate)
        let rows = knee.curve.map { point in
            let cells = [
                NumberFormat.plain(point.targetRate), NumberFormat.plain(point.achievedRate),
                NumberFormat.scaled(point.p99Milliseconds), NumberFormat.percent(point.errorRatio),
                point.valid ? "yes" : "no", point.withinBounds ? "yes" : "no",
            ]
            let rowClass = point.withinBounds ? "" : #" class="bad""#
            return "<tr\(rowClass)>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        html += table(
            ["target /s", "achieved /s", "p99 ms", "errors", "valid", "within bounds"],
            rows: rows
        )
        return html
    }

    /// The latency-versus-rate plot from the runs alone, when there are several but no knee search.
    static func curveSection(_ runs: [RunResult]) -> String {
        let points = runs.map { run in
            CurvePoint(
                targetRate: run.targetRate,
                achievedRate: run.achievedRate,
                p99Milliseconds: run.slowestMethod?.corrected.p99 ?? 0,
                errorRatio: run.errorRatio,
                valid: run.valid,
                withinBounds: run.valid
            )
        }
        return "<h2>Latency versus offered rate</h2>\n" + latencyCurvePlot(points, bound: nil, knee: nil)
    }

    static func latencyCurvePlot(_ curve: [CurvePoint], bound: Double?, knee: Double?) -> String {
        var plot = SVGPlot(
            title: "p99 latency versus offered rate",
            xLabel: "offered rate (arrivals/s)",
            yLabel: "p99 (ms)"
        )
        plot.series.append(
            SVGPlot.Series(
                name: "p99, corrected",
                color: SVGPlot.palette[0],
                points: curve.map { SVGPlot.Point(x: $0.targetRate, y: $0.p99Milliseconds) },
                showsPoints: true
            )
        )
        let outside = curve.filter { !$0.withinBounds }
        if !outside.isEmpty {
            plot.series.append(
                SVGPlot.Series(
                    name: "past the knee",
                    color: "#dc2626",
                    points: outside.map { SVGPlot.Point(x: $0.targetRate, y: $0.p99Milliseconds) },
                    showsLine: false,
                    showsPoints: true
                )
            )
        }
        if let bound {
            plot.horizontalMarkers.append(
                SVGPlot.Marker(value: bound, label: "bound \(NumberFormat.scaled(bound)) ms", color: "#6b7280")
            )
        }
        if let knee {
            plot.verticalMarkers.append(
                SVGPlot.Marker(value: knee, label: "knee \(NumberFormat.plain(knee))/s", color: "#16a34a")
            )
        }
        return plot.render()
    }

    static func runSection(_ run: RunResult, faults: [FaultEvent], open: Bool) -> String {
        let verdict = run.valid ? "valid" : "INVALID"
        let rate = NumberFormat.plain(run.targetRate)
        var html = "<details\(open ? " open" : "")><summary>Run at \(rate)/s: \(verdict)</summary>\n"
        html +=
            "<p>Achieved \(NumberFormat.plain(run.achievedRate))/s over "
            + "\(NumberFormat.plain(run.measuredSeconds)) s measured: "
            + "\(run.offered) offered, \(run.started) started, \(run.dropped) dropped; "
            + "errors \(NumberFormat.percent(run.errorRatio)) of calls.</p>\n"
        if !run.valid {
            html += "<ul class=\"bad\">" + run.invalidReasons.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += "<h3>Methods</h3>\n" + latencyTable(run.methods)
        html += "<h3>Journeys</h3>\n" + latencyTable(run.journeys)
        html += percentilesPlot(run.methods)
        html += throughputPlot(run.timeline, faults: faults)
        return html + "</details>\n"
    }

    static func latencyTable(_ summaries: [LatencySummary]) -> String {
        let rows = summaries.map { summary in
            let errors = summary.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            let c = summary.corrected
            let cells =
                [
                    summary.name, "\(summary.count)", "\(summary.ok)",
                    errors.isEmpty ? "–" : errors.joined(separator: ", "),
                ] + [c.p50, c.p90, c.p99, c.p999, c.max, summary.uncorrected.p99].map(NumberFormat.scaled)
            return "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return table(
            [
                "name", "count", "ok", "errors", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms",
                "uncorrected p99 ms",
            ],
            rows: rows
        )
    }

    /// How many methods the percentile plot draws: more lines on one chart than this cannot be told apart.
    static let plottedMethods = 5

    /// The percentiles of the ``plottedMethods`` methods with the highest corrected p99 (every method is in the
    /// table above it), each corrected (solid) and uncorrected (dashed) in its own colour.
    static func percentilesPlot(_ methods: [LatencySummary]) -> String {
        let slowest = methods.sorted { ($0.corrected.p99, $1.name) > ($1.corrected.p99, $0.name) }
            .prefix(plottedMethods)
        var plot = SVGPlot(title: "Latency percentiles per method", xLabel: "percentile", yLabel: "latency (ms)")
        plot.xCategories = ["p50", "p90", "p99", "p99.9", "max"]
        for (index, method) in slowest.enumerated() {
            let color = SVGPlot.palette[index % SVGPlot.palette.count]
            // Uncorrected first, so the corrected line is drawn over it where they coincide.
            for (percentiles, corrected) in [(method.uncorrected, false), (method.corrected, true)] {
                let values = [percentiles.p50, percentiles.p90, percentiles.p99, percentiles.p999, percentiles.max]
                plot.series.append(
                    SVGPlot.Series(
                        name: method.name + (corrected ? "" : " (uncorrected)"),
                        color: color,
                        points: values.enumerated().map { SVGPlot.Point(x: Double($0.offset), y: $0.element) },
                        dashed: !corrected,
                        showsPoints: corrected
                    )
                )
            }
        }
        let which =
            methods.count > plottedMethods
            ? "the \(plottedMethods) slowest of \(methods.count) methods by p99 (all are in the table)"
            : "every method"
        return "<h3>Latency percentiles of \(which): corrected (solid) and uncorrected (dashed)</h3>\n" + plot.render()
    }

    static func throughputPlot(_ timeline: [TimelineBucket], faults: [FaultEvent]) -> String {
        var plot = SVGPlot(title: "Throughput over time", xLabel: "seconds since start", yLabel: "per second")
        let counts: [(String, KeyPath<TimelineBucket, Int>, String)] = [
            ("started", \.started, SVGPlot.palette[0]), ("completed OK", \.completed, SVGPlot.palette[2]),
            ("failed", \.failed, SVGPlot.palette[1]), ("offered", \.offered, SVGPlot.gray),
        ]
        for (name, keyPath, color) in counts {
            // Each count is drawn at the middle of its second.
            let points = timeline.map { SVGPlot.Point(x: Double($0.second) + 0.5, y: Double($0[keyPath: keyPath])) }
            plot.series.append(SVGPlot.Series(name: name, color: color, points: points, dashed: name == "offered"))
        }
        let warmUp = timeline.filter(\.warmUp).count
        if warmUp > 0 {
            plot.bands.append(SVGPlot.Band(from: 0, to: Double(warmUp), label: "warm-up"))
        }
        let end = Double(timeline.count)
        for fault in faults where fault.atSeconds <= end {
            plot.verticalMarkers.append(
                SVGPlot.Marker(value: fault.atSeconds, label: "\(fault.action) \(fault.service)", color: "#b45309")
            )
        }
        return "<h3>Throughput over time</h3>\n" + plot.render()
    }

    static func faultsSection(_ faults: [FaultEvent]) -> String {
        guard !faults.isEmpty else { return "" }
        let rows = faults.map { fault in
            let cells = [NumberFormat.plain(fault.atSeconds), fault.action, fault.service, fault.detail]
            return "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return "<h2>Faults injected</h2>\n" + table(["at s", "action", "service", "detail"], rows: rows)
    }

    static func failuresSection(_ report: LoadReport) -> String {
        var html = "<h2>Unexpected failures</h2>\n"
        guard report.failureCount > 0 else { return html + "<p>None.</p>\n" }
        if report.failures.count < report.failureCount {
            html += "<p>The first \(report.failures.count) of \(report.failureCount).</p>\n"
        }
        let rows = report.failures.map { failure in
            let cells = [
                NumberFormat.plain(failure.atSeconds), failure.journey, failure.method, failure.status, failure.message,
            ]
            return "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return html + table(["at s", "journey", "method", "status", "message"], rows: rows)
    }

    static func harnessSection(_ runs: [RunResult]) -> String {
        let rows = runs.map { run in
            let health = run.harness
            let lag = health.schedulingLag
            let cells =
                [
                    NumberFormat.plain(run.targetRate), NumberFormat.scaled(health.cpuSeconds),
                    NumberFormat.plain(health.cpuPercentOfOneCore) + "%",
                ]
                + [lag.p50, lag.p99, lag.p999, lag.max].map(NumberFormat.scaled) + ["\(health.dropped)"]
            return "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return "<h2>Harness health</h2>\n"
            + table(
                [
                    "rate /s", "CPU s", "CPU of one core", "lag p50 ms", "lag p99 ms", "lag p99.9 ms", "lag max ms",
                    "dropped",
                ],
                rows: rows
            )
    }

    /// A table with a header row; `rows` are already-escaped `<tr>` elements.
    static func table(_ headers: [String], rows: [String]) -> String {
        let head = headers.map { "<th>\(escape($0))</th>" }.joined()
        return
            "<table>\n<thead><tr>\(head)</tr></thead>\n<tbody>\n\(rows.joined(separator: "\n"))\n</tbody>\n</table>\n"
    }
}
