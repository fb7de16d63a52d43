import PaymentsDomain
import PaymentsService
import QuadContracts
import QuadTestSupport
import QuadWire
import Synchronization
import Testing

@Suite("Payments: the fee schedule and itemised quotes (P1)")
struct QuoteTests {
    @Test("the fee schedule: service fee 10.00, convenience fee 1.00, folding 2.50, ironing 5.00, 15 %")
    func feeSchedule() async throws {
        try await PaymentsHarness.run { harness in
            let schedule = try await harness.asUser("cora").getFeeSchedule(.init())
            #expect(schedule.flatFee == PaymentsHarness.amount(1_000))
            #expect(schedule.convenienceFee == PaymentsHarness.amount(100))
            #expect(schedule.folding == PaymentsHarness.amount(250))
            #expect(schedule.ironing == PaymentsHarness.amount(500))
            #expect(schedule.platformShareBasisPoints == 1_500)
        }
    }

    @Test(
        "an estimate for the caller's dorm is itemised: machines, service fee, convenience fee, add-ons; the split adds up"
    )
    func estimate() async throws {
        try await PaymentsHarness.run { harness in
            // When Cora asks for 2 loads with folding and ironing in her dorm (washer 2.00, dryer 1.50)
            let quote = try await harness.asUser("cora").quoteLaundry(
                .with {
                    $0.loads = 2; $0.addOns = [.ironing, .folding]
                }
            )

            // Then every line is there, in order, and the total is their sum
            #expect(quote.lines.map(\.kind) == [.machines, .serviceFee, .convenienceFee, .folding, .ironing])
            #expect(quote.lines.map(\.amount.minorUnits) == [700, 1_000, 100, 250, 500])
            #expect(quote.lines[0].description_p.contains("2 loads"))
            #expect(quote.total == PaymentsHarness.amount(2_550))
            // The dasher: machines 7.00 + (17.50 less 15 % = 2.62) = 21.88; the platform 1.00 + 2.62
            #expect(quote.dasherEarnings == PaymentsHarness.amount(2_188))
            #expect(quote.platformRevenue == PaymentsHarness.amount(362))
            #expect(!quote.final)
            #expect(quote.addOns == [.folding, .ironing])
        }
    }

    @Test("with machine_cost the quote is the final price of the actual loads; a service names the dorm")
    func finalPrice() async throws {
        try await PaymentsHarness.run { harness in
            let jobs = try harness.asJobs()
            let final = try await jobs.quoteLaundry(
                .with {
                    $0.dormID = PaymentsHarness.dorm
                    $0.loads = 3
                    $0.addOns = [.folding]
                    $0.machineCost = PaymentsHarness.amount(975)
                }
            )
            #expect(final.final)
            #expect(final.lines.first?.amount == PaymentsHarness.amount(975))
            #expect(final.total == PaymentsHarness.amount(975 + 1_000 + 100 + 250))
            let estimate = try await jobs.quoteLaundry(
                .with {
                    $0.dormID = PaymentsHarness.dorm; $0.loads = 1
                }
            )
            #expect(estimate.total == PaymentsHarness.amount(350 + 1_000 + 100))
        }
    }

    @Test("refusals: an unknown dorm is NOT_FOUND naming dorm_id; a service must name the dorm; loads outside 1...20")
    func refusals() async throws {
        try await PaymentsHarness.run { harness in
            let unknown = await #expect(throws: RPCError.self) {
                _ = try await harness.asUser("cora").quoteLaundry(
                    .with {
                        $0.dormID = "dorm-nowhere"; $0.loads = 1
                    }
                )
            }
            #expect(unknown?.code == .notFound)
            #expect(unknown?.message.contains("dorm_id") == true)
            #expect(unknown?.message.contains("dorm-nowhere") == true)

            let noDorm = await #expect(throws: RPCError.self) {
                _ = try await harness.asJobs().quoteLaundry(.with { $0.loads = 1 })
            }
            #expect(noDorm?.code == .invalidArgument)
            #expect(noDorm?.message.contains("dorm_id") == true)

