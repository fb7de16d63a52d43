import Testing

@testable import QuadLoadCore

@Suite("HTMLReport")
struct HTMLReportTests {
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("a fixed-rate page draws the percentiles and the throughput plots as balanced inline SVG")
    func fixedPlots() {
        let html = HTMLReport.render(ReportFixture.fixed())
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(Self.occurrences(of: "<svg", in: html) == 2)
        #expect(Self.occurrences(of: "</svg>", in: html) == 2)
        #expect(html.contains("Latency percentiles per method"))
        #expect(html.contains("Throughput over time"))
        #expect(html.contains("ITS BOUNDS<p>"))
        #expect(html.contains("Harness: valid"))
    }

    @Test("a step-mode page adds the latency-versus-rate plot with the knee marked, and says INVALID with reasons")
    func steppedPlots() throws {
        let html = HTMLReport.render(try ReportFixture.stepped())
        // One curve plot, then percentiles and throughput for each of the two steps.
        #expect(Self.occurrences(of: "<svg", in: html) == 5)
        #expect(Self.occurrences(of: "</svg>", in: html) == 5)
        #expect(html.contains("p99 latency versus offered rate"))
        #expect(html.contains("knee 50/s"))
        #expect(html.contains("INVALID"))
        #expect(html.contains("run at 100/s: dropped 100 of"))
    }

    @Test("the page is self-contained: nothing loaded from anywhere")
    func selfContained() throws {
        let html = HTMLReport.render(try ReportFixture.stepped())
        for forbidden in ["http://", "https://", "<link", "<script", "@import", "url("] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("journey names, messages and fault labels are HTML-escaped")
    func escapesText() {
        let html = HTMLReport.render(ReportFixture.fixed())
        #expect(!html.contains(ReportFixture.hostileJourney))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("connection refused &amp; &lt;reset&gt;"))
        #expect(html.contains("kill jobs"))
    }

    @Test("escape replaces every character HTML gives meaning to")
    func escape() {
        #expect(HTMLReport.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
