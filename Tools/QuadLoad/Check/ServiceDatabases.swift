import Foundation
public import GRDB

/// Every service's SQLite database under a data directory (the layout `quad up --data DIR` makes: `DIR/data/`;
/// a directory holding the `.sqlite` files directly also works), opened read-only: the services may still run,
/// and their databases are in WAL mode, so each read sees the last committed state.
public struct ServiceDatabases: Sendable {
    /// The directory the databases are in.
    public let directory: String
    /// Each service's database by its name (`jobs`, `payments`, `fleet-documents`, …).
    public let databases: [String: DatabaseQueue]

    /// Opens every `*.sqlite` under `root` (or `root/data`).
    ///
    /// - Throws: ``CheckError`` `.noDatabases` when there is none, `.unreadableDatabase` when one cannot be opened.
    public init(root: String) throws {
        let nested = URL(fileURLWithPath: root).appendingPathComponent("data").path
        var isDirectory: ObjCBool = false
        directory =
            FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue
            ? nested : root
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".sqlite") }
        guard !names.isEmpty else {
            throw CheckError(.noDatabases, "no service database (*.sqlite) in \(root) or \(nested)")
        }
        var databases: [String: DatabaseQueue] = [:]
        for name in names {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(5)
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            do {
                databases[String(name.dropLast(".sqlite".count))] = try DatabaseQueue(
                    path: path,
                    configuration: configuration
                )
            } catch {
                throw CheckError(.unreadableDatabase, "cannot open \(path) read-only: \(error)")
            }
        }
        self.databases = databases
    }

    /// The database of `service`, if the directory has it.
    public subscript(service: String) -> DatabaseQueue? { databases[service] }

    /// Reads `service`'s database with `body`; `nil` when there is no such database.
    ///
    /// - Throws: ``CheckError`` `.unreadableDatabase` naming the service and the SQL error.
    public func read<T>(_ service: String, _ body: (Database) throws -> T) throws -> T? {
        guard let queue = databases[service] else { return nil }
        do {
            return try queue.read(body)
        } catch {
            throw CheckError(.unreadableDatabase, "reading \(service)'s database: \(error)")
        }
    }

    /// True when `service`'s database has `table`.
    public func has(_ table: String, in service: String) throws -> Bool {
        try read(service) { try $0.tableExists(table) } ?? false
    }

    /// The path of the file next to the databases named `name` (e.g. payments' sandbox journal).
    public func file(_ name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }
}
