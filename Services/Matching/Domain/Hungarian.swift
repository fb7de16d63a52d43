/// The assignment problem solved exactly: given a cost for each (row, column) pair, or none where the pair is
/// forbidden, pair rows with distinct columns at the least total cost.
///
/// This is the Hungarian method (Kuhn 1955, Munkres 1957) in its shortest-augmenting-path form with row and column
/// potentials (as taught by e-maxx and Jonker–Volgenant): rows are added one at a time, each by the cheapest
/// augmenting path in reduced costs, which the potentials keep non-negative. O(r²·c) for r rows and c columns,
/// r ≤ c; a matrix with more rows than columns is solved transposed. A forbidden pair is simply never an edge: when
/// a row can reach no free column, no assignment exists, and the answer says so rather than using a huge cost that
/// could overflow or be mistaken for a real one.
///
/// `Cost` is any ordered additive group: `Int`, `Int64`, or a lexicographic pair such as the batch assignment's.
public enum Hungarian {
    /// The least-cost assignment for `costs` (`costs[row][column]`, `nil` where the pair is forbidden; every row as
    /// long as the first).
    ///
    /// - Returns: each row's column. With no more rows than columns every row gets one; with more rows, every column
    ///   gets one row and the other rows `nil`. `nil` as a whole when no such assignment avoids the forbidden pairs.
    public static func minimumCostAssignment<Cost: AdditiveArithmetic & Comparable>(_ costs: [[Cost?]]) -> [Int?]? {
        let rows = costs.count
        let columns = costs.first?.count ?? 0
        precondition(costs.allSatisfy { $0.count == columns }, "every row needs a cost or nil for every column")
        if rows <= columns {
            return solve(costs, rows: rows, columns: columns)
        }
        let transposed = (0..<columns).map { column in (0..<rows).map { row in costs[row][column] } }
        guard let rowOfColumn = solve(transposed, rows: columns, columns: rows) else { return nil }
        var columnOfRow = [Int?](repeating: nil, count: rows)
        for (column, row) in rowOfColumn.enumerated() { columnOfRow[row] = column }
        return columnOfRow
    }

    /// The assignment of every row, for `rows <= columns`; indices inside are 1-based, 0 standing for "none".
    private static func solve<Cost: AdditiveArithmetic & Comparable>(
        _ costs: [[Cost?]],
        rows: Int,
        columns: Int
    ) -> [Int]? {
        guard rows > 0 else { return [] }
        var rowPotential = [Cost](repeating: .zero, count: rows + 1)
        var columnPotential = [Cost](repeating: .zero, count: columns + 1)
        var rowOfColumn = [Int](repeating: 0, count: columns + 1)  // column 0 holds the row being added
        var previousColumn = [Int](repeating: 0, count: columns + 1)  // the augmenting path, backwards
        for row in 1...rows {
            rowOfColumn[0] = row
            var column = 0
            var slack = [Cost?](repeating: nil, count: columns + 1)  // nil: not reached yet
            var inTree = [Bool](repeating: false, count: columns + 1)
            repeat {
                inTree[column] = true
                let treeRow = rowOfColumn[column]
                var delta: Cost? = nil
                var nextColumn = 0
                let treeCosts = costs[treeRow - 1]
                let treeRowPotential = rowPotential[treeRow]
                for candidate in 1...columns where !inTree[candidate] {
                    if let cost = treeCosts[candidate - 1] {
                        let reduced = cost - treeRowPotential - columnPotential[candidate]
                        if isLess(reduced, than: slack[candidate]) {
                            slack[candidate] = reduced
                            previousColumn[candidate] = column
                        }
                    }
                    if let candidateSlack = slack[candidate], isLess(candidateSlack, than: delta) {
                        delta = candidateSlack
                        nextColumn = candidate
                    }
                }
                // No column the tree can reach: the rows so far cannot all be assigned.
                guard let delta else { return nil }
                for index in 0...columns {
                    if inTree[index] {
                        rowPotential[rowOfColumn[index]] += delta
                        columnPotential[index] -= delta
                    } else if let indexSlack = slack[index] {
                        slack[index] = indexSlack - delta
                    }
                }
                column = nextColumn
            } while rowOfColumn[column] != 0
            // Flip the augmenting path that ends at the free column just reached.
            repeat {
                let previous = previousColumn[column]
                rowOfColumn[column] = rowOfColumn[previous]
                column = previous
            } while column != 0
        }
        var columnOfRow = [Int](repeating: 0, count: rows)
        for column in 1...columns where rowOfColumn[column] != 0 {
            columnOfRow[rowOfColumn[column] - 1] = column - 1
        }
        return columnOfRow
    }

    /// `value < bound`, where a missing bound is infinite.
    private static func isLess<Cost: Comparable>(_ value: Cost, than bound: Cost?) -> Bool {
        guard let bound else { return true }
        return value < bound
    }
}
