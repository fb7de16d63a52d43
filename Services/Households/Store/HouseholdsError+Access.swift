import HouseholdsDomain

/// Who may do what in a household (H13), as refusals: the one message for an id that exists nowhere and for
/// someone else's household, so ids do not leak.
extension HouseholdsError {
    static func unknown(_ what: String, _ id: String, field: String) -> HouseholdsError {
        HouseholdsError(
            code: .notFound,
            message: "\(field): no \(what) \(id) in a household of yours",
            field: field
        )
    }

    static func unknownHousehold(_ id: String) -> HouseholdsError {
        HouseholdsError(
            code: .notFound,
            message: "household_id: no household \(id) of yours; ListMyHouseholds lists those you belong to",
            field: "household_id"
        )
    }

    static func hostOnly(_ doing: String) -> HouseholdsError {
        HouseholdsError(
            code: .permissionDenied,
            message: "only the household's host may \(doing); ask them, or ask them to hand over to you"
        )
    }

    static func notAMember(_ user: String, field: String) -> HouseholdsError {
        HouseholdsError(
            code: .invalidArgument,
            message: "\(field): \(user) is not a member of this household",
            field: field
        )
    }
}
