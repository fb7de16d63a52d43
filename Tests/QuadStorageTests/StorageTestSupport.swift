import Dispatch
import Foundation
import GRDB
import QuadStorage
import QuadTestSupport
import Synchronization

/// Runs `body` with a fresh directory that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quad-storage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url.path)
}

/// A service schema for tests: named items.
enum ItemsSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("items.v1") { db in
            try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)")
        }
        return migrator
    }

    static func open(
        _ directory: String,
        name: String = "items.sqlite",
        configure: (inout DatabaseConfiguration) -> Void = { _ in }
    ) throws -> QuadDatabase {
        var configuration = DatabaseConfiguration.defaults(path: "\(directory)/\(name)")
        configure(&configuration)
        return try QuadDatabase(configuration: configuration, migrator: migrator)
    }

    static func insert(_ db: Database, _ name: String) throws {
        try db.execute(sql: "INSERT INTO items (name) VALUES (?)", arguments: [name])
    }

    static func names(_ database: QuadDatabase) async throws -> Set<String> {
        try await database.read { db in Set(try String.fetchAll(db, sql: "SELECT name FROM items")) }
    }
}

/// Holds a write body on the writer connection until the test opens it, so that other
/// requests queue up behind it: batching made deterministic.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let entered = Mutex(false)

    /// Called from a write body (on GRDB's writer queue, not a Swift concurrency thread).
    func block() {
        entered.withLock { $0 = true }
        semaphore.wait()
    }

    /// Waits (yielding) until a body is blocked on the gate.
    func waitUntilBlocked() async throws {
        try await Wait.until("a body blocked on the gate") { entered.withLock { $0 } }
    }

    func open() { semaphore.signal() }
}

extension QuadDatabase {
    /// Waits (yielding) until `count` write requests are queued behind the running batch.
    func waitForPendingRequests(_ count: Int) async throws {
        try await Wait.until("\(count) write requests queued") { statistics.pendingRequests >= count }
    }
}

/// A thread-safe counter that escaping closures can share.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new value.
    func increment() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }

    var current: Int { value.withLock { $0 } }
}

/// An error a test body throws on purpose.
struct DeliberateFailure: Error, Equatable {
    var name = "deliberate"
}
