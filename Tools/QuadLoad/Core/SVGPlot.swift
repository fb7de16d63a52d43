import Foundation

/// A small line chart drawn as inline SVG, so the HTML report needs no script, font or stylesheet from anywhere.
///
/// Linear axes with "nice" ticks; y starts at 0. Optional shaded x-ranges (warm-up), vertical markers (faults, the
/// knee) and horizontal markers (a bound). The legend is HTML beside the SVG so long names wrap.
struct SVGPlot {
    /// A point in data coordinates.
    struct Point {
        var x: Double
        var y: Double
    }

    /// One line (and/or its points) in one color.
    struct Series {
        var name: String
        var color: String
        var points: [Point]
        var dashed = false
        var showsLine = true
        var showsPoints = false
    }

    /// A labelled line across the plot at one x (vertical) or one y (horizontal).
    struct Marker {
        var value: Double
        var label: String
        var color: String
    }

    /// A shaded, labelled range of x.
    struct Band {
        var from: Double
        var to: Double
        var label: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series] = []
    var verticalMarkers: [Marker] = []
    var horizontalMarkers: [Marker] = []
    var bands: [Band] = []
    /// Labels for x positions in place of numeric ticks (a categorical axis).
    var xCategories: [String]? = nil

    private let width = 760.0
    private let height = 300.0
    private let left = 64.0, right = 20.0, top = 16.0, bottom = 48.0

    /// Grid lines and shading.
    static let lightGray = "#e5e7eb"
    /// Axes and secondary text.
    static let gray = "#6b7280"
    /// A palette that stays readable on white and tells lines apart.
    static let palette = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777"]

