import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E2 through the service: the campus feed's order, pages and filters, what never shows in it, and "my errands".
@Suite("Errands: the feed and my errands (E2)")
struct ErrandFeedTests {
    static func feed(
        store: String = "",
        text: String = "",
        maxTotal: Int64? = nil,
        currency: String = "USD",
        before: Int64 = 0
    ) -> Quad_Jobs_V1_ListErrandFeedRequest {
        .with {
            $0.store = store
            $0.itemText = text
            if let maxTotal {
                $0.maxTotal = .with {
                    $0.minorUnits = maxTotal
                    $0.currency = currency
                }
            }
            $0.neededByBeforeMicros = before
        }
    }

    @Test("Given 45 errands, when the feed is read 20 at a time, then three pages newest first, none twice or missed")
    func paging() async throws {
        try await JobsHarness.run { harness in
            var posted: [String] = []
            for index in 0..<45 {
                harness.clock.advance(byMicros: 1_000)
                posted.append(try await harness.post("req-\(index % 5)").errandID)
            }
            var pages: [[String]] = []
            var token = ""
            repeat {
                let page = try await harness.errands("browser") { [token] in
                    try await $0.listErrandFeed(
                        .with {
                            $0.limit = 20
                            $0.pageToken = token
                        }
                    )
                }
                pages.append(page.errands.map(\.errandID))
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(pages.map(\.count) == [20, 20, 5])
            #expect(pages.flatMap { $0 } == posted.reversed())
            // And the default limit is 20
            let first = try await harness.errands("browser") { try await $0.listErrandFeed(.init()) }
            #expect(first.errands.map(\.errandID) == pages[0])
        }
    }

    @Test("Given errands of several stores, items, holds and times, when filtered, then each filter and combination")
    func filters() async throws {
        try await JobsHarness.run { harness in
            let now = harness.clock.micros
            let hour = JobsHarness.hour
            // Given A (oat milk, rye bread at Corner Market, 12.75, in 6 h), B (bananas at Giant Eagle, 3.75, in 2 h),
            // C (almond milk, no store, 6.75, in 10 h), D (whole milk at "giant eagle", 5.75, in 3 h), posted in order
            let a = try await harness.post("req-a").errandID
            let b = try await harness.post(
                "req-b",
                harness.errandRequest(
                    items: [JobsHarness.item("Bananas", max: 200, store: "Giant Eagle")],
                    neededIn: 2 * hour
                )
            ).errandID
            let c = try await harness.post(
                "req-c",
                harness.errandRequest(items: [JobsHarness.item("Almond milk, 1 l", max: 500)], neededIn: 10 * hour)
            ).errandID
            let d = try await harness.post(
                "req-d",
                harness.errandRequest(
                    items: [JobsHarness.item("Whole milk", max: 400, store: "giant eagle")],
                    neededIn: 3 * hour
                )
            ).errandID
            let cases: [(String, Quad_Jobs_V1_ListErrandFeedRequest, [String])] = [
                ("none", Self.feed(), [d, c, b, a]),
                ("store, another case", Self.feed(store: "GIANT EAGLE"), [d, b]),
                ("store, padded", Self.feed(store: "  corner market "), [a]),
                ("store nobody named", Self.feed(store: "Trader Joe's"), []),
                ("text, another case", Self.feed(text: "MILK"), [d, c, a]),
                ("text inside a word", Self.feed(text: "ilk"), [d, c, a]),
                ("text of three characters", Self.feed(text: "ban"), [b]),
                ("text of a second item", Self.feed(text: "rye br"), [a]),
                ("max total", Self.feed(maxTotal: 675), [d, c, b]),
                ("max total in another currency", Self.feed(maxTotal: 10_000, currency: "EUR"), []),
                ("needed before", Self.feed(before: now + 4 * hour), [d, b]),
                ("store and text", Self.feed(store: "Giant Eagle", text: "milk"), [d]),
                ("store and max total", Self.feed(store: "Giant Eagle", maxTotal: 400), [b]),
                ("store and needed before", Self.feed(store: "Corner Market", before: now + 4 * hour), []),
                ("text and max total", Self.feed(text: "milk", maxTotal: 700), [d, c]),
                ("text and needed before", Self.feed(text: "milk", before: now + 8 * hour), [d, a]),
                ("max total and needed before", Self.feed(maxTotal: 1_000, before: now + 4 * hour), [d, b]),
                (
                    "all four", Self.feed(store: "giant eagle", text: "Ban", maxTotal: 400, before: now + 3 * hour),
                    [b]
                ),
            ]
            for (what, request, expected) in cases {
                #expect(try await harness.feedIDs(limit: 1, filter: request) == expected, "\(what)")
                #expect(try await harness.feedIDs(filter: request) == expected, "\(what)")
            }
        }
    }

    @Test("Given item names with accents, when the text filter holds query syntax or other cases, then plain text")
    func textIsText() async throws {
        try await JobsHarness.run { harness in
            let creme = try await harness.post(
                "req-a",
                harness.errandRequest(items: [JobsHarness.item("Crème fraîche", max: 300, store: "Épicerie Fine")])
            ).errandID
            let quoted = try await harness.post(
                "req-b",
                harness.errandRequest(items: [JobsHarness.item("Ben & Jerry's \"Half Baked\"", max: 700)])
            ).errandID
            let cases: [(String, [String])] = [
                ("CRÈME", [creme]), ("fraîche", [creme]), ("creme", []), ("\"half", [quoted]), ("'s \"H", [quoted]),
                ("y's", [quoted]), ("oat\" OR \"milk", []), ("NEAR(a b)", []), ("milk*", []), ("-rye", []),
                ("^ben", []),
            ]
            for (text, expected) in cases {
                #expect(try await harness.feedIDs(filter: Self.feed(text: text)) == expected, "\(text)")
            }
            #expect(try await harness.feedIDs(filter: Self.feed(store: "ÉPICERIE FINE")) == [creme])
            // The same names typed with combining accents (e + U+0301) match the precomposed ones, and back.
            #expect(try await harness.feedIDs(filter: Self.feed(store: "E\u{301}picerie fine")) == [creme])
            #expect(try await harness.feedIDs(filter: Self.feed(text: "frai\u{302}che")) == [creme])
        }
    }

    @Test("Given a wrong filter, page token or limit, when the feed is read, then INVALID_ARGUMENT names it")
    func wrongRequests() async throws {
        try await JobsHarness.run { harness in
            _ = try await harness.post("req-ada")
            let wrong: [(String, Quad_Jobs_V1_ListErrandFeedRequest)] = [
                ("item_text", Self.feed(text: "mi")),
                ("item_text", Self.feed(text: " mi ")),
                ("max_total", Self.feed(maxTotal: 0)),
                ("max_total.currency", Self.feed(maxTotal: 500, currency: "dollars")),
                ("needed_by_before_micros", Self.feed(before: -5)),
                ("limit", .with { $0.limit = 101 }),
                ("page_token", .with { $0.pageToken = "not-a-token" }),
            ]
            for (field, request) in wrong {
                await expectRefusal(.invalidArgument, naming: field) {
                    _ = try await harness.errands("browser") { try await $0.listErrandFeed(request) }
                }
            }
            let mine: [(String, Quad_Jobs_V1_ListMyErrandsRequest)] = [
                ("limit", .with { $0.limit = 101 }),
                ("page_token", .with { $0.pageToken = "not-a-token" }),
                ("role", .with { $0.role = .UNRECOGNIZED(7) }),
            ]
            for (field, request) in mine {
                await expectRefusal(.invalidArgument, naming: field) {
                    _ = try await harness.errands("req-ada") { try await $0.listMyErrands(request) }
                }
            }
            // And 100 is fine
            let hundred = try await harness.errands("browser") { try await $0.listErrandFeed(.with { $0.limit = 100 }) }
            #expect(hundred.errands.count == 1)
        }
    }

    @Test("Given another campus's errand, when this campus reads, gets or accepts it, then it is not there")
    func otherCampus() async throws {
        try await JobsHarness.run { harness in
            let south = "campus-southfield"
            let request = harness.errandRequest()
            let theirs = try await harness.errands("req-south", campus: south) {
                try await $0.postErrand(request, options: JobsHarness.options(key: "south-1"))
            }
            let ours = try await harness.post("req-ada")
            #expect(try await harness.feedIDs() == [ours.errandID])
            #expect(try await harness.feedIDs("browser", campus: south) == [theirs.errandID])
            #expect(try await harness.feedIDs(filter: Self.feed(store: "Corner Market")) == [ours.errandID])
            #expect(try await harness.feedIDs(filter: Self.feed(text: "oat milk")) == [ours.errandID])
            let unknown = await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errand(theirs.errandID, as: "browser")
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errands("browser") {
                    try await $0.acceptErrand(.with { $0.errandID = theirs.errandID })
                }
            }
            let never = await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errand("errand-that-never-was", as: "browser")
            }
            #expect(
                unknown?.message.replacingOccurrences(of: theirs.errandID, with: "?")
                    == never?.message.replacingOccurrences(of: "errand-that-never-was", with: "?")
            )
        }
    }

    @Test("Given accepted, cancelled, hidden and expired errands, when the feed is read, then only the open one shows")
    func neverInTheFeed() async throws {
        try await JobsHarness.run { harness in
            let open = try await harness.post("req-a")
            let accepted = try await harness.accepted("req-b", by: "buyer-bo")
            let cancelled = try await harness.post("req-c")
            _ = try await harness.errands("req-c") {
                try await $0.cancelErrand(.with { $0.errandID = cancelled.errandID })
            }
            let hidden = try await harness.post("req-d")
            for reporter in ["r1", "r2", "r3"] {
                _ = try await harness.errands(reporter) {
                    try await $0.reportErrand(
                        .with {
                            $0.errandID = hidden.errandID
                            $0.reason = .spam
                        }
                    )
                }
            }
            let expiring = try await harness.post("req-e", harness.errandRequest(neededIn: JobsHarness.hour))
            #expect(try await harness.feedIDs().contains(expiring.errandID))
            harness.clock.advance(byMicros: JobsHarness.hour)
            let filters = [
                Self.feed(), Self.feed(store: "corner market"), Self.feed(text: "milk"), Self.feed(maxTotal: 100_000),
                Self.feed(before: harness.clock.micros + JobsHarness.day),
                Self.feed(store: "Corner Market", text: "bread", maxTotal: 100_000),
            ]
            for filter in filters {
                #expect(try await harness.feedIDs(filter: filter) == [open.errandID], "\(filter)")
                #expect(try await harness.feedIDs(limit: 1, filter: filter) == [open.errandID], "\(filter)")
            }
            // And a buyer at Corner Market hears only of the open one
            let visit = try await harness.errands("buyer-cy") {
                try await $0.announceStoreVisit(
                    .with {
                        $0.store = "Corner Market"
                        $0.untilMicros = harness.clock.micros + JobsHarness.hour
                    }
                )
            }
            #expect(visit.openErrands.map(\.errandID) == [open.errandID])
            _ = accepted
        }
    }

    @Test("Given errands as requester and buyer, when listing mine by role and active only, then each is right")
    func myErrands() async throws {
        try await JobsHarness.run { harness in
            // Given ada's open, accepted (by bo) and cancelled errands, bo's own open one, and cy's that bo delivered
            let open = try await harness.post("ada").errandID
            let accepted = try await harness.accepted("ada", by: "bo").errandID
            let cancelled = try await harness.post("ada").errandID
            _ = try await harness.errands("ada") { try await $0.cancelErrand(.with { $0.errandID = cancelled }) }
            let bos = try await harness.post("bo").errandID
            let delivered = try await harness.delivered("cy", by: "bo").errandID
            func mine(_ user: String, _ role: Quad_Jobs_V1_ErrandRole, active: Bool = false, limit: UInt32 = 100)
                async throws -> [String]
            {
                var ids: [String] = []
                var token = ""
                repeat {
                    let page = try await harness.errands(user) { [token] in
                        try await $0.listMyErrands(
                            .with {
                                $0.role = role
                                $0.activeOnly = active
                                $0.limit = limit
                                $0.pageToken = token
                            }
                        )
                    }
                    ids += page.errands.map(\.errandID)
                    token = page.nextPageToken
                } while !token.isEmpty
                return ids
            }
            #expect(try await mine("ada", .requester) == [cancelled, accepted, open])
            #expect(try await mine("ada", .requester, limit: 1) == [cancelled, accepted, open])
            #expect(try await mine("ada", .requester, active: true) == [accepted, open])
            #expect(try await mine("ada", .buyer).isEmpty)
            #expect(try await mine("ada", .unspecified) == [cancelled, accepted, open])
            #expect(try await mine("bo", .requester) == [bos])
            #expect(try await mine("bo", .buyer) == [delivered, accepted])
            #expect(try await mine("bo", .buyer, active: true) == [accepted])
            #expect(try await mine("bo", .unspecified) == [delivered, bos, accepted])
            #expect(try await mine("bo", .unspecified, active: true, limit: 1) == [bos, accepted])
            #expect(try await mine("cy", .unspecified) == [delivered])
            #expect(try await mine("cy", .unspecified, active: true).isEmpty)
        }
    }
}
