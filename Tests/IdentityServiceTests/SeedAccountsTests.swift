import Foundation
import GRDB
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// SeedAccounts, the operators' bulk path for demo and load accounts (issue 11, item 8): one password hash per
/// call, roles granted, sessions returned, found again on a second run; and who may call it.
@Suite("Identity: seeding demo and load accounts (operators only)")
struct SeedAccountsTests {
    static let password = "quad-demo-password"

    /// A seeded account on the demo campus: `name`@northfield.edu in Maple Hall, with `roles` beyond the defaults.
    static func account(_ name: String, roles: [Quad_Identity_V1_Role] = []) -> Quad_Identity_V1_SeedAccount {
        .with {
            $0.registration = IdentityHarness.registration("\(name)@northfield.edu", password: "")
            $0.roles = roles
        }
    }

    static func request(_ accounts: [Quad_Identity_V1_SeedAccount], password: String = password)
        -> Quad_Identity_V1_SeedAccountsRequest
    {
        .with {
            $0.password = password
            $0.accounts = accounts
        }
    }

    /// The `roles` claim of an access token (its payload, not verified: identity signed it in this test).
    static func roles(in token: String) throws -> [String] {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let data = try #require(Data(base64Encoded: payload))
        let claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return claims["roles"] as? [String] ?? []
    }

    static func accountCount(_ harness: IdentityHarness) async throws -> Int {
        try await harness.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") ?? 0 }
    }

    @Test("creates every account with one shared hash, a dasher with its role, each signed in; a second run finds them")
    func createThenFind() async throws {
        try await IdentityHarness.run { harness in
            // Given two customers and a dasher to seed
            let accounts = [
                Self.account("customer1"), Self.account("customer2"), Self.account("dasher1", roles: [.dasher]),
            ]

            // When they are seeded by an operator
            let first = try await harness.client.seedAccounts(Self.request(accounts))

            // Then each was created, in order, with a session that works and the roles asked for
            #expect(first.accounts.map(\.created) == [true, true, true])
            #expect(first.accounts.map(\.profile.email) == accounts.map(\.registration.email))
            #expect(first.accounts[2].profile.roles.contains(.dasher))
            #expect(!first.accounts[0].profile.roles.contains(.dasher))
            let dasher = try await harness.client.getMyProfile(
                .init(),
                options: IdentityHarness.bearer(first.accounts[2].session)
            )
            #expect(dasher.roles.contains(.dasher))
            // And the dasher's access token carries the role, so no second login is needed
            #expect(try Self.roles(in: first.accounts[2].session.accessToken).contains("dasher"))
            #expect(try !Self.roles(in: first.accounts[0].session.accessToken).contains("dasher"))
            // And the shared password was hashed once: every account stores the same hash, and it signs in
            let hashes = try await harness.database.read { db in
                try String.fetchAll(db, sql: "SELECT DISTINCT password_hash FROM account")
            }
            #expect(hashes.count == 1)
            _ = try await harness.login("customer1@northfield.edu", password: Self.password)

            // When the same accounts are seeded again
            let second = try await harness.client.seedAccounts(Self.request(accounts))

            // Then they are found, not created: the same users, with fresh sessions
            #expect(second.accounts.map(\.created) == [false, false, false])
            #expect(second.accounts.map(\.profile.userID) == first.accounts.map(\.profile.userID))
            #expect(second.accounts[0].session.sessionID != first.accounts[0].session.sessionID)
            let accounts1 = try await Self.accountCount(harness)
            #expect(accounts1 == 3)
        }
    }

