import GatewayDomain
import GatewayService
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization
import QuadTestSupport
import Testing

/// Issue 11, item 6: admission is fair between users as well as addresses. Users behind one
/// address (a campus NAT) are told apart by tokens the gateway has already verified, so a forged
/// token earns no turn of its own.
@Suite("Gateway: admission fair between users behind one address")
struct AdmissionByUserTests {
    static let read = MethodDescriptor(service: "quad.identity.v1.Identity", method: "GetMyProfile", kind: .unary)

    /// Remembers which queued calls were granted, in order, with their permits.
    final class Grants: Sendable {
        let granted = Mutex<[(name: String, permit: CallAdmissionPermit?)]>([])
        var names: [String] { granted.withLock { $0.map(\.name) } }
        var lastPermit: CallAdmissionPermit? { granted.withLock { $0.last?.permit } }
    }

    struct NamedWaiter: CallAdmissionWaiter {
        let name: String
        let grants: Grants
        func admitted(_ permit: CallAdmissionPermit) { grants.granted.withLock { $0.append((name, permit)) } }
        func refused(_ message: String) { grants.granted.withLock { $0.append(("refused \(name)", nil)) } }
    }

    @Test("a verified token names its user; no token, a forged one or one never verified names none")
    func rememberedUser() async throws {
        try await GatewayHarness.run { harness in
            let ada = try await harness.registerAndLogIn("ada@northfield.edu")
            let authenticator = harness.gateway.authenticator
            let header = ["authorization": "Bearer \(ada.accessToken)"]

            // Before any call, the token is unknown to the gateway: no user
            #expect(authenticator.rememberedUser(header) == nil)

            // After a call the gateway verified it: Ada
            let profile = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada))
            #expect(authenticator.rememberedUser(header) == profile.userID)
            #expect(authenticator.rememberedUser(["authorization": "bearer \(ada.accessToken)"]) == profile.userID)

            // A token with a changed signature, another scheme, or none: no user
            let forged = String(ada.accessToken.dropLast(4)) + "AAAA"
            #expect(authenticator.rememberedUser(["authorization": "Bearer \(forged)"]) == nil)
            #expect(authenticator.rememberedUser(["authorization": "Basic \(ada.accessToken)"]) == nil)
            #expect(authenticator.rememberedUser([:]) == nil)
        }
    }

    @Test("behind one address, a user flooding the queue does not hold back a neighbour; forged tokens share one turn")
    func neighbourNotHeldBack() async throws {
        try await GatewayHarness.run { harness in
            let ada = try await harness.registerAndLogIn("ada@northfield.edu")
            let grace = try await harness.registerAndLogIn("grace@northfield.edu")
            for session in [ada, grace] {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }
            let authenticator = harness.gateway.authenticator
            let clock = TestClock(waitsAdvance: true)
            // The gateway's own wiring: users from the authenticator's memory of verified tokens
            let admission = GatewayAdmission(
                configuration: ConcurrencyLimitConfiguration(initialLimit: 1, minimumLimit: 1, maximumLimit: 1),
                queue: AdmissionQueueConfiguration(capacity: 64),
                clock: clock.clock,
                user: { authenticator.rememberedUser($0) }
            )
            let grants = Grants()
            func admit(_ name: String, token: String) -> CallAdmissionDecision {
                admission.admit(Self.read, peerHost: "10.0.0.1", metadata: ["authorization": "Bearer \(token)"]) {
                    NamedWaiter(name: name, grants: grants)
                }
            }
            guard case .admitted(let first) = admit("ada-0", token: ada.accessToken) else {
                Issue.record("the first call was not admitted")
                return
            }
            // Given: from one address Ada has 4 calls waiting, a forger 4 calls with 4 different forged
            // tokens; then Grace calls once
            for index in 1...4 { _ = admit("ada-\(index)", token: ada.accessToken) }
            for index in 1...4 { _ = admit("forged-\(index)", token: "eyJ.forged.\(index)") }
            _ = admit("grace", token: grace.accessToken)
            #expect(admission.queued(in: "gateway", from: "10.0.0.1", user: "") == 4)

            // When: slots free one at a time
            var permit: CallAdmissionPermit? = first
            for _ in 0..<3 {
                clock.advance(by: .microseconds(100))
                admission.callEnded(try #require(permit), code: .ok)
                permit = grants.lastPermit
            }

            // Then: Ada, the forgers together, and Grace each had one turn; Grace was not behind Ada's calls
            #expect(grants.names == ["ada-1", "forged-1", "grace"])
        }
    }
}
