import Foundation
import GRDB
import QuadStorage
import Testing

@Suite("Group commit")
struct GroupCommitWriterTests {
    @Test("50 concurrent writers commit in 2 transactions and a failing one rolls back alone")
    func fiftyConcurrentWriters() async throws {
        try await withTemporaryDirectory { directory in
            // Given a database whose writer is held busy by a first request
            let database = try ItemsSchema.open(directory)
            let gate = Gate()
            let failures = try await withThrowingTaskGroup(of: Int?.self) { group in
                group.addTask {
                    try await database.write { db in
                        gate.block()
                        try ItemsSchema.insert(db, "item-0")
                    }
                    return nil
                }
                try await gate.waitUntilBlocked()

                // When 49 more writers queue meanwhile, and item 17's throws
                for index in 1..<50 {
                    group.addTask {
                        do {
                            try await database.write { db in
                                try ItemsSchema.insert(db, "item-\(index)")
                                if index == 17 { throw DeliberateFailure() }
                            }
                            return nil
                        } catch is DeliberateFailure {
                            return index
                        }
                    }
                }
                try await database.waitForPendingRequests(49)
                gate.open()
                return try await group.reduce(into: [Int]()) { failures, index in
                    if let index { failures.append(index) }
                }
            }

            // Then only item 17's caller failed and its row is absent, the 49 others are committed
            #expect(failures == [17])
            let expected = Set((0..<50).filter { $0 != 17 }.map { "item-\($0)" })
            #expect(try await ItemsSchema.names(database) == expected)
            // And 50 requests took 2 transactions: the gated one, then one batch of 49
            let statistics = database.statistics
            #expect(statistics.transactionsCommitted == 2)
            #expect(statistics.requestsCommitted == 49)
            #expect(statistics.requestsFailed == 1)
            try database.close()
        }
    }

    @Test("a request that wrote rows and then threw rolls back only its own rows")
    func failureRollsBackOnlyItsOwnWrites() async throws {
        try await withTemporaryDirectory { directory in
            // Given three requests queued into one batch behind a gated one
            let database = try ItemsSchema.open(directory)
            let gate = Gate()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await database.write { _ in gate.block() } }
                try await gate.waitUntilBlocked()
                group.addTask { try await database.write { db in try ItemsSchema.insert(db, "before") } }
                try await database.waitForPendingRequests(1)
                group.addTask {
                    // When the middle one writes two rows and then throws
                    let error = await #expect(throws: DeliberateFailure.self) {
                        try await database.write { db in
                            try ItemsSchema.insert(db, "doomed-1")
                            try ItemsSchema.insert(db, "doomed-2")
                            throw DeliberateFailure(name: "after two rows")
                        }
                    }
                    // Then its caller gets its own error
                    #expect(error == DeliberateFailure(name: "after two rows"))
                }
                try await database.waitForPendingRequests(2)
                group.addTask { try await database.write { db in try ItemsSchema.insert(db, "after") } }
                try await database.waitForPendingRequests(3)
                gate.open()
                try await group.waitForAll()
            }

            // And its rows are gone while its neighbours' rows, in the same transaction, are committed
            #expect(try await ItemsSchema.names(database) == ["before", "after"])
            #expect(database.statistics.transactionsCommitted == 2)
            try database.close()
        }
    }

    @Test("a batch holds at most maxBatchSize requests")
    func batchesAreBounded() async throws {
        try await withTemporaryDirectory { directory in
            // Given a writer with batches of 4, held busy by a first request
            let database = try ItemsSchema.open(directory) { $0.maxBatchSize = 4 }
            let gate = Gate()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await database.write { _ in gate.block() } }
                try await gate.waitUntilBlocked()

                // When 10 requests queue meanwhile
                for index in 0..<10 {
                    group.addTask { try await database.write { db in try ItemsSchema.insert(db, "item-\(index)") } }
                }
                try await database.waitForPendingRequests(10)
                gate.open()
                try await group.waitForAll()
            }

            // Then they commit in batches of 4, 4 and 2: 3 transactions after the gated one
            #expect(database.statistics.transactionsCommitted == 4)
            #expect(database.statistics.requestsCommitted == 11)
            #expect(try await ItemsSchema.names(database).count == 10)
            try database.close()
        }
    }

    @Test("a write returns its body's value")
    func returnsValue() async throws {
        try await withTemporaryDirectory { directory in
            // Given a database
            let database = try ItemsSchema.open(directory)

            // When a write returns the inserted row id
            let id = try await database.write { db -> Int64 in
                try ItemsSchema.insert(db, "a")
                return db.lastInsertedRowID
            }

            // Then the caller gets it
            let stored = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM items") }
            #expect(stored == id)
            try database.close()
        }
    }

    @Test("a write whose body returns nil commits like any other")
    func nilResultCommits() async throws {
        try await withTemporaryDirectory { directory in
            // Given a database
            let database = try ItemsSchema.open(directory)

            // When a write inserts a row and returns nil
            let result = try await database.write { db -> String? in
                try ItemsSchema.insert(db, "a")
                return nil
            }

            // Then the caller gets nil and the row is committed
            #expect(result == nil)
            #expect(try await ItemsSchema.names(database) == ["a"])
            #expect(database.statistics.requestsCommitted == 1)
            try database.close()
        }
    }
}
