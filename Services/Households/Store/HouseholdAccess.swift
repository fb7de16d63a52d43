import GRDB
import HouseholdsDomain

/// The one check every method of households makes first (H13): the caller is a current member of a household that
/// is not dismissed. Anyone else gets NOT_FOUND, the answer for an id that exists nowhere.
struct HouseholdAccess: Sendable, Hashable {
    var household: HouseholdRecord
    var member: MemberRecord

    var isHost: Bool { member.role == .host }

    /// `user`'s access to `household`, or NOT_FOUND.
    static func require(_ user: String, in household: String, _ db: Database) throws -> HouseholdAccess {
        guard !household.isEmpty else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "household_id: name the household",
                field: "household_id"
            )
        }
        guard let record = try HouseholdStore.household(id: household, db),
            let member = try HouseholdStore.member(user, of: household, db), member.isCurrent
        else { throw HouseholdsError.unknownHousehold(household) }
        return HouseholdAccess(household: record, member: member)
    }

    /// As ``require(_:in:_:)`` for the host; a member who is not gets PERMISSION_DENIED.
    static func requireHost(_ user: String, in household: String, doing: String, _ db: Database) throws
        -> HouseholdAccess
    {
        let access = try require(user, in: household, db)
        guard access.isHost else { throw HouseholdsError.hostOnly(doing) }
        return access
    }

    /// `user` is a current member of this household, or INVALID_ARGUMENT naming `field`.
    func requireMember(_ user: String, field: String, _ db: Database) throws {
        guard let member = try HouseholdStore.member(user, of: household.id, db), member.isCurrent else {
            throw HouseholdsError.notAMember(user, field: field)
        }
    }
}
