import Foundation
import GRDB

/// What every service's database holds, read from the outside (read-only, while the services run): for each
/// `<database>.<table>`, its row count and a hash of its rows (each row's values rendered, the renderings sorted, so
/// the order SQLite returns them in does not matter).
struct DatabaseSnapshot: Equatable {
    struct Table: Equatable {
        var rows: Int
        var hash: Int
    }

    var tables: [String: Table]

    /// Every `*.sqlite` in `directory`, leaving out the tables `excluded` names (`database.table`).
    static func take(of directory: String, excluding excluded: Set<String>) throws -> DatabaseSnapshot {
        var tables: [String: Table] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sqlite") }
            .sorted()
        for file in files {
            let database = String(file.dropLast(".sqlite".count))
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: directory + "/" + file, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                let names = try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
                for name in names where !excluded.contains("\(database).\(name)") {
                    let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\"").map { row in
                        row.databaseValues.map(\.description).joined(separator: "\u{1F}")
                    }
                    var hasher = Hasher()
                    for row in rows.sorted() { hasher.combine(row) }
                    tables["\(database).\(name)"] = Table(rows: rows.count, hash: hasher.finalize())
                }
            }
        }
        return DatabaseSnapshot(tables: tables)
    }

    /// The tables whose content differs between `self` and `other`, with their row counts.
    func changes(to other: DatabaseSnapshot) -> [String] {
        Set(tables.keys).union(other.tables.keys).sorted().compactMap { name in
            let before = tables[name]
            let after = other.tables[name]
            guard before != after else { return nil }
            return "\(name) (\(before?.rows ?? 0) → \(after?.rows ?? 0) rows)"
        }
    }
}
