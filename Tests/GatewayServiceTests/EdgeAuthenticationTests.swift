import Crypto
import Foundation
import IdentityTestSupport
import QuadContracts
import QuadServiceKit
import QuadTokens
import QuadWire
import Testing

@Suite("Gateway: authentication at the edge (G1)")
struct EdgeAuthenticationTests {
    @Test("registration, login and the campus directory need no token; the profile read with one works")
    func anonymousThenSignedIn() async throws {
        try await GatewayHarness.run { harness in
            // Given a user registered and logged in through the gateway
            let campuses = try await harness.client.listCampuses(.init())
            let session = try await harness.registerAndLogIn()

            // When they read their profile with the access token
            let profile = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))

            // Then identity answered for that user (the gateway forwarded the verified caller)
            #expect(!campuses.campuses.isEmpty)
            #expect(profile.email == "ada@northfield.edu")
            #expect(profile.firstName == "Ada")
        }
    }

    @Test("a method that needs a user is UNAUTHENTICATED without a token, saying what to send")
    func missingToken() async throws {
        try await GatewayHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init())
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("authorization: Bearer") == true)
        }
    }

    @Test("an authorization that is not Bearer is UNAUTHENTICATED")
    func notBearer() async throws {
        try await GatewayHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: ["authorization": "Basic YWRhOnB3"])
                )
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("Bearer") == true)
        }
    }

    @Test("a token signed by another key is UNAUTHENTICATED")
    func otherKey() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let claims = try Self.claims(of: session.accessToken)
            // Same key id and claims, another private key: the signature cannot verify.
            let forger = AccessTokenSigner(
                privateKey: Curve25519.Signing.PrivateKey(),
                keyID: try Self.keyID(of: session.accessToken),
                issuer: claims.issuer,
                audience: claims.audience
            )
            let forged = try forger.sign(claims)
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: ["authorization": "Bearer \(forged)"])
                )
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("signature") == true)
        }
    }

    @Test("an expired token is UNAUTHENTICATED and says it expired")
    func expired() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            harness.identity.clock.advance(by: .seconds(60 * 60))
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("expired") == true)
        }
    }

    @Test("a verified token is remembered, but not past its expiry")
    func verifiedTokenCache() async throws {
        try await GatewayHarness.run { harness in
            // Given a token used twice: verified once, then answered from memory
            let session = try await harness.registerAndLogIn()
            for _ in 0..<2 {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }
            #expect(harness.gateway.authenticator.cachedTokens == 1)

            // When it expires, memory does not keep it alive
            harness.identity.clock.advance(by: .seconds(60 * 60))
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("expired") == true)
        }
    }

    @Test("a token with alg none is UNAUTHENTICATED")
    func algNone() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let parts = session.accessToken.split(separator: ".")
            let header = Data(#"{"alg":"none","typ":"at+jwt"}"#.utf8).base64EncodedString()
                .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                    of: "/",
                    with: "_"
                )
            let unsigned = "\(header).\(parts[1])."
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: ["authorization": "Bearer \(unsigned)"])
                )
            }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test("a refresh token used as an access token is UNAUTHENTICATED")
    func refreshTokenAsAccessToken() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: ["authorization": "Bearer \(session.refreshToken)"])
                )
            }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test("an x-quad-caller sent by a client is dropped, not believed")
    func clientCannotImpersonate() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let victim = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            let forgedCaller = Caller(
                userID: victim.userID,
                roles: ["customer"],
                campusID: "campus-northfield",
                dormID: "x"
            )

            // Without a token the forged header does not sign anyone in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: [CallerIdentityInterceptor.callerHeader: forgedCaller.headerValue])
                )
            }
            #expect(error?.code == .unauthenticated)

            // With another user's token, the token decides who calls
            let other = try await harness.registerAndLogIn("grace@northfield.edu")
            var options = IdentityHarness.bearer(other)
            options.metadata[CallerIdentityInterceptor.callerHeader] = forgedCaller.headerValue
            let profile = try await harness.client.getMyProfile(.init(), options: options)
            #expect(profile.email == "grace@northfield.edu")
        }
    }

    static func claims(of token: String) throws -> AccessTokenClaims {
        let payload = String(token.split(separator: ".")[1])
        return try JSONDecoder().decode(AccessTokenClaims.self, from: try #require(base64URL(payload)))
    }

    static func keyID(of token: String) throws -> String {
        let header = String(token.split(separator: ".")[0])
        let object = try JSONSerialization.jsonObject(with: try #require(base64URL(header))) as? [String: Any]
        return try #require(object?["kid"] as? String)
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
