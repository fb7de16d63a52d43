import Crypto
import Foundation
import QuadTokens
import Testing

@Suite("AccessTokenVerifier")
struct AccessTokenVerifierTests {
    let fixtures = TokenFixtures()
    let now = TokenFixtures.now

    @Test("accepts a valid token")
    func valid() throws {
        // Given
        let signed = try fixtures.signAda()

        // When
        let claims = try fixtures.verifier.verify(signed.token, now: now.addingTimeInterval(60))

        // Then
        #expect(claims.subject == "user-ada")
    }

    @Test("accepts a token within the 30-second leeway around iat and exp")
    func leeway() throws {
        let signed = try fixtures.signAda()
        _ = try fixtures.verifier.verify(signed.token, now: now.addingTimeInterval(-29))
        _ = try fixtures.verifier.verify(signed.token, now: now.addingTimeInterval(15 * 60 + 29))
    }

    @Test("refuses an expired token, once the leeway has passed too")
    func expired() throws {
        // Given
        let signed = try fixtures.signAda()

        // When / Then
        let error = expectRefusal { () throws(TokenError) in
            _ = try fixtures.verifier.verify(signed.token, now: now.addingTimeInterval(15 * 60 + 30))
        }
        #expect(error?.reason == .expired)
        #expect(error?.message.contains("expired") == true)
    }

    @Test("refuses a token issued in the future beyond the leeway")
    func notYetValid() throws {
        let signed = try fixtures.signAda()
        let error = expectRefusal { () throws(TokenError) in
            _ = try fixtures.verifier.verify(signed.token, now: now.addingTimeInterval(-31))
        }
        #expect(error?.reason == .notYetValid)
    }

    @Test("refuses a token signed with another key")
    func otherKey() throws {
        // Given: another identity instance's key with the same key id
        let other = TokenFixtures()
        let token = try other.signAda().token

        // When / Then
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .badSignature)
    }

    @Test("refuses a token whose payload was changed after signing")
    func tamperedPayload() throws {
        // Given: a dasher role spliced into a customer's signed token
        let signed = try fixtures.signAda()
        var claims = signed.claims
        claims.roles.append("dasher")
        let forgedPayload = TokenFixtures.base64URL(try JSONEncoder().encode(claims))
        let parts = signed.token.split(separator: ".")
        let token = "\(parts[0]).\(forgedPayload).\(parts[2])"

        // When / Then
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .badSignature)
    }

    @Test("refuses alg none, with or without a signature")
    func algNone() throws {
        let header = #"{"alg":"none","typ":"at+jwt","kid":"key-1"}"#
        for token in [try fixtures.forge(header: header, signature: []), try fixtures.forge(header: header)] {
            let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
            #expect(error?.reason == .unsupportedAlgorithm)
        }
    }

    @Test("refuses HS256 keyed with the public key (algorithm confusion)")
    func hs256() throws {
        // Given: the classic attack, an HMAC whose secret is the published public key
        let header = #"{"alg":"HS256","typ":"at+jwt","kid":"key-1"}"#
        let unsigned = try fixtures.forge(header: header, signature: [])
        let input = String(unsigned.dropLast())
        let secret = SymmetricKey(data: fixtures.key.publicKey.rawRepresentation)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: secret)
        let token = input + "." + TokenFixtures.base64URL(Data(mac))

        // When / Then
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .unsupportedAlgorithm)
    }

    @Test(
        "refuses headers that are not ours",
        arguments: [
            (#"{"alg":"EdDSA","typ":"JWT","kid":"key-1"}"#, TokenError.Reason.wrongType),
            (#"{"alg":"EdDSA","kid":"key-1"}"#, .wrongType),
            (#"{"alg":"EdDSA","typ":"at+jwt","kid":"key-2"}"#, .unknownKey),
            (#"{"alg":"EdDSA","typ":"at+jwt"}"#, .unknownKey),
            (#"{"alg":"EdDSA","typ":"at+jwt","kid":"key-1","crit":["exp"]}"#, .unsupportedCriticalHeader),
            (#"{"alg":"eddsa","typ":"at+jwt","kid":"key-1"}"#, .unsupportedAlgorithm),
            (#"{"typ":"at+jwt","kid":"key-1"}"#, .malformed),
        ]
    )
    func foreignHeaders(header: String, reason: TokenError.Reason) throws {
        let token = try fixtures.forge(header: header)
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == reason)
    }

    @Test("accepts the long media type application/at+jwt")
    func longMediaType() throws {
        let token = try fixtures.forge(header: #"{"alg":"EdDSA","typ":"application/at+jwt","kid":"key-1"}"#)
        #expect(try fixtures.verifier.verify(token, now: now).subject == "user-ada")
    }

    @Test("refuses a token for another audience or from another issuer")
    func wrongAudienceAndIssuer() throws {
        // Given
        var otherAudience = fixtures.claims()
        otherAudience.audience = "payments"
        var otherIssuer = fixtures.claims()
        otherIssuer.issuer = "someone-else"

        // When
        let audienceError = expectRefusal { () throws(TokenError) in
            _ = try fixtures.verifier.verify(try! fixtures.signer.sign(otherAudience), now: now)
        }
        let issuerError = expectRefusal { () throws(TokenError) in
            _ = try fixtures.verifier.verify(try! fixtures.signer.sign(otherIssuer), now: now)
        }

        // Then
        #expect(audienceError?.reason == .wrongAudience)
        #expect(issuerError?.reason == .wrongIssuer)
    }

    @Test("refuses a signed token whose token_use is refresh")
    func refreshTokenUse() throws {
        // Given
        var claims = fixtures.claims()
        claims.tokenUse = "refresh"
        let token = try fixtures.signer.sign(claims)

        // When / Then
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .wrongTokenUse)
    }

    @Test("refuses signed claims of the wrong shape")
    func malformedClaims() throws {
        let header = TokenFixtures.base64URL(Data(#"{"alg":"EdDSA","typ":"at+jwt","kid":"key-1"}"#.utf8))
        let input = header + "." + TokenFixtures.base64URL(Data(#"{"sub":42}"#.utf8))
        let token = input + "." + TokenFixtures.base64URL(try fixtures.key.signature(for: Data(input.utf8)))
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .malformedClaims)
    }

    @Test(
        "refuses garbage as malformed",
        arguments: [
            "", "garbage", "a.b", "a.b.c.d", "...", "eyJhbGciOiJFZERTQSJ9..", "!!!.???.***",
            "eyJhbGciOiJFZERTQSJ9.e30=.AAAA", "eyJhbGciOiJFZERTQSJ9.e30.A",
            String(repeating: "a", count: 9000),
        ]
    )
    func garbage(token: String) {
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .malformed)
    }

    @Test("refuses a valid token with a padded signature part")
    func paddedParts() throws {
        let token = try fixtures.signAda().token + "="
        let error = expectRefusal { () throws(TokenError) in _ = try fixtures.verifier.verify(token, now: now) }
        #expect(error?.reason == .malformed)
    }

    @Test("error messages name the failed check and never contain the token")
    func messages() throws {
        let token = try fixtures.signAda().token
        let error = expectRefusal { () throws(TokenError) in
            _ = try fixtures.verifier.verify(token, now: now.addingTimeInterval(3600))
        }
        #expect(error?.description.hasPrefix("expired: ") == true)
        #expect(error?.message.contains(token) == false)
    }

    /// The error thrown by `body`, recording an issue when none is.
    private func expectRefusal(
        _ body: () throws(TokenError) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TokenError? {
        do {
            try body()
            Issue.record("the token was accepted", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}
