import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E6 through the service: the chat of an errand's two people, its rules, order, pages, closing and feed events.
@Suite("Errands: chat (E6)")
struct ErrandChatTests {
    static func send(_ harness: JobsHarness, _ errandID: String, as user: String, _ text: String) async throws
        -> Quad_Jobs_V1_ErrandMessage
    {
        try await harness.errands(user) {
            try await $0.sendErrandMessage(
                .with {
                    $0.errandID = errandID
                    $0.text = text
                }
            )
        }
    }

    static func read(_ harness: JobsHarness, _ errandID: String, as user: String, limit: UInt32 = 0, token: String = "")
        async throws -> Quad_Jobs_V1_ListErrandMessagesResponse
    {
        try await harness.errands(user) {
            try await $0.listErrandMessages(
                .with {
                    $0.errandID = errandID
                    $0.limit = limit
                    $0.pageToken = token
                }
            )
        }
    }

    @Test("Given an accepted errand, when its two people chat, then messages are numbered in order and in both feeds")
    func ordered() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.accepted("req-ada", by: "buyer-bo").errandID
            var sent: [Quad_Jobs_V1_ErrandMessage] = []
            for (index, sender) in ["req-ada", "buyer-bo", "req-ada", "buyer-bo", "buyer-bo"].enumerated() {
                sent.append(try await Self.send(harness, id, as: sender, "message \(index + 1)"))
            }
            #expect(sent.map(\.sequence) == [1, 2, 3, 4, 5])
            #expect(sent.map(\.senderID) == ["req-ada", "buyer-bo", "req-ada", "buyer-bo", "buyer-bo"])
            let all = try await Self.read(harness, id, as: "req-ada")
            #expect(all.messages == sent)
            #expect(all.nextPageToken.isEmpty)
            #expect(all.closesAtMicros == 0)
            #expect(try await Self.read(harness, id, as: "buyer-bo").messages == sent)
            for user in ["req-ada", "buyer-bo"] {
                let logged = try await harness.events(Quad_Jobs_V1_ErrandMessagePosted.self, of: user)
                #expect(logged.map(\.message) == sent, "\(user)")
            }
        }
    }

    @Test("Given both people sending twenty messages at once, when read, then numbered 1...40 without gaps")
    func concurrent() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.accepted("req-ada", by: "buyer-bo").errandID
            let sequences = try await withThrowingTaskGroup(of: UInt64.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await Self.send(
                            harness,
                            id,
                            as: index.isMultiple(of: 2) ? "req-ada" : "buyer-bo",
                            "m\(index)"
                        )
                        .sequence
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sequences.sorted() == Array(1...40))
            let read = try await Self.read(harness, id, as: "buyer-bo", limit: 100)
            #expect(read.messages.map(\.sequence) == Array(1...40))
        }
    }

    @Test("Given seven messages, when read three at a time, then three pages oldest first, none twice or missed")
    func paging() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.accepted("req-ada", by: "buyer-bo").errandID
            for index in 1...7 { _ = try await Self.send(harness, id, as: "req-ada", "line \(index)") }
            var pages: [[UInt64]] = []
            var token = ""
            repeat {
                let page = try await Self.read(harness, id, as: "buyer-bo", limit: 3, token: token)
                pages.append(page.messages.map(\.sequence))
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(pages == [[1, 2, 3], [4, 5, 6], [7]])
            await expectRefusal(.invalidArgument, naming: "page_token") {
                _ = try await Self.read(harness, id, as: "buyer-bo", token: "not-a-token")
            }
            await expectRefusal(.invalidArgument, naming: "limit") {
                _ = try await Self.read(harness, id, as: "buyer-bo", limit: 101)
            }
        }
    }

    @Test("Given an accepted errand, when anyone else sends or reads, then NOT_FOUND as for an unknown errand")
    func onlyTheTwo() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.accepted("req-ada", by: "buyer-bo").errandID
            _ = try await Self.send(harness, id, as: "req-ada", "hello")
            let unknown = await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.send(harness, "errand-unknown", as: "stranger", "hello")
            }
            let expected = unknown?.message.replacingOccurrences(of: "errand-unknown", with: "?")
            for (user, campus) in [("stranger", JobsHarness.campus), ("far-away", "campus-southfield")] {
                let sending = await expectRefusal(.notFound, naming: "errand_id") {
                    _ = try await harness.errands(user, campus: campus) {
                        try await $0.sendErrandMessage(
                            .with {
                                $0.errandID = id
                                $0.text = "hi"
                            }
                        )
                    }
                }
                #expect(sending?.message.replacingOccurrences(of: id, with: "?") == expected)
                let reading = await expectRefusal(.notFound, naming: "errand_id") {
                    _ = try await harness.errands(user, campus: campus) {
                        try await $0.listErrandMessages(.with { $0.errandID = id })
                    }
                }
                #expect(reading?.message.replacingOccurrences(of: id, with: "?") == expected)
            }
            // And a person of the campus cannot read an open errand's chat either
            let open = try await harness.post("req-cy").errandID
            let campusReading = await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.read(harness, open, as: "stranger")
            }
            #expect(campusReading?.message.replacingOccurrences(of: open, with: "?") == expected)
            #expect(try await Self.read(harness, id, as: "req-ada").messages.count == 1)
        }
    }

    @Test("Given an open errand, when its requester sends a message, then FAILED_PRECONDITION: no buyer yet")
    func noBuyer() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.post("req-ada").errandID
            await expectRefusal(.failedPrecondition, naming: "no buyer") {
                _ = try await Self.send(harness, id, as: "req-ada", "anyone?")
            }
            #expect(try await Self.read(harness, id, as: "req-ada").messages.isEmpty)
        }
    }

    @Test("Given an accepted errand, when a message is long, empty or gives contact details, then INVALID_ARGUMENT")
    func texts() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.accepted("req-ada", by: "buyer-bo").errandID
            let longest = String(repeating: "a", count: 2_000)
            #expect(try await Self.send(harness, id, as: "req-ada", longest).text == longest)
            #expect(try await Self.send(harness, id, as: "buyer-bo", "Aisle 7\nor 8?").sequence == 2)
            let refused = [
                String(repeating: "a", count: 2_001), "", "mail me at ada@example.edu", "call 412 555 0199",
                "text +1 (412) 555-0199 when here", "my number is 4125550199", "bell\u{7}",
            ]
            for text in refused {
                await expectRefusal(.invalidArgument, naming: "text") {
                    _ = try await Self.send(harness, id, as: "req-ada", text)
                }
            }
            #expect(try await Self.read(harness, id, as: "buyer-bo").messages.count == 2)
            // And prices, times and aisle numbers are not phone numbers
            _ = try await Self.send(harness, id, as: "buyer-bo", "It was 3.49, back at 5:30, aisle 12")
        }
    }

    @Test("Given a delivered errand, when 7 days have passed, then sending is refused and the history stays readable")
    func closes() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            let id = posted.errandID
            _ = try await harness.errands("buyer-bo") { try await $0.acceptErrand(.with { $0.errandID = id }) }
            _ = try await Self.send(harness, id, as: "req-ada", "thanks!")
            try await harness.recordPurchase(id, by: "buyer-bo", prices: [300, 450])
            let delivered = try await harness.deliver(id, by: "buyer-bo")
            let closesAt = delivered.chatClosesAtMicros
            #expect(closesAt == harness.clock.micros + 7 * JobsHarness.day)
            harness.clock.advance(byMicros: 7 * JobsHarness.day - 1)
            _ = try await Self.send(harness, id, as: "buyer-bo", "enjoy")
            harness.clock.advance(byMicros: 1)
            await expectRefusal(.failedPrecondition, naming: "closed") {
                _ = try await Self.send(harness, id, as: "req-ada", "one more thing")
            }
            let history = try await Self.read(harness, id, as: "req-ada")
            #expect(history.messages.map(\.text) == ["thanks!", "enjoy"])
            #expect(history.closesAtMicros == closesAt)
        }
    }
}
