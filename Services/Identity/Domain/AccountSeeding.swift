public import Foundation

/// SeedAccounts as pure decisions (issue 11, item 8): which requests are valid, which roles seeding may grant, and
/// what an account found or created ends up with. The handler hashes, verifies and stores.
public struct AccountSeeding: Sendable {
    /// One account to seed, as it arrived: a registration (its password is the call's) and the roles to grant.
    public struct Input: Sendable, Hashable {
        /// The registration, whose `password` must be empty.
        public var registration: RegistrationInput
        /// The roles asked for beyond the defaults; nil entries are roles the wire names that identity does not know.
        public var roles: [Role?]

        /// Creates an input.
        public init(registration: RegistrationInput, roles: [Role?]) {
            self.registration = registration
            self.roles = roles
        }
    }

    /// One valid account to seed.
    public struct Entry: Sendable, Hashable {
        /// The registration, normalized, with the call's password.
        public var registration: ValidRegistration
        /// The roles the account holds once seeded, whether it is new or found: the defaults plus those asked for.
        public var roles: Set<Role>
    }

    /// The most accounts one call seeds (quad-load seeds in batches of this many).
    public static let maxAccounts = 500
    /// The roles seeding grants beyond the defaults: the dasher role as passing the quiz does, and the roles
    /// anyone may request. A carrier's roles (dispatcher, driver) come only through a carrier organisation.
    public static let grantable: Set<Role> = Role.requestable.union([.dasher])

    /// The campus directory registrations are checked against.
    public var directory: CampusDirectory

    /// Seeding on `directory`'s campuses.
    public init(directory: CampusDirectory) {
        self.directory = directory
    }

    /// The entries to seed, or `invalidArgument` naming every bad field of every account (`accounts[2].dorm_id`;
    /// `password` for the call's password), so a bad batch changes nothing.
    public func validate(password: String, accounts: [Input], now: Date) throws(IdentityError) -> [Entry] {
        var violations: [FieldViolation] = []
        if accounts.isEmpty || accounts.count > Self.maxAccounts {
            violations.append(
                FieldViolation(
                    field: "accounts",
                    message: "give 1 to \(Self.maxAccounts) accounts (got \(accounts.count))"
                )
            )
        }
        var entries: [Entry] = []
        var firstIndexOfEmail: [String: Int] = [:]
        var passwordViolations: Set<String> = []
        let validator = RegistrationValidator(directory: directory)
        for (index, account) in accounts.enumerated() {
            let field = "accounts[\(index)]"
            if !account.registration.password.isEmpty {
                violations.append(
                    FieldViolation(
                        field: "\(field).registration.password",
                        message: "leave it empty: every seeded account takes the request's password"
                    )
                )
            }
            var input = account.registration
            input.password = password
            for violation in validator.violations(in: input, now: now) {
                // The password is the call's: say so once, not once per account.
                if violation.field == "password" {
                    if passwordViolations.insert(violation.message).inserted {
                        violations.append(FieldViolation(field: "password", message: violation.message))
                    }
                } else {
                    violations.append(
                        FieldViolation(field: "\(field).registration.\(violation.field)", message: violation.message)
                    )
                }
            }
            var roles = Role.defaultRoles
            for (roleIndex, role) in account.roles.enumerated() {
                guard let role, Self.grantable.contains(role) || Role.defaultRoles.contains(role) else {
                    let names = Self.grantable.sorted().map(\.rawValue).joined(separator: ", ")
                    violations.append(
                        FieldViolation(
                            field: "\(field).roles[\(roleIndex)]",
                            message:
                                "seeding grants \(names) (and the defaults); \(role?.rawValue ?? "this role") cannot be seeded"
                        )
                    )
                    continue
                }
                roles.insert(role)
            }
            // Repeats are found on the address as typed (trimmed, any case), whether or not the rest is valid.
            let email = input.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if let first = firstIndexOfEmail[email] {
                violations.append(
                    FieldViolation(
                        field: "\(field).registration.email",
                        message: "repeats accounts[\(first)]; give each account once"
                    )
                )
                continue
            }
            firstIndexOfEmail[email] = index
            guard let valid = try? validator.validate(input, now: now) else { continue }
            entries.append(Entry(registration: valid, roles: roles))
        }
        guard violations.isEmpty else { throw IdentityError.invalidArgument(violations) }
        return entries
    }

    /// A found account that does not have the call's password: seeding never takes over someone's account.
    public static func notSeedable(email: String, index: Int) -> IdentityError {
        IdentityError(
            code: .failedPrecondition,
            message: "accounts[\(index)].registration.email: \(email) exists with another password; SeedAccounts signs "
                + "in only accounts that have the request's password: choose other names or that account's password"
        )
    }
}
