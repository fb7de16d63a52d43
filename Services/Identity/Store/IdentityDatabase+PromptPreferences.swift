import Foundation
import GRDB
import IdentityDomain

/// R5: the conversation prompt categories each account has on, private to the owner (`prompt_preference`).
extension IdentityDatabase {
    /// The categories `userID` has on, as raw values in ascending order, or `nil` when they never set them (every
    /// category on).
    func promptCategories(of userID: String) async throws -> [Int]? {
        try await storage.read { db in try Self.promptCategories(of: [userID], db)[userID] }
    }

    /// The categories each of `userIDs` who set theirs has on; the others are absent (every category on).
    func promptCategories(of userIDs: [String]) async throws -> [String: [Int]] {
        try await storage.read { db in try Self.promptCategories(of: userIDs, db) }
    }

    /// Sets the categories `userID` has on to `categories` (raw values, each once); `false` when the account is
    /// gone.
    func setPromptCategories(_ categories: [Int], of userID: String, now: Date) async throws -> Bool {
        try await storage.write { db in
            guard try IdentityStore.account(id: userID, db) != nil else { return false }
            try db.cachedStatement(
                sql: """
                    INSERT INTO prompt_preference (account_id, categories, updated_at_micros) VALUES (?, ?, ?)
                    ON CONFLICT(account_id) DO UPDATE SET
                        categories = excluded.categories, updated_at_micros = excluded.updated_at_micros
                    """
            ).execute(arguments: [
                userID, categories.sorted().map(String.init).joined(separator: ","), now.micros,
            ])
            return true
        }
    }

    private static func promptCategories(of userIDs: [String], _ db: Database) throws -> [String: [Int]] {
        guard !userIDs.isEmpty else { return [:] }
        let placeholders = databaseQuestionMarks(count: userIDs.count)
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT account_id, categories FROM prompt_preference WHERE account_id IN (\(placeholders))",
            arguments: StatementArguments(userIDs)
        )
        var found: [String: [Int]] = [:]
        for row in rows {
            let text: String = row["categories"]
            found[row["account_id"]] = text.split(separator: ",").compactMap { Int($0) }
        }
        return found
    }
}
