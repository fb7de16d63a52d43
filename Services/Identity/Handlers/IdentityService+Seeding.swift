import Foundation
import GRDB
import IdentityDomain
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension IdentityService {
    /// Operators only: demo and load-test accounts in bulk (issue 11, item 8; identity.proto's SeedAccountsRequest).
    ///
    /// The shared password is hashed once per call: `quad seed` and quad-load seed a hundred people without a
    /// production-strength hash each, and without Register's per-address limit at the gateway (this method is
    /// never routed). An existing account is found only when it has the call's password; accounts seeded by one
    /// call share one hash, so a re-run verifies once per earlier call, not once per person.
    public func seedAccounts(
        request: Quad_Identity_V1_SeedAccountsRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_SeedAccountsResponse {
        // service_only lets services in too; seeding hands out sessions for anyone it names, so only an
        // operator's client certificate may ask (as Admin/Backup).
        try context.requireOperator(
            "SeedAccounts is for operators: call identity directly with the deployment's client certificate, as "
                + "`quad seed` does"
        )
        let now = clock.date
        let inputs = request.accounts.map { account in
            AccountSeeding.Input(
                registration: ProtoMapping.registration(account.registration),
                roles: account.roles.map(ProtoMapping.role)
            )
        }
        let entries = try AccountSeeding(directory: directory).validate(
            password: request.password,
            accounts: inputs,
            now: now
        )
        let emails = entries.map(\.registration.email)
        let existing = try await database.read { db in
            try emails.compactMap { try IdentityStore.account(email: $0, db) }
        }
        // Which stored hashes the password matches: one verification per distinct hash.
        var verifiedHashes: Set<String> = []
        var refusedHashes: Set<String> = []
        for record in existing {
            let hash = record.account.passwordHash
            if verifiedHashes.contains(hash) { continue }
            if !refusedHashes.contains(hash), try await hashing.verify(request.password, against: hash) {
                verifiedHashes.insert(hash)
                continue
            }
            refusedHashes.insert(hash)
            let index = emails.firstIndex(of: record.account.email) ?? 0
            throw AccountSeeding.notSeedable(email: record.account.email, index: index)
        }
        let newHash = existing.count < entries.count ? try await hashing.hash(request.password) : ""
        // A refusal thrown inside the write rolls back every account of the call: all or nothing.
        let verified = verifiedHashes
        let seeded = try await database.write { db in
            try Self.seed(entries, newHash: newHash, verifiedHashes: verified, now: now, db)
        }
        context.logger.info(
            "accounts seeded",
            metadata: [
                "created": "\(seeded.filter(\.created).count)",
                "found": "\(seeded.filter { !$0.created }.count)",
            ]
        )
        return try .with { response in
            response.accounts = try seeded.map { seeded in
                try .with {
                    $0.profile = ProtoMapping.profile(seeded.account)
                    $0.session = try session(for: seeded.account, refresh: seeded.refresh, now: now)
                    $0.created = seeded.created
                }
            }
        }
    }

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
