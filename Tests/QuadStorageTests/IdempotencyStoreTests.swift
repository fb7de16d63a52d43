import Foundation
import GRDB
import QuadStorage
import Testing

@Suite("Idempotency and inbox")
struct IdempotencyStoreTests {
    private let hashA = Data([0xA1, 0xA2])
    private let hashB = Data([0xB1, 0xB2])

    @Test("a repeat returns the stored answer without running the command again")
    func repeatReturnsStoredAnswer() async throws {
        try await withTemporaryDirectory { directory in
            // Given a command that ran once under key k
            let database = try ItemsSchema.open(directory)
            let runs = Counter()
            let hash = hashA
            let first = try await database.idempotent(scope: "items/Create", key: "k", requestHash: hash) { db in
                try ItemsSchema.insert(db, "item-\(runs.increment())")
                return Data("created #\(runs.current)".utf8)
            }

            // When it is repeated with the same key and parameters
            let second = try await database.idempotent(scope: "items/Create", key: "k", requestHash: hash) { db in
                try ItemsSchema.insert(db, "item-\(runs.increment())")
                return Data("created #\(runs.current)".utf8)
            }

            // Then the first answer comes back and the command ran once
            #expect(second == first)
            #expect(String(decoding: second, as: UTF8.self) == "created #1")
            #expect(runs.current == 1)
            #expect(try await ItemsSchema.names(database) == ["item-1"])
            try database.close()
        }
    }

    @Test("the same key with different parameters is refused")
    func differentParametersConflict() async throws {
        try await withTemporaryDirectory { directory in
            // Given a command recorded under key k
            let database = try ItemsSchema.open(directory)
            let (hashA, hashB) = (self.hashA, self.hashB)
            _ = try await database.idempotent(scope: "items/Create", key: "k", requestHash: hashA) { _ in
                Data("a".utf8)
            }

            // When k is used again with other parameters
            let error = await #expect(throws: IdempotencyConflictError.self) {
                try await database.idempotent(scope: "items/Create", key: "k", requestHash: hashB) { _ in
                    Data("b".utf8)
                }
            }

            // Then the error names the key and says what to do
            #expect(error?.key == "k")
            let expected =
                "idempotency-key 'k' was first used with different parameters; use a new key for a different request"
            #expect(error?.message == expected)
            try database.close()
        }
    }

    @Test("the same key in different scopes does not collide")
    func scopesAreSeparate() async throws {
        try await withTemporaryDirectory { directory in
            // Given key k used in one scope
            let database = try ItemsSchema.open(directory)
            let (hashA, hashB) = (self.hashA, self.hashB)
            let create = try await database.idempotent(scope: "items/Create", key: "k", requestHash: hashA) { _ in
                Data("create".utf8)
            }

            // When k is used in another scope with other parameters
            let delete = try await database.idempotent(scope: "items/Delete", key: "k", requestHash: hashB) { _ in
                Data("delete".utf8)
            }

            // Then each scope keeps its own answer
            #expect(String(decoding: create, as: UTF8.self) == "create")
            #expect(String(decoding: delete, as: UTF8.self) == "delete")
            try database.close()
        }
    }

    @Test("lookup finds nothing for a new key and the recorded response after record")
    func lookupAndRecord() async throws {
        try await withTemporaryDirectory { directory in
            // Given an empty store
            let database = try ItemsSchema.open(directory)
            let hash = hashA
            let (before, after) = try await database.write { db in
                // When a response is recorded between two lookups
                let before = try IdempotencyStore.lookup(db, scope: "s", key: "k", requestHash: hash)
                try IdempotencyStore.record(db, scope: "s", key: "k", requestHash: hash, response: Data([1, 2, 3]))
                let after = try IdempotencyStore.lookup(db, scope: "s", key: "k", requestHash: hash)
                return (before, after)
            }

            // Then the first finds nothing and the second the response
            #expect(before == nil)
            #expect(after == Data([1, 2, 3]))
            try database.close()
        }
    }

    @Test("receiveOnce accepts a key once per source")
    func inboxReceivesOnce() async throws {
        try await withTemporaryDirectory { directory in
            // Given an empty inbox
            let database = try ItemsSchema.open(directory)

            // When the same key arrives twice from jobs and once from households
            let results = try await database.write { db in
                [
                    try Inbox.receiveOnce(db, source: "jobs", key: "k"),
                    try Inbox.receiveOnce(db, source: "jobs", key: "k"),
                    try Inbox.receiveOnce(db, source: "households", key: "k"),
                ]
            }

            // Then only the repeat is refused
            #expect(results == [true, false, true])
            try database.close()
        }
    }

    @Test("a key claimed by a write that failed can be received again")
    func inboxClaimRollsBackWithTheEffect() async throws {
        try await withTemporaryDirectory { directory in
            // Given a write that claims a key and then fails to apply its effect
            let database = try ItemsSchema.open(directory)
            await #expect(throws: DeliberateFailure.self) {
                try await database.write { db in
                    _ = try Inbox.receiveOnce(db, source: "jobs", key: "k")
                    throw DeliberateFailure()
                }
            }

            // When the message is redelivered
            let accepted = try await database.write { db in try Inbox.receiveOnce(db, source: "jobs", key: "k") }

            // Then it is processed, since nothing was applied the first time
            #expect(accepted)
            try database.close()
        }
    }
}
