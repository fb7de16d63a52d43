import Crypto
import Foundation
import GatewayService
import QuadContracts
import QuadServiceKit
import QuadTestSupport
import QuadTokens
import QuadWire
import Testing

/// Issue 11 item 2: whatever a client puts after `Bearer`, the edge answers OK for a valid
/// token and UNAUTHENTICATED (with a reason) for everything else, never INTERNAL, also when
/// an unknown key id makes it fetch identity's key again.
@Suite("Gateway: the edge authenticator over random and mutated tokens")
struct EdgeAuthenticatorPropertyTests {
    static let issuer = "quad.identity"
    static let audience = "quad"
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The signing key identity uses in these tests, and an authenticator that trusts it.
    struct Fixture {
        let key = Curve25519.Signing.PrivateKey()
        let keyID = "k-current"
        var signer: AccessTokenSigner {
            AccessTokenSigner(
                privateKey: key,
                keyID: keyID,
                issuer: EdgeAuthenticatorPropertyTests.issuer,
                audience: EdgeAuthenticatorPropertyTests.audience
            )
        }
        var oracle: AccessTokenVerifier {
            AccessTokenVerifier(
                publicKey: key.publicKey,
                keyID: keyID,
                issuer: EdgeAuthenticatorPropertyTests.issuer,
                audience: EdgeAuthenticatorPropertyTests.audience
            )
        }

        /// An authenticator that may refetch the key on every unknown key id: the path that
        /// answered INTERNAL before the fix.
        func authenticator() -> EdgeAuthenticator {
            let key = EdgeAuthenticator.VerificationKey(
                keyID: keyID,
                publicKey: key.publicKey,
                issuer: EdgeAuthenticatorPropertyTests.issuer,
                audience: EdgeAuthenticatorPropertyTests.audience
            )
            return EdgeAuthenticator(
                refetchInterval: .zero,
                clock: TestClock(
                    startMicros: Int64(EdgeAuthenticatorPropertyTests.now.timeIntervalSince1970) * 1_000_000
                ).clock,
                keySource: { [key] }
            )
        }
    }

