import Testing

@testable import QuadStorage

@Suite("GroupCommitStateMachine")
struct GroupCommitStateMachineTests {
    @Test("the first request schedules a batch, later ones join the next")
    func schedulesOnce() {
        // Given an idle writer
        var machine = GroupCommitStateMachine<Int>(maxBatchSize: 2)

        // When three requests arrive
        let first = machine.enqueue(1)
        let second = machine.enqueue(2)
        let third = machine.enqueue(3)

        // Then only the first schedules a batch
        guard case .scheduleBatch = first, case .none = second, case .none = third else {
            Issue.record("unexpected actions \(first), \(second), \(third)")
            return
        }
        // And batches are taken oldest first, bounded by maxBatchSize
        #expect(machine.nextBatch() == [1, 2])
        #expect(machine.pendingCount == 1)
        guard case .scheduleBatch = machine.batchCompleted() else {
            Issue.record("a waiting request must schedule the next batch")
            return
        }
        #expect(machine.nextBatch() == [3])
        guard case .none = machine.batchCompleted() else {
            Issue.record("an empty queue must leave the writer idle")
            return
        }
        // And once idle, a new request schedules again
        guard case .scheduleBatch = machine.enqueue(4) else {
            Issue.record("an idle writer must schedule")
            return
        }
    }

    @Test("closing returns the queued requests and refuses new ones")
    func closeRefuses() {
        // Given a running batch with two requests waiting
        var machine = GroupCommitStateMachine<Int>(maxBatchSize: 1)
        _ = machine.enqueue(1)
        _ = machine.nextBatch()
        _ = machine.enqueue(2)
        _ = machine.enqueue(3)

        // When the database closes
        let refused = machine.close()

        // Then the waiting requests are handed back and later ones are rejected
        #expect(refused == [2, 3])
        guard case .reject(4) = machine.enqueue(4) else {
            Issue.record("a closed writer must reject")
            return
        }
        #expect(machine.nextBatch().isEmpty)
    }
}
