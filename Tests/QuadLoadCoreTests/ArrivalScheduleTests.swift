import Testing

@testable import QuadLoadCore

@Suite("ArrivalSchedule")
struct ArrivalScheduleTests {
    @Test("a constant schedule starts at 0 and spaces arrivals exactly 1/rate apart")
    func constantSpacing() {
        // Given 1000 arrivals per second
        var schedule = ArrivalSchedule(rate: 1_000, process: .constant, seed: 1)
        // When the first 5000 arrivals are taken
        let times = (0..<5_000).map { _ in schedule.next() }
        // Then arrival n is at exactly n ms
        #expect(times == (0..<5_000).map { UInt64($0) * 1_000_000 })
    }

    @Test("a constant schedule does not drift when 1/rate is not a whole number of nanoseconds")
    func constantDoesNotDrift() {
        var schedule = ArrivalSchedule(rate: 3, process: .constant, seed: 1)
        var last: UInt64 = 0
        for _ in 0...3_000 { last = schedule.next() }
        // Arrival 3000 at 3/s is due at exactly 1000 s.
        #expect(last == 1_000_000_000_000)
    }

    @Test("a Poisson schedule is the same for the same seed and differs for another seed")
    func poissonSeeded() {
        func first(_ count: Int, seed: UInt64) -> [UInt64] {
            var schedule = ArrivalSchedule(rate: 200, process: .poisson, seed: seed)
            return (0..<count).map { _ in schedule.next() }
        }
        #expect(first(1_000, seed: 42) == first(1_000, seed: 42))
        #expect(first(1_000, seed: 42) != first(1_000, seed: 43))
    }

    @Test("Poisson gaps average 1/rate within 3% and have a coefficient of variation near 1")
    func poissonStatistics() {
        // Given 500 arrivals per second: a mean gap of 2 ms
        var schedule = ArrivalSchedule(rate: 500, process: .poisson, seed: 7)
        var previous: UInt64 = 0
        var gaps: [Double] = []
        gaps.reserveCapacity(100_000)
        for _ in 0..<100_000 {
            let time = schedule.next()
            #expect(time >= previous)
            gaps.append(Double(time - previous))
            previous = time
        }
        // Then the mean gap is within 3% of 2 ms, and the gaps are exponential (standard deviation ≈ mean)
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        let variance = gaps.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(gaps.count - 1)
        let coefficientOfVariation = variance.squareRoot() / mean
        #expect(abs(mean - 2_000_000) / 2_000_000 < 0.03)
        #expect(abs(coefficientOfVariation - 1) < 0.03)
    }
}