    @Test("a well-formed token naming an unknown key id is UNAUTHENTICATED after the key is refetched")
    func unknownKeyAfterRefetch() async throws {
        let fixture = Fixture()
        let authenticator = fixture.authenticator()
        try await authenticator.loadKey()
        let stranger = AccessTokenSigner(
            privateKey: fixture.key,
            keyID: "k-nobody-knows",
            issuer: Self.issuer,
            audience: Self.audience
        )
        let token = try stranger.sign(Self.claims())

        let error = await #expect(throws: RPCError.self) {
            _ = try await authenticator.authenticate(
                ["authorization": "Bearer \(token)"],
                method: Quad_Identity_V1_Identity.Method.getMyProfile
            )
        }
        #expect(error?.code == .unauthenticated)
        #expect(error?.message.contains("unknown key") == true)
    }

    @Test(
        "random and mutated tokens: OK only for a valid token, UNAUTHENTICATED with a reason otherwise",
        arguments: randomSeeds
    )
    func mutatedTokens(seed: UInt64) async throws {
        let fixture = Fixture()
        let authenticator = fixture.authenticator()
        var random = SeededGenerator(seed: seed)
        var accepted = 0
        for round in 0..<300 {
            let valid = try fixture.signer.sign(Self.claims(subject: "user-\(round)"))
            let token = try Self.mutate(valid, fixture: fixture, using: &random)
            let expected = try? fixture.oracle.verify(token, now: Self.now)
            do {
                let caller = try await authenticator.authenticate(
                    ["authorization": "Bearer \(token)"],
                    method: Quad_Identity_V1_Identity.Method.getMyProfile
                )
                #expect(expected != nil, "accepted a token the verifier refuses: \(token.prefix(120))")
                #expect(caller.userID == expected?.subject)
                accepted += 1
            } catch let error as RPCError {
                #expect(error.code == .unauthenticated, "round \(round): \(error.code) \(error.message)")
                #expect(!error.message.isEmpty)
                #expect(expected == nil || token.isEmpty, "refused a valid token: \(error.message)")
            } catch {
                Issue.record("round \(round): not an RPCError: \(error)")
            }
        }
        // The generator keeps a share of valid tokens, so the OK side is exercised too.
        #expect(accepted > 10)
    }

    static func claims(subject: String = "user-1", issuedAt: Date = now) -> AccessTokenClaims {
        AccessTokenClaims(
            subject: subject,
            roles: ["customer"],
            campus: "campus-northfield",
            dorm: "dorm-1",
            issuer: issuer,
            audience: audience,
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(900),
            tokenID: UUID().uuidString
        )
    }

    /// One of the mutations an attacker (or a broken client) tries, picked at random.
    static func mutate(_ token: String, fixture: Fixture, using random: inout SeededGenerator) throws -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            return token
        case 1:
            // Another key id, signed by the right key: unknown to the gateway, then refetched.
            let kid = randomText(length: Int.random(in: 0..<40, using: &random), using: &random)
            return try AccessTokenSigner(privateKey: fixture.key, keyID: kid, issuer: issuer, audience: audience).sign(
                claims()
            )
        case 2:
            // Another algorithm in the header, the rest unchanged.
            let alg = ["none", "HS256", "RS256", "ES256", "eddsa", "", "EdDSA\u{0}"].randomElement(using: &random)!
            let header = base64URL(Data(#"{"alg":"\#(alg)","typ":"at+jwt","kid":"\#(fixture.keyID)"}"#.utf8))
            return [header, parts[1], parts[2]].joined(separator: ".")
        case 3:
            // One bit of the signature flipped.
            var signature = try #require(decodeBase64URL(parts[2]))
            let index = Int.random(in: 0..<signature.count, using: &random)
            signature[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            return [parts[0], parts[1], base64URL(signature)].joined(separator: ".")
        case 4:
            // A signature of random bytes and length.
            let bytes = (0..<Int.random(in: 0..<100, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            return [parts[0], parts[1], base64URL(Data(bytes))].joined(separator: ".")
        case 5:
            // Claims changed, signature kept.
            var changed = claims(subject: "someone-else")
            changed.roles = ["admin"]
            return [parts[0], base64URL(try JSONEncoder().encode(changed)), parts[2]].joined(separator: ".")
        case 6:
            // Claims changed and signed properly: valid or refused by a claim check.
            var changed = claims()
            switch Int.random(in: 0..<6, using: &random) {
            case 0: changed.expiresAt = now.addingTimeInterval(-3600)
            case 1: changed.issuedAt = now.addingTimeInterval(3600)
            case 2: changed.audience = "elsewhere"
            case 3: changed.issuer = "mallory"
            case 4: changed.tokenUse = "refresh"
            default: changed.subject = "user-\(random.next() % 1000)"
            }
            return try fixture.signer.sign(changed)
        case 7:
            // Claims that are not those of an access token, signed properly.
            let payload = base64URL(Data(#"{"sub":42,"roles":"all"}"#.utf8))
            let input = parts[0] + "." + payload
            let signature = try fixture.key.signature(for: Data(input.utf8))
            return input + "." + base64URL(signature)
        case 8:
            // Cut short anywhere.
            return String(token.prefix(Int.random(in: 0..<token.count, using: &random)))
        case 9:
            // Lengthened: random characters appended, up to past the length limit.
            let extra = Int.random(in: 1..<(AccessTokenVerifier.maximumTokenLength + 100), using: &random)
            return token + randomText(length: extra, using: &random)
        case 10:
            // Parts missing or added.
            return [parts[0], parts[1], parts[2], parts[2]].prefix(Int.random(in: 0...4, using: &random)).joined(
                separator: "."
            )
        default:
            // Garbage.
            return randomText(length: Int.random(in: 1..<300, using: &random), using: &random)
        }
    }

    /// Random printable characters, dots and base64url's alphabet, no spaces (the edge trims those).
    static func randomText(length: Int, using random: inout SeededGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/{}\":,é\u{0}")
        return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=",
                with: ""
            )
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