    init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// The chart as an `<svg>` element followed by its legend.
    func render() -> String {
        let xs =
            series.flatMap { $0.points.map(\.x) } + verticalMarkers.map(\.value) + bands.flatMap { [$0.from, $0.to] }
        let ys = series.flatMap { $0.points.map(\.y) } + horizontalMarkers.map(\.value)
        var xMin = xs.min() ?? 0, xMax = xs.max() ?? 1
        if let categories = xCategories { (xMin, xMax) = (0, Double(max(categories.count - 1, 1))) }
        if xMax <= xMin { (xMin, xMax) = (xMin - 1, xMax + 1) }
        let yTicks = Self.niceTicks(upTo: Swift.max(ys.max() ?? 0, 0))
        let yMax = yTicks.last ?? 1
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let sx = { (x: Double) in self.left + (x - xMin) / (xMax - xMin) * plotWidth }
        let sy = { (y: Double) in self.top + plotHeight - y / yMax * plotHeight }

        var svg = """
            <svg class="plot" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" height="\(Int(height))" \
            role="img" aria-label="\(HTMLReport.escape(title))"><title>\(HTMLReport.escape(title))</title>

            """
        for band in bands {
            let x0 = sx(Swift.max(band.from, xMin)), x1 = sx(Swift.min(band.to, xMax))
            svg += rect(x0, top, x1 - x0, plotHeight, attributes: #"fill="\#(Self.lightGray)" opacity="0.7""#)
            svg += text(band.label, (x0 + x1) / 2, top + 12, attributes: #"text-anchor="middle" class="muted""#)
        }
        for tick in yTicks {
            svg += line(left, sy(tick), left + plotWidth, sy(tick), attributes: #"stroke="\#(Self.lightGray)""#)
            svg += text(Self.label(tick), left - 6, sy(tick) + 4, attributes: #"text-anchor="end""#)
        }
        let xTicks: [(Double, String)] =
            xCategories.map { $0.enumerated().map { (Double($0.offset), $0.element) } }
            ?? Self.niceTicks(from: xMin, to: xMax).map { ($0, Self.label($0)) }
        for (tick, label) in xTicks {
            svg += line(
                sx(tick),
                top + plotHeight,
                sx(tick),
                top + plotHeight + 5,
                attributes: #"stroke="\#(Self.gray)""#
            )
            svg += text(label, sx(tick), top + plotHeight + 18, attributes: #"text-anchor="middle""#)
        }
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, attributes: #"stroke="\#(Self.gray)""#)
        svg += line(left, top, left, top + plotHeight, attributes: #"stroke="\#(Self.gray)""#)
        svg += text(xLabel, left + plotWidth / 2, height - 8, attributes: #"text-anchor="middle" class="axis""#)
        svg += text(
            yLabel,
            14,
            top + plotHeight / 2,
            attributes: #"text-anchor="middle" class="axis" transform="rotate(-90 14 \#(top + plotHeight / 2))""#
        )
        for marker in horizontalMarkers {
            let y = sy(marker.value)
            svg += line(left, y, left + plotWidth, y, attributes: #"stroke="\#(marker.color)" stroke-dasharray="6 4""#)
            svg += text(
                marker.label,
                left + plotWidth - 4,
                y - 4,
                attributes: #"text-anchor="end" fill="\#(marker.color)""#
            )
        }
        for (index, marker) in verticalMarkers.enumerated() {
            let x = sx(marker.value)
            svg += line(x, top, x, top + plotHeight, attributes: #"stroke="\#(marker.color)" stroke-width="1.5""#)
            // Stagger labels so markers close together stay legible.
            svg += text(marker.label, x + 4, top + 26 + Double(index % 3) * 13, attributes: #"fill="\#(marker.color)""#)
        }
        for series in series {
            let points = series.points.map { "\(Self.coordinate(sx($0.x))),\(Self.coordinate(sy($0.y)))" }
            if series.showsLine, points.count > 1 {
                let dash = series.dashed ? #" stroke-dasharray="5 4""# : ""
                let coordinates = points.joined(separator: " ")
                svg += #"<polyline fill="none" stroke="\#(series.color)" stroke-width="2"\#(dash) "#
                svg += #"points="\#(coordinates)"/>"# + "\n"
            }
            if series.showsPoints || points.count == 1 {
                for point in series.points {
                    let (cx, cy) = (Self.coordinate(sx(point.x)), Self.coordinate(sy(point.y)))
                    svg += #"<circle cx="\#(cx)" cy="\#(cy)" r="3.5" fill="\#(series.color)"/>"# + "\n"
                }
            }
        }
        if series.allSatisfy(\.points.isEmpty) {
            svg += text(
                "no data",
                left + plotWidth / 2,
                top + plotHeight / 2,
                attributes: #"text-anchor="middle" class="muted""#
            )
        }
        svg += "</svg>\n"
        return svg + legend()
    }

    private func legend() -> String {
        let items = series.map { series in
            let style = series.dashed ? "border-top:2px dashed \(series.color)" : "border-top:3px solid \(series.color)"
            return #"<span><i style="\#(style)"></i>\#(HTMLReport.escape(series.name))</span>"#
        }
        return #"<div class="legend">\#(items.joined())</div>"# + "\n"
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, attributes: String) -> String {
        let c = Self.coordinate
        return #"<line x1="\#(c(x1))" y1="\#(c(y1))" x2="\#(c(x2))" y2="\#(c(y2))" \#(attributes)/>"# + "\n"
    }

    private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, attributes: String) -> String {
        let c = Self.coordinate
        return #"<rect x="\#(c(x))" y="\#(c(y))" width="\#(c(w))" height="\#(c(h))" \#(attributes)/>"# + "\n"
    }

    private func text(_ content: String, _ x: Double, _ y: Double, attributes: String) -> String {
        let c = Self.coordinate
        return #"<text x="\#(c(x))" y="\#(c(y))" \#(attributes)>\#(HTMLReport.escape(content))</text>"# + "\n"
    }

    private static func coordinate(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private static func label(_ value: Double) -> String {
        NumberFormat.plain(value)
    }

    /// Round tick values (1, 2 or 5 times a power of ten apart) from 0 up to at least `maximum`.
    static func niceTicks(upTo maximum: Double) -> [Double] {
        let step = niceStep(maximum > 0 ? maximum / 5 : 0.2)
        let count = Int((maximum / step).rounded(.up))
        return (0...Swift.max(count, 1)).map { Double($0) * step }
    }

    /// Round tick values within `from ... to`.
    static func niceTicks(from lower: Double, to upper: Double) -> [Double] {
        let step = niceStep((upper - lower) / 6)
        var tick = (lower / step).rounded(.up) * step
        var ticks: [Double] = []
        while tick <= upper + step * 1e-9 {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    private static func niceStep(_ rough: Double) -> Double {
        let magnitude = pow(10, floor(log10(rough)))
        let normalized = rough / magnitude
        let nice: Double = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10
        return nice * magnitude
    }
}
