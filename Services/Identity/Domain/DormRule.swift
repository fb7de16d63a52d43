/// Dorm (A1): a dorm of the chosen campus.
struct DormRule {
    /// The chosen campus; `nil` when unknown (`campus_id` explains it, and the dorm is not judged).
    var campus: Campus?

    /// The dorm; `nil` when the campus is unknown.
    func check(_ dormID: String) throws(RuleViolation) -> Dorm? {
        guard !dormID.isEmpty else { throw RuleViolation("is required; ListCampuses lists each campus's dorms") }
        guard let campus else { return nil }
        guard let dorm = campus.dorm(id: dormID) else {
            throw RuleViolation("\"\(dormID.prefix(64))\" is not a dorm of \(campus.name); ListCampuses lists them")
        }
        return dorm
    }
}
