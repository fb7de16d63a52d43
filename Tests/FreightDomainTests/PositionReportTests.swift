import FreightDomain
import Testing

/// A driver's report checked whole (F5): the first bad fix is named, and a report is kept all or nothing.
@Suite("Position reports (F5)")
struct PositionReportTests {
    static let now: Int64 = 1_800_000_000_000_000
    static let retention: Int64 = 30 * 86_400_000_000

    static func report(_ raw: [PositionReport.Raw]) throws(FreightError) -> PositionReport {
        try PositionReport(raw, now: now, retention: retention)
    }

    @Test("fixes come back oldest first, an accuracy of 0 read as not said")
    func sortsAndReads() throws {
        let report = try Self.report([
            .init(latitude: 47.37, longitude: 8.54, recordedAt: Self.now - 2_000_000, accuracy: 5),
            .init(latitude: 47.38, longitude: 8.55, recordedAt: Self.now - 4_000_000),
        ])
        #expect(report.fixes.map(\.recordedAt) == [Self.now - 4_000_000, Self.now - 2_000_000])
        #expect(report.fixes.map(\.accuracy) == [nil, 5])
        #expect(report.latest.coordinate.latitude == 47.37)
    }

    @Test(
        "a bad fix is named by its index and field",
        arguments: [
            (PositionReport.Raw(latitude: 91, longitude: 0, recordedAt: now), "positions[1].latitude"),
            (PositionReport.Raw(latitude: 0, longitude: -180.5, recordedAt: now), "positions[1].longitude"),
            (PositionReport.Raw(latitude: .nan, longitude: 0, recordedAt: now), "positions[1].latitude"),
            (
                PositionReport.Raw(latitude: 0, longitude: 0, recordedAt: now + 60_000_001),
                "positions[1].recorded_at_micros"
            ),
            (
                PositionReport.Raw(latitude: 0, longitude: 0, recordedAt: now - retention),
                "positions[1].recorded_at_micros"
            ),
            (
                PositionReport.Raw(latitude: 0, longitude: 0, recordedAt: now, accuracy: -1),
                "positions[1].accuracy_meters"
            ),
            (
                PositionReport.Raw(latitude: 0, longitude: 0, recordedAt: now, accuracy: .infinity),
                "positions[1].accuracy_meters"
            ),
        ]
    )
    func namesTheBadFix(bad: PositionReport.Raw, field: String) {
        let good = PositionReport.Raw(latitude: 10, longitude: 10, recordedAt: Self.now)
        let error = #expect(throws: FreightError.self) { try Self.report([good, bad]) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasPrefix(field + ":") == true, "\(String(describing: error))")
    }

    @Test("the edges are kept: exactly 60 s ahead, just inside the retention window, 500 fixes")
    func edgesAreKept() throws {
        _ = try Self.report([
            .init(latitude: 0, longitude: 0, recordedAt: Self.now + 60_000_000),
            .init(latitude: -90, longitude: 180, recordedAt: Self.now - Self.retention + 1),
        ])
        let many = (0..<500).map { PositionReport.Raw(latitude: 1, longitude: 1, recordedAt: Self.now - Int64($0)) }
        #expect(try Self.report(many).fixes.count == 500)
    }

    @Test("an empty report and one of 501 fixes are refused")
    func countIsBounded() {
        #expect(throws: FreightError.self) { try Self.report([]) }
        let many = (0..<501).map { PositionReport.Raw(latitude: 1, longitude: 1, recordedAt: Self.now - Int64($0)) }
        let error = #expect(throws: FreightError.self) { try Self.report(many) }
        #expect(error?.message.contains("at most 500") == true)
    }
}

/// A slow live watcher is owed each driver's newest position, never a backlog (F5).
@Suite("Latest position per driver, for live watchers (F5)")
struct LatestPerDriverTests {
    @Test("a newer position replaces a waiting one in place; an older one is dropped; a take empties it")
    func coalesces() {
        var queue = LatestPerDriver<String>()
        queue.offer("a1", driver: "a", recordedAt: 1)
        queue.offer("b1", driver: "b", recordedAt: 1)
        queue.offer("a2", driver: "a", recordedAt: 2)
        queue.offer("b0", driver: "b", recordedAt: 0)
        #expect(queue.count == 2)
        #expect(queue.take() == ["a2", "b1"])
        #expect(queue.isEmpty)
        queue.offer("b2", driver: "b", recordedAt: 2)
        #expect(queue.take() == ["b2"])
    }

    @Test("10,000 reports from 50 drivers leave 50 waiting, each the driver's newest")
    func boundedByDrivers() {
        var queue = LatestPerDriver<Int64>()
        for tick in 0..<200 {
            for driver in 0..<50 {
                queue.offer(Int64(tick), driver: "d\(driver)", recordedAt: Int64(tick))
            }
        }
        #expect(queue.count == 50)
        #expect(Set(queue.take()) == [199])
    }
}
