public import Foundation

/// What to do with a presented refresh token (A2, A3).
public enum RefreshRotation {
    /// Why a token is refused.
    public enum Reason: String, Sendable, Hashable {
        /// No record has the token's hash.
        case unknown
        /// Past its expiry.
        case expired
        /// Revoked (logout, reuse of a sibling, account deletion).
        case revoked
        /// Already rotated: someone else may hold a copy (see ``Decision/reuseDetected(familyID:)``).
        case reused
    }

    /// The decision; the caller performs it in one transaction.
    public enum Decision: Sendable, Hashable {
        /// Valid: mark this record rotated at `now` and issue a successor in the same family.
        case rotate
        /// An already-rotated token came back: revoke every token of the family, then refuse
        /// (``IdentityError/refreshRefused(_:)`` with `.reused`). The thief and the owner both have to log in.
        case reuseDetected(familyID: String)
        /// Refuse with UNAUTHENTICATED; change nothing.
        case refuse(Reason)
    }

    /// Decides for the record found by the presented token's hash (`nil` when none matched).
    ///
    /// Revocation wins over reuse (the family is already dead); reuse wins over expiry, so an old stolen token
    /// still burns the family it came from.
    public static func decide(record: RefreshTokenRecord?, now: Date) -> Decision {
        guard let record else { return .refuse(.unknown) }
        if record.revokedAt != nil { return .refuse(.revoked) }
        if record.rotatedAt != nil { return .reuseDetected(familyID: record.familyID) }
        if now >= record.expiresAt { return .refuse(.expired) }
        return .rotate
    }
}
