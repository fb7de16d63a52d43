import Foundation
import NIOCore
import QuadContracts
import QuadToolKit
import QuadWire
import SwiftProtobuf
import Synchronization
import Testing

@testable import QuadLoad

/// A run longer than an access token lives keeps its people signed in (issue 17 item 2's soak was invalid from its
/// 14th minute without it): sessions older than the threshold are renewed with `Identity/Refresh`, and journeys then
/// carry the new token.
@Suite("Population: sessions renewed during long runs")
struct SessionRenewalTests {
    /// Identity's Refresh as a script: each refresh token known to it gets a new pair; any other is UNAUTHENTICATED.
    final class ScriptedIdentity: ClientTransport {
        let asked = Mutex<[String]>([])

        func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
            guard method == Quad_Identity_V1_Identity.Method.refresh else {
                throw RPCError(code: .unimplemented, message: "only Refresh")
            }
            let refresh = try Quad_Identity_V1_RefreshRequest(serializedBytes: Array(request.readableBytesView))
                .refreshToken
            asked.withLock { $0.append(refresh) }
            guard refresh.hasPrefix("refresh-") else {
                throw RPCError(code: .unauthenticated, message: "unknown refresh token")
            }
            let answer = Quad_Identity_V1_RefreshResponse.with {
                $0.session = .with {
                    $0.accessToken = "renewed-" + refresh.dropFirst("refresh-".count)
                    $0.refreshToken = "refresh-" + refresh.dropFirst("refresh-".count) + "'"
                }
            }
            return ByteBuffer(bytes: try answer.serializedBytes() as [UInt8])
        }

        func streamingCall<Result: Sendable>(
            _ method: MethodDescriptor,
            firstRequest: ByteBuffer?,
            halfClose: Bool,
            options: CallOptions,
            _ body: @Sendable (RawClientCall) async throws -> Result
        ) async throws -> Result {
            throw RPCError(code: .unimplemented, message: "only Refresh")
        }
    }

    /// A seeded person as seed.json holds them.
    static func person(_ name: String, refresh: String?) throws -> DemoSeeder.Seeded {
        let refreshMember = refresh.map { #", "refresh_token": "\#($0)""# } ?? ""
        let json =
            #"{"role": "customer", "email": "\#(name)@northfield.edu", "user_id": "\#(name)", "#
            + #""access_token": "first-\#(name)"\#(refreshMember)}"#
        return try JSONDecoder().decode(DemoSeeder.Seeded.self, from: Data(json.utf8))
    }

    @Test(
        "sessions past the threshold are renewed and carried by the next calls; a refused one keeps its token; none renewed early"
    )
    func renewal() async throws {
        let ada = try Self.person("ada", refresh: "refresh-ada")
        let bo = try Self.person("bo", refresh: "stolen")
        let cy = try Self.person("cy", refresh: nil)
        let population = Population(password: "", customers: [ada, bo, cy], dashers: [])
        let identity = ScriptedIdentity()
        let start = ContinuousClock.now

        // Nothing is due before the threshold.
        let early = await population.renewSessions(through: identity, olderThan: .seconds(600), now: start)
        #expect(early == .init(renewed: 0, failed: 0))
        #expect(population.bearer(ada) == ["authorization": "Bearer first-ada"])

        // Ten minutes on: Ada's is renewed; Bo's refresh token is refused, so Bo keeps his token; Cy has no refresh
        // token to renew with.
        let later = start.advanced(by: .seconds(600))
        let renewal = await population.renewSessions(through: identity, olderThan: .seconds(600), now: later)
        #expect(renewal == .init(renewed: 1, failed: 1))
        #expect(population.bearer(ada) == ["authorization": "Bearer renewed-ada"])
        #expect(population.bearer(bo) == ["authorization": "Bearer first-bo"])
        #expect(population.bearer(cy) == ["authorization": "Bearer first-cy"])
        #expect(identity.asked.withLock { $0.sorted() } == ["refresh-ada", "stolen"])

        // Ada's renewed session is fresh again; the next renewal uses her new refresh token.
        let soon = later.advanced(by: .seconds(60))
        #expect(await population.renewSessions(through: identity, olderThan: .seconds(600), now: soon).renewed == 0)
        let afterwards = later.advanced(by: .seconds(600))
        _ = await population.renewSessions(through: identity, olderThan: .seconds(600), now: afterwards)
        #expect(identity.asked.withLock { $0.last(where: { $0.hasPrefix("refresh-ada") }) } == "refresh-ada'")
    }
}
