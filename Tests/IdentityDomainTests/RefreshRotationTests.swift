import Foundation
import IdentityDomain
import Testing

@Suite("Refresh tokens")
struct RefreshRotationTests {
    let now = IdentityFixtures.now

    func issued(at time: Date? = nil) -> IssuedRefreshToken {
        RefreshTokens.issue(id: "rt-1", familyID: "family-1", userID: "user-ada", now: time ?? now)
    }

    @Test("generates 32 random bytes as unpadded base64url")
    func generate() {
        let tokens = (0..<50).map { _ in RefreshTokens.generate() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 43 && !$0.contains(where: { "+/=".contains($0) }) })
    }

    @Test("stores the SHA-256 hex of the token, never the token")
    func hash() {
        // Given: SHA-256("abc") from FIPS 180-2
        #expect(RefreshTokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let issued = issued()
        #expect(issued.record.hash == RefreshTokens.hash(issued.token))
        #expect(issued.record.hash != issued.token)
    }

    @Test("a new token lives 30 days")
    func lifetime() {
        let record = issued().record
        #expect(record.expiresAt.timeIntervalSince(record.issuedAt) == 30 * 24 * 3600)
        #expect(record.rotatedAt == nil && record.revokedAt == nil)
    }

    @Test("a valid token rotates")
    func rotate() {
        #expect(RefreshRotation.decide(record: issued().record, now: now.addingTimeInterval(3600)) == .rotate)
    }

    @Test("a token used again after rotation revokes its family")
    func reuse() {
        // Given: a token that was rotated an hour ago
        var record = issued().record
        record.rotatedAt = now.addingTimeInterval(60)

        // When
        let decision = RefreshRotation.decide(record: record, now: now.addingTimeInterval(3600))

        // Then
        #expect(decision == .reuseDetected(familyID: "family-1"))
    }

    @Test("reuse of a rotated token is detected even after it expired")
    func reuseAfterExpiry() {
        var record = issued().record
        record.rotatedAt = now
        let decision = RefreshRotation.decide(record: record, now: now.addingTimeInterval(31 * 24 * 3600))
        #expect(decision == .reuseDetected(familyID: "family-1"))
    }

    @Test(
        "refuses unknown, expired and revoked tokens",
        arguments: [
            (nil, 0, RefreshRotation.Reason.unknown),
            ("expired", 30 * 24 * 3600, .expired),
            ("revoked", 60, .revoked),
            ("revoked and rotated", 60, .revoked),
        ] as [(String?, Int, RefreshRotation.Reason)]
    )
    func refuse(state: String?, secondsLater: Int, reason: RefreshRotation.Reason) {
        // Given
        var record: RefreshTokenRecord? = state == nil ? nil : issued().record
        if state?.contains("revoked") == true { record?.revokedAt = now }
        if state?.contains("rotated") == true { record?.rotatedAt = now }

        // When
        let decision = RefreshRotation.decide(record: record, now: now.addingTimeInterval(TimeInterval(secondsLater)))

        // Then
        #expect(decision == .refuse(reason))
        #expect(IdentityError.refreshRefused(reason).code == .unauthenticated)
    }
}
