import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

/// A2: unknown email and wrong password get the same answer, the lockout included: an email with no account is
/// counted and locked like an account, so five wrong guesses do not tell whether an email is registered.
@Suite("Identity: the lockout does not tell a registered email from an unknown one (A2)")
struct UnknownEmailLockoutTests {
    @Test(
        "seven wrong guesses answer alike for a registered email and an unknown one, lock included, and both open after the cool-down"
    )
    func sameAnswers() async throws {
        try await IdentityHarness.run { harness in
            // Given a registered email and one nobody registered
            _ = try await harness.register()
            let registered = ConcurrentLockoutTests.email
            let unknown = "nobody-here@northfield.edu"

            // When each gets seven wrong passwords, one after another
            var answers: [String: [String]] = [:]
            for email in [registered, unknown] {
                for attempt in 0..<7 {
                    answers[email, default: []].append(
                        await Self.answer(harness, email: email, password: "wrong \(attempt)")
                    )
                }
            }

            // Then the answers are the same, attempt by attempt: four refusals, then locked
            #expect(answers[registered] == answers[unknown])
            #expect(answers[unknown]?.prefix(4).allSatisfy { $0.hasPrefix("UNAUTHENTICATED") } == true, "\(answers)")
            #expect(answers[unknown]?.suffix(3).allSatisfy { $0.hasPrefix("RESOURCE_EXHAUSTED") } == true, "\(answers)")

            // And after the cool-down both count again from the start
            harness.clock.advance(by: .seconds(15 * 60))
            let afterRegistered = await Self.answer(harness, email: registered, password: "wrong again")
            let afterUnknown = await Self.answer(harness, email: unknown, password: "wrong again")
            #expect(afterRegistered == afterUnknown)
            #expect(afterUnknown.hasPrefix("UNAUTHENTICATED"))
        }
    }

    @Test("concurrent guesses at an unknown email lock it after five, like an account")
    func concurrentUnknown() async throws {
        try await IdentityHarness.run { harness in
            let codes = await withTaskGroup(of: StatusCode.self) { group in
                for attempt in 0..<20 {
                    group.addTask {
                        do {
                            _ = try await harness.client.login(
                                .with {
                                    $0.email = "ghost@northfield.edu"; $0.password = "guess \(attempt)"
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
                return await group.reduce(into: [StatusCode]()) { $0.append($1) }
            }
            #expect(codes.filter { $0 == .unauthenticated }.count <= 4, "\(codes)")
            #expect(codes.filter { $0 == .resourceExhausted }.count >= 16, "\(codes)")
        }
    }

    /// The status and message of a login attempt, as one string.
    static func answer(_ harness: IdentityHarness, email: String, password: String) async -> String {
        do {
            _ = try await harness.client.login(
                .with {
                    $0.email = email; $0.password = password
                }
            )
            return "OK"
        } catch let error as RPCError {
            return "\(error.code) \(error.message)"
        } catch {
            return "\(error)"
        }
    }
}
