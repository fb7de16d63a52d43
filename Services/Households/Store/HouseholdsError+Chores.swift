import HouseholdsDomain

/// Chores' refusals that more than one transaction makes.
extension HouseholdsError {
    /// MarkChoreDone named an occurrence that is not the chore's open one: done already (perhaps a moment ago, by
    /// someone else) or never its current one.
    static func stale(_ occurrence: String) -> HouseholdsError {
        HouseholdsError(
            code: .failedPrecondition,
            message: "occurrence_id: \(occurrence) is not this chore's open occurrence (it was done already); "
                + "GetChore shows the current one",
            field: "occurrence_id"
        )
    }
}
