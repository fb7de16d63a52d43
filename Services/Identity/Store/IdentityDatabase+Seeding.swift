import Foundation
import GRDB
import IdentityDomain
import QuadServiceKit

/// Operators' bulk accounts (``IdentityService/seedAccounts(request:context:)``): every account of a call in one
/// transaction, all or nothing.
extension IdentityDatabase {
    /// One account after seeding, with the refresh token of its new session.
    struct SeededAccount: Sendable {
        var account: Account
        var refresh: IssuedRefreshToken
        var created: Bool
    }

    /// Creates or finds every entry in one transaction, grants its roles and starts a session for it.
    ///
    /// An account that appeared (or changed its password) since the hashes were verified is refused rather than
    /// taken over, and nothing of the call is kept: the caller runs it again.
    func seed(
        _ entries: [AccountSeeding.Entry],
        newHash: String,
        verifiedHashes: Set<String>,
        now: Date
    ) async throws -> [SeededAccount] {
        try await storage.write { db in
            try Self.seed(entries, newHash: newHash, verifiedHashes: verifiedHashes, now: now, db)
        }
    }

    private static func seed(
        _ entries: [AccountSeeding.Entry],
        newHash: String,
        verifiedHashes: Set<String>,
        now: Date,
        _ db: Database
    ) throws -> [SeededAccount] {
        var seeded: [SeededAccount] = []
        for (index, entry) in entries.enumerated() {
            let account: Account
            let created: Bool
            if var record = try IdentityStore.account(email: entry.registration.email, db) {
                guard verifiedHashes.contains(record.account.passwordHash) else {
                    throw AccountSeeding.notSeedable(email: entry.registration.email, index: index)
                }
                let roles = record.account.roles.union(entry.roles)
                if roles != record.account.roles {
                    record.account.roles = roles
                    try IdentityStore.update(record, db)
                    // As SubmitDasherQuiz: the owner's feed hears of a role granted.
                    try IdentityFeed.profileChanged(record.account, at: now, db)
                }
                (account, created) = (record.account, false)
            } else {
                var fresh = Account(
                    id: EntityID.generate(now: now),
                    registration: entry.registration,
                    passwordHash: newHash,
                    now: now
                )
                fresh.roles = entry.roles
                guard try IdentityStore.insert(AccountRecord(account: fresh), db) else {
                    throw AccountSeeding.notSeedable(email: entry.registration.email, index: index)
                }
                (account, created) = (fresh, true)
            }
            let refresh = RefreshTokens.issue(
                id: EntityID.generate(now: now),
                familyID: EntityID.generate(now: now),
                userID: account.id,
                now: now
            )
            try IdentityStore.insert(refresh.record, db)
            seeded.append(SeededAccount(account: account, refresh: refresh, created: created))
        }
        return seeded
    }
}
