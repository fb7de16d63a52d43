import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E7 through the service: reports, the errand hidden at three, and the operators' queue and decisions.
@Suite("Errands: reports and their review (E7)")
struct ErrandReportTests {
    static func report(
        _ harness: JobsHarness,
        _ errandID: String,
        as user: String,
        _ reason: Quad_Jobs_V1_ErrandReportReason = .spam,
        text: String = ""
    ) async throws -> Quad_Jobs_V1_ReportErrandResponse {
        try await harness.errands(user) {
            try await $0.reportErrand(
                .with {
                    $0.errandID = errandID
                    $0.reason = reason
                    $0.text = text
                }
            )
        }
    }

    static func queue(_ harness: JobsHarness) async throws -> [Quad_Jobs_V1_ReportedErrand] {
        try await harness.errandsAsOperator { try await $0.listReportedErrands(.init()) }.errands
    }

    static func decide(
        _ harness: JobsHarness,
        _ errandID: String,
        _ decision: Quad_Jobs_V1_ReportDecision,
        note: String = ""
    )
        async throws -> Quad_Jobs_V1_Errand
    {
        try await harness.errandsAsOperator {
            try await $0.decideReportedErrand(
                .with {
                    $0.errandID = errandID
                    $0.decision = decision
                    $0.note = note
                }
            )
        }
    }

    /// An errand of ada's reported by three people of the campus.
    static func hidden(_ harness: JobsHarness) async throws -> Quad_Jobs_V1_Errand {
        let posted = try await harness.post("req-ada")
        _ = try await report(harness, posted.errandID, as: "r1", .illegal, text: "sells alcohol to minors")
        _ = try await report(harness, posted.errandID, as: "r2", .spam)
        _ = try await report(harness, posted.errandID, as: "r3", .other, text: "odd")
        return posted
    }

