import GRDB

extension HouseholdsDatabase {
    /// What a chore's or an expense's documents are to `user`: whether the owner exists for them (a current member
    /// of its household) and whether they are its host. A stranger reads as no owner (H13).
    enum DocumentOwnerKind: Sendable { case chore, expense }

    func documentAccess(_ kind: DocumentOwnerKind, _ ownerID: String, for user: String) async throws
        -> HouseholdAccess?
    {
        try await storage.read { db in
            let table = kind == .chore ? "chore" : "expense"
            guard
                let household = try String.fetchOne(
                    db,
                    sql: "SELECT household_id FROM \(table) WHERE id = ? AND deleted_at IS NULL",
                    arguments: [ownerID]
                )
            else { return nil }
            return try? HouseholdAccess.require(user, in: household, db)
        }
    }
}
