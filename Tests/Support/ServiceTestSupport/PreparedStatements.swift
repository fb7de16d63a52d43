public import GRDB
import GRDBSQLite

/// The statements a SQLite connection holds prepared, to test that a store's per-call queries are cached.
///
/// GRDB finalizes a statement made by `Row.fetchOne(db, sql:)` or `db.execute(sql:)` as soon as it has run, and keeps
/// one made by `db.cachedStatement(sql:)` on its connection for the next call. So after a call, a query that is
/// cached is among these, prepared once however often it ran, and one that is compiled afresh each time is not.
public enum PreparedStatements {
    /// The SQL text of every statement `db`'s connection holds prepared now, whitespace collapsed to single spaces.
    public static func sql(in db: Database) -> [String] {
        guard let connection = db.sqliteConnection else { return [] }
        var texts: [String] = []
        var statement = sqlite3_next_stmt(connection, nil)
        while let current = statement {
            if let text = sqlite3_sql(current) {
                texts.append(String(cString: text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
            statement = sqlite3_next_stmt(connection, current)
        }
        return texts
    }

    /// How many statements `db`'s connection holds prepared whose SQL contains `fragment` (whitespace collapsed).
    public static func count(containing fragment: String, in db: Database) -> Int {
        sql(in: db).filter { $0.contains(fragment) }.count
    }
}
