import MatchingDomain
import Testing
import QuadTestSupport

@Suite("BatchAssignment against first come first served")
struct BatchComparisonTests {
    @Test(
        "on random dorm workloads, the batch's total waiting time is never above first come first served's",
        arguments: randomSeeds
    )
    func neverWorse(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<150 {
            // Given
            let workload = BatchWorkload(using: &random, scheduledPercent: [0, 40, 80].randomElement(using: &random)!)

            // When
            let batch = try workload.batch()
            let fcfs = try workload.firstComeFirstServed()

            // Then
            #expect(batch.horizon == fcfs.horizon)
            #expect(batch.totalWaitingTime <= fcfs.totalWaitingTime)
            let busy = Set(batch.assignments.map(\.dasher))
            #expect(busy.count == batch.assignments.count)
            // No job left waiting beside an idle dasher who could take it.
            for id in batch.unassignedJobs {
                let job = try #require(workload.jobs.first { $0.id == id })
                #expect(!batch.idleDashers.contains { job.mayBeOffered(to: $0) })
            }
        }
    }

    /// Workloads per mix for the measurement: 1,000 in a release build, where the figure is taken; 100 in a debug
    /// build, where the unoptimised solver would take ten seconds and the run only shows the code still works.
    #if DEBUG
        static let workloads = 100
    #else
        static let workloads = 1_000
    #endif

    /// Prints how much less the batch waits than first come first served over ``workloads`` workloads of each mix
    /// (see ``BatchWorkload``); asserts only correctness. Run on its own with
    /// `swift test -c release --filter BatchComparisonTests/measureImprovement`.
    @Test(
        "measures the batch's improvement over first come first served (prints it; asserts only correctness)",
        .tags(.measurement)
    )
    func measureImprovement() throws {
        for scheduledPercent in [0, 40, 100] {
            var random = SeededGenerator(seed: 2_025)
            var batchTotal: Int128 = 0
            var fcfsTotal: Int128 = 0
            var ratios: [Double] = []
            var strictlyBetter = 0
            var jobs = 0
            for _ in 0..<Self.workloads {
                let workload = BatchWorkload(using: &random, scheduledPercent: scheduledPercent)
                let batch = try workload.batch()
                let fcfs = try workload.firstComeFirstServed()
                #expect(batch.totalWaitingTime <= fcfs.totalWaitingTime)
                batchTotal += batch.totalWaitingTime
                fcfsTotal += fcfs.totalWaitingTime
                jobs += workload.jobs.count
                if batch.totalWaitingTime < fcfs.totalWaitingTime { strictlyBetter += 1 }
                if fcfs.totalWaitingTime > 0 {
                    ratios.append(Double(batch.totalWaitingTime) / Double(fcfs.totalWaitingTime))
                }
            }
            let meanImprovement = 100 * (1 - ratios.reduce(0, +) / Double(ratios.count))
            let pooledImprovement = 100 * (1 - Double(batchTotal) / Double(fcfsTotal))
            let minutesPerJob = { (total: Int128) in Double(total) / Double(jobs) / Double(minute) }
            print(
                "batch vs FCFS, \(Self.workloads) workloads, \(scheduledPercent)% scheduled pickups: mean improvement "
                    + "\(rounded(meanImprovement))% per workload, \(rounded(pooledImprovement))% pooled; mean wait per "
                    + "job \(rounded(minutesPerJob(batchTotal))) vs \(rounded(minutesPerJob(fcfsTotal))) min; batch "
                    + "strictly better in \(strictlyBetter)"
            )
        }
    }

    private func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(tenths / 10)"
    }
}
