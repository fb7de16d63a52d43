import Crypto
import Foundation
import QuadTokens
import Testing

@Suite("AccessTokenSigner")
struct AccessTokenSignerTests {
    let fixtures = TokenFixtures()

    @Test("signs a compact JWS with an EdDSA at+jwt header naming the key")
    func header() throws {
        // Given / When
        let signed = try fixtures.signAda()

        // Then
        let parts = signed.token.split(separator: ".")
        #expect(parts.count == 3)
        let headerJSON = try #require(Data(base64Encoded: Self.padded(parts[0])))
        let header = try JSONDecoder().decode([String: String].self, from: headerJSON)
        #expect(header == ["alg": "EdDSA", "typ": "at+jwt", "kid": "key-1"])
    }

    @Test("claims carry the user, roles, campus, dorm, issuer, audience and a 15-minute lifetime")
    func claims() throws {
        // Given / When
        let signed = try fixtures.signAda(now: TokenFixtures.now.addingTimeInterval(0.75))

        // Then: times are whole seconds, and the claims are what a verifier reads back
        let claims = signed.claims
        #expect(claims.subject == "user-ada")
        #expect(claims.roles == ["customer", "requester"])
        #expect(claims.campus == "campus-northfield")
        #expect(claims.dorm == "dorm-maple-hall")
        #expect(claims.issuer == "quad-identity")
        #expect(claims.audience == "quad")
        #expect(claims.tokenUse == "access")
        #expect(!claims.tokenID.isEmpty)
        #expect(claims.issuedAt == TokenFixtures.now)
        #expect(claims.expiresAt == TokenFixtures.now.addingTimeInterval(15 * 60))
        #expect(try fixtures.verifier.verify(signed.token, now: TokenFixtures.now) == claims)
    }

    @Test("payload uses the JWT claim names and NumericDate times")
    func payloadNames() throws {
        // Given
        let signed = try fixtures.signAda()

        // When
        let payload = try #require(Data(base64Encoded: Self.padded(signed.token.split(separator: ".")[1])))
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])

        // Then
        #expect(Set(object.keys) == ["sub", "roles", "campus", "dorm", "iss", "aud", "iat", "exp", "jti", "token_use"])
        #expect(object["token_use"] as? String == "access")
        #expect((object["exp"] as? NSNumber)?.int64Value == 1_780_000_900)
    }

    @Test("every token gets its own jti")
    func uniqueTokenIDs() throws {
        #expect(try fixtures.signAda().claims.tokenID != fixtures.signAda().claims.tokenID)
    }

    static func padded(_ part: Substring) -> String {
        let standard = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)
    }
}
