/// What a person may do on Quad (A7). Raw values are the names in access tokens.
public enum Role: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Orders laundry; everyone.
    case customer
    /// Posts errands; everyone.
    case requester
    /// Does laundry; after passing the dasher quiz (A6).
    case dasher
    /// Runs errands; on request.
    case buyer
    /// Offers rides; on request.
    case rideOfferer = "ride_offerer"
    /// Assigns loads; through a carrier organisation (F1).
    case dispatcher
    /// Drives loads; through a carrier organisation (F1).
    case driver

    /// The roles every account starts with.
    public static let defaultRoles: Set<Role> = [.customer, .requester]

    /// The roles anyone may ask for with RequestRole.
    public static let requestable: Set<Role> = [.buyer, .rideOfferer]

    /// Roles in wire order (the proto's enum numbers), so lists are stable.
    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The roles after RequestRole: `roles` plus `role`, or `invalidArgument` for a role that cannot be requested.
    ///
    /// Asking for a role one has already is fine (the call is idempotent).
    public static func requesting(_ role: Role, in roles: Set<Role>) throws(IdentityError) -> Set<Role> {
        guard requestable.contains(role) else {
            let names = requestable.sorted().map(\.rawValue).joined(separator: " or ")
            let how = role == .dasher ? "pass the dasher quiz" : "join a carrier organisation"
            throw IdentityError.invalidArgument([
                FieldViolation(field: "role", message: "only \(names) can be requested; for \(role.rawValue), \(how)")
            ])
        }
        return roles.union([role])
    }
}