    @Test("a found account is granted the roles asked for, as the quiz would, and its owner's feed hears of it")
    func grantsRoleToFoundAccount() async throws {
        try await IdentityHarness.run { harness in
            // Given a seeded customer
            let first = try await harness.client.seedAccounts(Self.request([Self.account("sam")]))
            // When the same person is seeded again as a dasher
            let again = try await harness.client.seedAccounts(Self.request([Self.account("sam", roles: [.dasher])]))
            // Then they are the same user, now a dasher, in the answer and in their profile
            #expect(again.accounts[0].profile.userID == first.accounts[0].profile.userID)
            #expect(again.accounts[0].profile.roles.contains(.dasher))
            let profile = try await harness.client.getMyProfile(
                .init(),
                options: IdentityHarness.bearer(again.accounts[0].session)
            )
            #expect(profile.roles.contains(.dasher))
            let events = try await harness.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM quad_event_log") ?? 0
            }
            #expect(events == 1)
        }
    }

    @Test("bad input is INVALID_ARGUMENT naming every bad field, and creates nothing")
    func badInput() async throws {
        try await IdentityHarness.run { harness in
            // Given a batch with a bad dorm, a role seeding cannot grant, a repeated email, a password of its own
            var badDorm = Self.account("one")
            badDorm.registration.dormID = "dorm-nowhere"
            var ownPassword = Self.account("three")
            ownPassword.registration.password = "correct horse battery"
            let accounts = [
                Self.account("zero", roles: [.dispatcher]), badDorm, Self.account("zero"), ownPassword,
            ]
            // When an operator seeds it with a password too short
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.seedAccounts(Self.request(accounts, password: "short"))
            }
            // Then every bad field is named
            #expect(error?.code == .invalidArgument)
            let message = error?.message ?? ""
            for field in [
                "password:", "accounts[0].roles[0]:", "accounts[1].registration.dorm_id:",
                "accounts[2].registration.email: repeats accounts[0]", "accounts[3].registration.password:",
            ] {
                #expect(message.contains(field), "\(field) in \(message)")
            }
            // And nothing was created, not even the good accounts
            let accounts2 = try await Self.accountCount(harness)
            #expect(accounts2 == 0)
            // And an empty batch is refused too
            let empty = await #expect(throws: RPCError.self) {
                _ = try await harness.client.seedAccounts(Self.request([]))
            }
            #expect(empty?.code == .invalidArgument)
            #expect(empty?.message.contains("accounts: give 1 to 500 accounts") == true)
        }
    }

    @Test("an account that exists with another password is not taken over: FAILED_PRECONDITION, nothing changes")
    func refusesSomeoneElsesAccount() async throws {
        try await IdentityHarness.run { harness in
            // Given ada, registered by hand with her own password
            let ada = try await harness.register()
            // When an operator seeds a new account and ada's
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.seedAccounts(
                    Self.request([Self.account("newcomer"), Self.account("ada")])
                )
            }
            // Then the call is refused naming ada's entry, the new account is not created, and ada signs in as before
            #expect(error?.code == .failedPrecondition)
            #expect(
                error?.message.contains(
                    "accounts[1].registration.email: ada@northfield.edu exists with another password"
                ) == true
            )
            let accounts3 = try await Self.accountCount(harness)
            #expect(accounts3 == 1)
            let profile = try await harness.client.getMyProfile(.init(), options: try await harness.login())
            #expect(profile.userID == ada.profile.userID && !profile.roles.contains(.dasher))
        }
    }

    @Test("only an operator may seed: a service's certificate, a user's token and x-quad-caller are PERMISSION_DENIED")
    func operatorsOnly() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let asService = Quad_Identity_V1_Identity.Client(transport: gateway)
            let request = Self.request([Self.account("intruder", roles: [.dasher])])
            let attempts: [(String, @Sendable () async throws -> Void)] = [
                ("a service's certificate", { _ = try await asService.seedAccounts(request) }),
                (
                    "a service's certificate on a user's behalf",
                    {
                        let caller =
                            #"{"user_id":"\#(ada.profile.userID)","roles":["customer"],"campus_id":"c","dorm_id":"d"}"#
                        _ = try await asService.seedAccounts(
                            request,
                            options: CallOptions(metadata: ["x-quad-caller": caller])
                        )
                    }
                ),
                (
                    "an operator's certificate with a user's token",
                    { _ = try await harness.client.seedAccounts(request, options: IdentityHarness.bearer(ada.session)) }
                ),
            ]
            for (who, attempt) in attempts {
                let error = await #expect(throws: RPCError.self, "\(who)") { try await attempt() }
                #expect(error?.code == .permissionDenied, "\(who): \(String(describing: error))")
            }
            // And nothing was created
            let accounts4 = try await Self.accountCount(harness)
            #expect(accounts4 == 1)
        }
    }
}
