public import Foundation

/// A stored refresh token. Tokens from one login form a family: each refresh rotates to a new token of the
/// same family, and reuse of a rotated token revokes the whole family.
public struct RefreshTokenRecord: Sendable, Hashable, Codable, Identifiable {
    /// The record id.
    public var id: String
    /// The login this token descends from.
    public var familyID: String
    /// Whose session it is.
    public var userID: String
    /// ``RefreshTokens/hash(_:)`` of the token.
    public var hash: String
    /// When it was issued.
    public var issuedAt: Date
    /// When it stops working.
    public var expiresAt: Date
    /// When it was exchanged for its successor; a second use after this is reuse.
    public var rotatedAt: Date?
    /// When it (or its family) was revoked: logout, reuse, account deletion.
    public var revokedAt: Date?

    /// Creates a record.
    public init(
        id: String,
        familyID: String,
        userID: String,
        hash: String,
        issuedAt: Date,
        expiresAt: Date,
        rotatedAt: Date? = nil,
        revokedAt: Date? = nil
    ) {
        self.id = id
        self.familyID = familyID
        self.userID = userID
        self.hash = hash
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.rotatedAt = rotatedAt
        self.revokedAt = revokedAt
    }
}