    @Test("Given an open errand, when reported, then once per person, never by its requester, always with a reason")
    func once() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            let id = posted.errandID
            let first = try await Self.report(harness, id, as: "r1")
            #expect(first.errandID == id)
            #expect(first.reportedAtMicros == harness.clock.micros)
            await expectRefusal(.alreadyExists, naming: "reported errand \(id) already") {
                _ = try await Self.report(harness, id, as: "r1", .other)
            }
            await expectRefusal(.failedPrecondition, naming: "is yours") {
                _ = try await Self.report(harness, id, as: "req-ada")
            }
            await expectRefusal(.invalidArgument, naming: "reason") {
                _ = try await Self.report(harness, id, as: "r2", .unspecified)
            }
            await expectRefusal(.invalidArgument, naming: "text") {
                _ = try await Self.report(harness, id, as: "r2", text: String(repeating: "x", count: 501))
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errands("far-away", campus: "campus-southfield") {
                    try await $0.reportErrand(
                        .with {
                            $0.errandID = id
                            $0.reason = .spam
                        }
                    )
                }
            }
            // And two reporters (one twice) do not hide it
            _ = try await Self.report(harness, id, as: "r2")
            #expect(try await harness.feedIDs() == [id])
            #expect(try await Self.queue(harness).isEmpty)
        }
    }

    @Test("Given three reporters, when the feed is read, then the errand is hidden and queued with its reports")
    func hiddenAtThree() async throws {
        try await JobsHarness.run { harness in
            let other = try await harness.post("req-bo")
            let posted = try await Self.hidden(harness)
            #expect(try await harness.feedIDs() == [other.errandID])
            #expect(try await harness.feedIDs(limit: 1) == [other.errandID])
            #expect(try await harness.errand(posted.errandID, as: "req-ada").hidden)
            let queued = try await Self.queue(harness)
            #expect(queued.map(\.errand.errandID) == [posted.errandID])
            #expect(queued.first?.reports.map(\.reporterID) == ["r1", "r2", "r3"])
            #expect(queued.first?.reports.map(\.reason) == [.illegal, .spam, .other])
            #expect(queued.first?.reports.first?.text == "sells alcohol to minors")
            // And nobody else of the campus sees it to report it a fourth time
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.report(harness, posted.errandID, as: "req-bo")
            }
            #expect(try await Self.queue(harness).count == 1)
        }
    }

    @Test("Given a hidden errand, when a user (not an operator) lists or decides, then PERMISSION_DENIED")
    func operatorsOnly() async throws {
        try await JobsHarness.run { harness in
            let posted = try await Self.hidden(harness)
            await expectRefusal(.permissionDenied, naming: "operator") {
                _ = try await harness.errands("r1") { try await $0.listReportedErrands(.init()) }
            }
            await expectRefusal(.permissionDenied, naming: "operator") {
                _ = try await harness.errands("req-ada") {
                    try await $0.decideReportedErrand(
                        .with {
                            $0.errandID = posted.errandID
                            $0.decision = .restore
                        }
                    )
                }
            }
            #expect(try await harness.errand(posted.errandID, as: "req-ada").hidden)
        }
    }

    @Test("Given a hidden errand, when an operator restores it, then it is back in the feed and its reports cleared")
    func restore() async throws {
        try await JobsHarness.run { harness in
            let posted = try await Self.hidden(harness)
            await expectRefusal(.invalidArgument, naming: "decision") {
                _ = try await Self.decide(harness, posted.errandID, .unspecified)
            }
            let restored = try await Self.decide(harness, posted.errandID, .restore)
            #expect(!restored.hidden)
            #expect(restored.status == .active)
            #expect(try await harness.feedIDs() == [posted.errandID])
            #expect(try await Self.queue(harness).isEmpty)
            #expect(try await harness.errandFeed(of: "req-ada").last == "restored")
            // And the same people may report it again, three of them hiding it again
            _ = try await Self.report(harness, posted.errandID, as: "r1")
            _ = try await Self.report(harness, posted.errandID, as: "r2")
            #expect(try await harness.feedIDs() == [posted.errandID])
            _ = try await Self.report(harness, posted.errandID, as: "r3")
            #expect(try await harness.feedIDs().isEmpty)
            // And an errand no longer queued is not decided twice
            _ = try await Self.decide(harness, posted.errandID, .restore)
            await expectRefusal(.notFound, naming: "not waiting for review") {
                _ = try await Self.decide(harness, posted.errandID, .remove)
            }
        }
    }

    @Test("Given a hidden errand, when an operator removes it, then it is cancelled, released, the requester told")
    func remove() async throws {
        try await JobsHarness.run { harness in
            let posted = try await Self.hidden(harness)
            let removed = try await Self.decide(harness, posted.errandID, .remove, note: "not allowed on Quad")
            #expect(removed.status == .cancelled)
            #expect(removed.timeline.contains { $0.kind == "removed" && $0.reason == "not allowed on Quad" })
            #expect(try await harness.errandFeed(of: "req-ada").suffix(2) == ["removed", "cancelled"])
            #expect(
                try await harness.outboxLines().contains("payments job.cancelled \(posted.errandID):job.cancelled")
            )
            #expect(try await Self.queue(harness).isEmpty)
            #expect(try await harness.feedIDs().isEmpty)
            await expectRefusal(.notFound, naming: "not waiting for review") {
                _ = try await Self.decide(harness, posted.errandID, .restore)
            }
        }
    }

    @Test("Given three hidden errands, when the operator lists them one at a time, then oldest first, each once")
    func queuePaging() async throws {
        try await JobsHarness.run { harness in
            var hidden: [String] = []
            for _ in 0..<3 {
                hidden.append(try await Self.hidden(harness).errandID)
                harness.clock.advance(byMicros: 1_000)
            }
            var listed: [String] = []
            var token = ""
            repeat {
                let page = try await harness.errandsAsOperator { [token] in
                    try await $0.listReportedErrands(
                        .with {
                            $0.limit = 1
                            $0.pageToken = token
                        }
                    )
                }
                #expect(page.errands.count == 1)
                listed += page.errands.map(\.errand.errandID)
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(listed == hidden)
            await expectRefusal(.invalidArgument, naming: "page_token") {
                _ = try await harness.errandsAsOperator {
                    try await $0.listReportedErrands(.with { $0.pageToken = "not-a-token" })
                }
            }
            await expectRefusal(.invalidArgument, naming: "limit") {
                _ = try await harness.errandsAsOperator { try await $0.listReportedErrands(.with { $0.limit = 101 }) }
            }
        }
    }

    @Test("Given a hidden errand, when its requester cancels it, then it leaves the review queue")
    func cancelledWhileQueued() async throws {
        try await JobsHarness.run { harness in
            let posted = try await Self.hidden(harness)
            let cancelled = try await harness.errands("req-ada") {
                try await $0.cancelErrand(.with { $0.errandID = posted.errandID })
            }
            #expect(cancelled.status == .cancelled)
            #expect(try await Self.queue(harness).isEmpty)
            await expectRefusal(.notFound, naming: "not waiting for review") {
                _ = try await Self.decide(harness, posted.errandID, .remove)
            }
        }
    }

    @Test("Given two reports of an errand a buyer then accepted, when the buyer reports it, then it is not queued")
    func acceptedNotQueued() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            _ = try await Self.report(harness, posted.errandID, as: "r1")
            _ = try await Self.report(harness, posted.errandID, as: "r2")
            _ = try await harness.errands("buyer-bo") {
                try await $0.acceptErrand(.with { $0.errandID = posted.errandID })
            }
            // When its buyer, who sees it, is the third reporter
            let third = try await Self.report(harness, posted.errandID, as: "buyer-bo", .illegal)
            #expect(third.errandID == posted.errandID)
            // Then it is not hidden nor queued for a review that could neither restore nor remove it
            #expect(!(try await harness.errand(posted.errandID, as: "req-ada").hidden))
            #expect(try await Self.queue(harness).isEmpty)
            // And it goes on
            let bought = try await harness.recordPurchase(posted.errandID, by: "buyer-bo", prices: [300, 450])
            #expect(bought.stage == .bought)
        }
    }

    @Test("Given an errand never queued, when an operator decides it, then NOT_FOUND")
    func notQueued() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            _ = try await Self.report(harness, posted.errandID, as: "r1")
            for id in [posted.errandID, "errand-unknown"] {
                await expectRefusal(.notFound, naming: "errand_id") {
                    _ = try await Self.decide(harness, id, .remove)
                }
            }
            #expect(try await harness.feedIDs() == [posted.errandID])
        }
    }
}
