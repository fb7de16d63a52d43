import Foundation
import GRDB
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

/// Issue 11 item 3: guesses sent at once cannot get around the lockout.
@Suite("Identity: the lockout under concurrent guesses (A2)")
struct ConcurrentLockoutTests {
    static let email = "ada@northfield.edu"

    @Test(
        "concurrent wrong guesses: five passwords are checked, the rest refused as locked; the right one then is refused and the lock stays",
        arguments: [10, 100]
    )
    func concurrentGuesses(count: Int) async throws {
        try await IdentityHarness.run { harness in
            // Given an account, and the passwords checked so far
            _ = try await harness.register()
            let checkedBefore = harness.service.passwordVerifications

            // When `count` wrong passwords arrive at once on one connection
            let codes = await Self.guess(count, client: harness.client)

            // Then exactly five were checked, and every answer is a refusal
            #expect(harness.service.passwordVerifications - checkedBefore == 5)
            #expect(codes.allSatisfy { $0 == .unauthenticated || $0 == .resourceExhausted }, "\(Set(codes))")
            #expect(codes.filter { $0 == .unauthenticated }.count <= 4)
            #expect(codes.filter { $0 == .resourceExhausted }.count >= count - 4)
            let lockedUntil = try await Self.lockedUntil(harness)
            #expect(lockedUntil != nil)

            // When the right password comes while locked
            let right = await #expect(throws: RPCError.self) {
                _ = try await harness.client.login(
                    .with {
                        $0.email = Self.email; $0.password = "correct horse battery"
                    }
                )
            }

            // Then it is refused as locked, unchecked, and the lock is as it was
            #expect(right?.code == .resourceExhausted)
            #expect(right?.message.contains("too many wrong passwords") == true)
            #expect(harness.service.passwordVerifications - checkedBefore == 5)
            #expect(try await Self.lockedUntil(harness) == lockedUntil)

            // And after the cool-down the right password signs in
            harness.clock.advance(by: .seconds(15 * 60))
            _ = try await harness.login()
        }
    }

    /// Sends `count` wrong passwords at once; the status codes of the answers.
    static func guess(_ count: Int, client: Quad_Identity_V1_Identity.Client) async -> [StatusCode] {
        await withTaskGroup(of: StatusCode.self) { group in
            for attempt in 0..<count {
                group.addTask {
                    do {
                        _ = try await client.login(
                            .with {
                                $0.email = email; $0.password = "wrong guess \(attempt)"
                            }
                        )
                        return .ok
                    } catch let error as RPCError {
                        return error.code
                    } catch {
                        return .unknown
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func lockedUntil(_ harness: IdentityHarness) async throws -> Int64? {
        try await harness.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT locked_until_micros FROM account WHERE email = ?", arguments: [email])
        }
    }
}
