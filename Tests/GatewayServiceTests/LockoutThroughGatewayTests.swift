import Foundation
import GatewayDomain
import IdentityTestSupport
import QuadContracts
import QuadTestSupport
import QuadWire
import QuadWireNIO
import Testing

/// Issue 11 item 3 through the gateway: guesses sent at once from several addresses cannot
/// get around identity's lockout.
@Suite("Gateway: the lockout under concurrent guesses from several addresses")
struct LockoutThroughGatewayTests {
    /// The gateway's login rate limit (5 a minute per address) is opened and its admission
    /// limit off, so that every guess reaches identity at once and only identity's lockout
    /// stands between them and the hash.
    static let openLogins = GatewayProtectionConfiguration(
        rateLimits: RateLimitConfiguration(login: .perSecond(1000, burst: 1000))
    )

    @Test(
        "guesses from ten loopback addresses at once: five are checked, and the right password after them is refused",
        arguments: [10, 100]
    )
    func guessesFromManyAddresses(count: Int) async throws {
        try await GatewayHarness.run(protection: Self.openLogins, admission: nil) { harness in
            // Given an account, and one client per address 127.0.0.2 ... 127.0.0.11
            _ = try await harness.registerAndLogIn()
            let checkedBefore = harness.identity.service.passwordVerifications
            let port = harness.transport.port
            let clients = try (2...11).map { host in
                var configuration = ClientConfiguration(poolSize: 1, connectTimeout: LoadedMachine.patience)
                configuration.localAddress = "127.0.0.\(host)"
                return QuadClient(
                    host: "127.0.0.1",
                    port: port,
                    tls: try .client(trustRootsPEM: harness.identity.certificates.caPath, serverName: "gateway"),
                    configuration: configuration
                )
            }
            defer { for client in clients { client.close() } }

            // When `count` wrong passwords arrive at once, spread over the addresses
            let errors = await withTaskGroup(of: RPCError?.self) { group in
                for attempt in 0..<count {
                    let client = Quad_Identity_V1_Identity.Client(transport: clients[attempt % clients.count])
                    group.addTask {
                        do {
                            _ = try await client.login(
                                .with {
                                    $0.email = "ada@northfield.edu"; $0.password = "wrong guess \(attempt)"
                                }
                            )
                            return nil
                        } catch {
                            return error as? RPCError ?? RPCError(code: .unknown, message: "\(error)")
                        }
                    }
                }
                return await group.reduce(into: [RPCError?]()) { $0.append($1) }
            }

            // Then five passwords were checked, the rest refused as locked
            #expect(harness.identity.service.passwordVerifications - checkedBefore == 5)
            #expect(errors.allSatisfy { $0?.code == .unauthenticated || $0?.code == .resourceExhausted })
            #expect(errors.filter { $0?.code == .unauthenticated }.count <= 4)

            // And the right password, from yet another address, is refused while locked
            let right = await #expect(throws: RPCError.self) {
                _ = try await Quad_Identity_V1_Identity.Client(transport: clients[0]).login(
                    .with {
                        $0.email = "ada@northfield.edu"
                        $0.password = "correct horse battery"
                    }
                )
            }
            #expect(right?.code == .resourceExhausted)
            #expect(right?.message.contains("too many wrong passwords") == true)
            #expect(harness.identity.service.passwordVerifications - checkedBefore == 5)
        }
    }
}
