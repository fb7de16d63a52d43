import Foundation
import QuadLoad
import QuadLoadCheck
import QuadLoadCore
import QuadWireNIO
import Testing

@testable import quad

/// `quad-load check` after a short real run (issue 17 item 2): errand, ride, freight and household journeys through
/// the gateway with a call log, then every invariant holds on the services' databases, each having checked
/// something.
@Suite(
    "quad-load check after a real run (issue 17)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct InvariantCheckSystemTests {
    @Test("a short run of every product leaves every invariant holding", .timeLimit(.minutes(5)))
    func invariantsHoldAfterARun() async throws {
        try await LaundrySystem.run { system in
            let identity = try system.operatorClient("identity")
            defer { identity.close() }
            // Given customers with cards, a carrier and two households, each person on their own device
            let device: @Sendable (Int) throws -> QuadClient = { try system.gatewayClient(from: "127.0.6.\($0 + 1)") }
            let people = try await Population.seed(
                device: device,
                customers: 6,
                dashers: 0,
                seed: 17,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            let (carrier, drivers) = try await Population.seedCarrier(
                device: device,
                firstDevice: 20,
                dispatchers: 1,
                drivers: 2,
                seed: 17,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            let (households, members) = try await Population.seedHouseholds(
                device: device,
                firstDevice: 40,
                count: 2,
                members: 3,
                seed: 17,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            let population = people.adding(carrier: carrier, devices: drivers).adding(
                households: households,
                devices: members
            )
            defer { population.close() }
            let calls = system.layout.root + "/calls.jsonl"
            let callLog = try CallLog(path: calls)

            // When errand, ride, freight and household journeys run side by side, two of each, writing the call log
            let plan = RunPlan(
                rate: 0.5,
                process: .constant,
                duration: .seconds(4),
                warmUp: .zero,
                callTimeout: .seconds(30),
                thinkScale: 0.05,
                drainTimeout: .seconds(120)
            )
            let failures = try await withThrowingTaskGroup(of: Int.self) { group in
                for mix in ["errands", "rides", "freight", "households"] {
                    let journeys = try JourneyMix.parse(mix)
                    group.addTask {
                        await OpenLoopRunner(
                            plan: plan,
                            mix: journeys,
                            transport: system.gateway,
                            population: population,
                            callLog: callLog
                        ).run().failureCount
                    }
                }
                return try await group.reduce(0, +)
            }
            callLog.close()
            #expect(failures == 0)

            // Then every invariant holds, and each checked something
            let results = try await InvariantChecker(
                dataDirectory: system.layout.root,
                callLog: calls,
                wait: .seconds(60)
            ).run()
            for result in results {
                #expect(result.passed, "\(result.line(showing: 10))")
            }
            let checked = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.checked) })
            for name in ["writes-exist", "money-moved-once", "captured-once", "books-balance", "outboxes-drained"] {
                #expect((checked[name] ?? 0) > 0, "\(name) checked nothing")
            }
            let log = try CallLogContents(path: calls)
            #expect(log.feeds.count >= 2 && log.feeds.allSatisfy { !$0.events.isEmpty })
            #expect(
                Set(log.writes.map(\.kind)).isSuperset(of: [.errand, .rideSeat, .freightLoad, .document, .expense])
            )
        }
    }
}
