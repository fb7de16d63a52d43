import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
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
        let existing = try await database.accounts(emails: emails)
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
        let seeded = try await database.seed(entries, newHash: newHash, verifiedHashes: verified, now: now)
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
}
