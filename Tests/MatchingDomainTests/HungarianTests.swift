import MatchingDomain
import Testing
import QuadTestSupport

@Suite("Hungarian: optimal assignment")
struct HungarianTests {
    @Test("a textbook 3×3 instance: the diagonal is not the answer, the optimum is")
    func textbook() throws {
        // Given
        let costs: [[Int?]] = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]

        // When
        let assignment = try #require(Hungarian.minimumCostAssignment(costs))

        // Then: 1 + 2 + 2
        #expect(assignment == [1, 0, 2])
    }

    @Test("more columns than rows: every row gets a column; more rows than columns: every column gets a row")
    func rectangular() throws {
        let wide = try #require(Hungarian.minimumCostAssignment([[5, 1, 9], [1, 7, 9]] as [[Int?]]))
        #expect(wide == [1, 0])
        let tall = try #require(Hungarian.minimumCostAssignment([[5, 1], [1, 7], [0, 3]] as [[Int?]]))
        #expect(tall == [1, nil, 0])
    }

    @Test("forbidden pairs are never used, and an instance they make impossible has no answer")
    func forbidden() throws {
        let costs: [[Int?]] = [[nil, 100], [1, nil]]
        #expect(Hungarian.minimumCostAssignment(costs) == [1, 0])
        #expect(Hungarian.minimumCostAssignment([[nil, 1], [nil, 2]] as [[Int?]]) == nil)
        #expect(
            Hungarian.minimumCostAssignment([[nil, nil], [1, 2], [3, 4]] as [[Int?]])?.compactMap { $0 }.count == 2
        )
    }

    @Test("empty matrices have an empty answer")
    func empty() {
        #expect(Hungarian.minimumCostAssignment([] as [[Int?]]) == [])
        #expect(Hungarian.minimumCostAssignment([[], []] as [[Int?]]) == [nil, nil])
    }

    @Test(
        "on every shape up to 7×7, random costs (negative too) and forbidden pairs: exactly the brute-force optimum",
        arguments: randomSeeds
    )
    func againstBruteForce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var instances = 0
        for rows in 0...7 {
            for columns in 0...7 {
                for _ in 0..<20 {
                    // Given: costs from a wide range, or from a narrow one so that ties abound
                    let forbiddenPercent = [0, 15, 40].randomElement(using: &random)!
                    let range = Bool.random(using: &random) ? -20...60 : 0...3
                    let costs: [[Int?]] = (0..<rows).map { _ in
                        (0..<columns).map { _ in
                            Int.random(in: 0..<100, using: &random) < forbiddenPercent
                                ? nil : Int.random(in: range, using: &random)
                        }
                    }

                    // When
                    let assignment = Hungarian.minimumCostAssignment(costs)

                    // Then
                    if let best = bruteForceMinimum(costs) {
                        let assignment = try #require(assignment, "no answer for \(costs)")
                        #expect(total(of: assignment, in: costs) == best, "\(costs)")
                        checkValid(assignment, costs)
                    } else {
                        #expect(assignment == nil, "an answer for the impossible \(costs)")
                    }
                    instances += 1
                }
            }
        }
        #expect(instances == 8 * 8 * 20)
    }

    /// The cost of `assignment` in `costs`, or `nil` if it uses a forbidden pair.
    private func total(of assignment: [Int?], in costs: [[Int?]]) -> Int? {
        var sum = 0
        for (row, column) in assignment.enumerated() {
            guard let column else { continue }
            guard let cost = costs[row][column] else { return nil }
            sum += cost
        }
        return sum
    }

    /// Checks that `assignment` gives distinct columns and assigns as many rows as the smaller side.
    private func checkValid(_ assignment: [Int?], _ costs: [[Int?]]) {
        let columns = costs.first?.count ?? 0
        let used = assignment.compactMap { $0 }
        #expect(Set(used).count == used.count)
        #expect(used.count == min(costs.count, columns))
    }

    /// The least total over every way of matching the smaller side wholly into the larger, avoiding forbidden pairs;
    /// `nil` when there is none.
    private func bruteForceMinimum(_ costs: [[Int?]]) -> Int? {
        let rows = costs.count
        let columns = costs.first?.count ?? 0
        let transposed = rows > columns
        let matrix = transposed ? (0..<columns).map { c in (0..<rows).map { costs[$0][c] } } : costs
        let small = min(rows, columns)
        let large = max(rows, columns)
        var best: Int?
        var used = [Bool](repeating: false, count: large)
        func search(_ row: Int, _ sum: Int) {
            if row == small {
                best = min(best ?? sum, sum)
                return
            }
            for column in 0..<large where !used[column] {
                guard let cost = matrix[row][column] else { continue }
                used[column] = true
                search(row + 1, sum + cost)
                used[column] = false
            }
        }
        search(0, 0)
        return best
    }
}