            for loads: UInt32 in [0, 21] {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await harness.asUser("cora").quoteLaundry(.with { $0.loads = loads })
                }
                #expect(error?.code == .invalidArgument)
                #expect(error?.message.contains("loads") == true)
            }
            let addOn = await #expect(throws: RPCError.self) {
                _ = try await harness.asUser("cora").quoteLaundry(
                    .with {
                        $0.loads = 1; $0.addOns = [.unspecified]
                    }
                )
            }
            #expect(addOn?.code == .invalidArgument)
            #expect(addOn?.message.contains("add_ons[0]") == true)
        }
    }
}

@Suite("IdentityDormDirectory: identity's dorm prices, cached and refreshed")
struct IdentityDormDirectoryTests {
    /// A ListCampuses that counts its calls and answers `dorms` (id → washer, dryer cents), or fails.
    final class FakeIdentity: Sendable {
        let state = Mutex<(calls: Int, dorms: [String: (Int64, Int64)], down: Bool)>((0, [:], false))

        func listCampuses() throws -> Quad_Identity_V1_ListCampusesResponse {
            let (dorms, down) = state.withLock { state in
                state.calls += 1
                return (state.dorms, state.down)
            }
            if down { throw RPCError(code: .unavailable, message: "identity is down") }
            return .with {
                $0.campuses = [
                    .with {
                        $0.campusID = "campus"
                        $0.dorms = dorms.sorted { $0.key < $1.key }.map { id, prices in
                            .with {
                                $0.dormID = id
                                $0.washerPrice = .with {
                                    $0.minorUnits = prices.0; $0.currency = "USD"
                                }
                                $0.dryerPrice = .with {
                                    $0.minorUnits = prices.1; $0.currency = "USD"
                                }
                            }
                        }
                    }
                ]
            }
        }

        var calls: Int { state.withLock { $0.calls } }
    }

    static let second: Int64 = 1_000_000

    @Test("cached for the refresh interval; refreshed after it, and on an unknown dorm at most every retry interval")
    func caching() async throws {
        let clock = TestClock()
        let identity = FakeIdentity()
        identity.state.withLock { $0.dorms = ["a": (200, 150)] }
        let directory = IdentityDormDirectory(
            refreshInterval: 300 * Self.second,
            unknownDormRetryInterval: 10 * Self.second,
            clock: clock.clock,
            fetch: { try identity.listCampuses() }
        )
        #expect(
            try await directory.prices(ofDorm: "a")
                == DormPrices(washer: PaymentsHarness.usd(200), dryer: PaymentsHarness.usd(150))
        )
        #expect(try await directory.prices(ofDorm: "a") != nil)
        #expect(identity.calls == 1)

        // A dorm added at identity is found once the retry interval has passed
        identity.state.withLock { $0.dorms["b"] = (300, 100) }
        #expect(try await directory.prices(ofDorm: "b") == nil)
        #expect(identity.calls == 1, "an unknown dorm right after a fetch does not fetch again")
        clock.advance(byMicros: 11 * Self.second)
        #expect(try await directory.prices(ofDorm: "b")?.washer == PaymentsHarness.usd(300))
        #expect(identity.calls == 2)

        // A price change shows after the refresh interval
        identity.state.withLock { $0.dorms["a"] = (250, 150) }
        #expect(try await directory.prices(ofDorm: "a")?.washer == PaymentsHarness.usd(200))
        clock.advance(byMicros: 301 * Self.second)
        #expect(try await directory.prices(ofDorm: "a")?.washer == PaymentsHarness.usd(250))
        #expect(identity.calls == 3)
    }

    @Test("identity down: the prices last seen are used; a dorm never seen is UNAVAILABLE")
    func identityDown() async throws {
        let clock = TestClock()
        let identity = FakeIdentity()
        identity.state.withLock { $0.dorms = ["a": (200, 150)] }
        let directory = IdentityDormDirectory(
            refreshInterval: 300 * Self.second,
            clock: clock.clock,
            fetch: { try identity.listCampuses() }
        )
        _ = try await directory.prices(ofDorm: "a")
        identity.state.withLock { $0.down = true }
        clock.advance(byMicros: 600 * Self.second)
        #expect(try await directory.prices(ofDorm: "a")?.washer == PaymentsHarness.usd(200))
        let error = await #expect(throws: RPCError.self) { _ = try await directory.prices(ofDorm: "z") }
        #expect(error?.code == .unavailable)
    }
}
