import Foundation
import Testing

@testable import QuadLoadCore

@Suite("LoadReport JSON")
struct LoadReportTests {
    @Test("a fixed-rate report survives a JSON round trip unchanged")
    func fixedRoundTrip() throws {
        let report = ReportFixture.fixed()
        #expect(try LoadReport.decode(report.jsonData()) == report)
    }

    @Test("a step-mode report with its knee survives a JSON round trip unchanged")
    func steppedRoundTrip() throws {
        let report = try ReportFixture.stepped()
        #expect(report.knee?.kneeRate == 50)
        #expect(try LoadReport.decode(report.jsonData()) == report)
    }

    @Test("the JSON has snake_case keys, the computed valid flag, and journey and status names as given")
    func jsonShape() throws {
        let report = try ReportFixture.stepped()
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        #expect(json["tool"] as? String == "quad-load")
        #expect(json["valid"] as? Bool == false)
        #expect(json["failure_count"] as? Int == 3)
        let configuration = try #require(json["configuration"] as? [String: Any])
        #expect(
            (configuration["mix"] as? [String: Double])?.keys.sorted() == [
                ReportFixture.hostileJourney, "laundryDasher",
            ]
        )
        #expect(configuration["max_in_flight"] as? Int == 256)
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.first?["measured_seconds"] as? Double == 4)
        let methods = try #require(runs.first?["methods"] as? [[String: Any]])
        #expect((methods.first?["errors"] as? [String: Int])?.keys.first == "DEADLINE_EXCEEDED")
        #expect(json["knee"] is [String: Any])
    }

    @Test("valid only when every run is")
    func validity() throws {
        #expect(ReportFixture.fixed().valid)
        #expect(!ReportFixture.fixed(dropped: 50).valid)
        #expect(try !ReportFixture.stepped().valid)
        let reasons = try ReportFixture.stepped().invalidReasons
        #expect(reasons.contains { $0.hasPrefix("run at 100/s: dropped 100 of") })
    }

    @Test("keeps the first 100 failures and counts them all")
    func failuresCapped() {
        let failures = (0..<150).map {
            FailureRecord(atSeconds: Double($0), journey: "j", method: "m", status: "INTERNAL", message: "boom")
        }
        let report = LoadReport(
            startedAt: "2025-03-01T12:00:00Z",
            configuration: ReportFixture.configuration(step: false),
            runs: [],
            failures: failures
        )
        #expect(report.failures == Array(failures.prefix(100)))
        #expect(report.failureCount == 150)
    }
}
