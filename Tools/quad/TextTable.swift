/// Rows of text printed as aligned columns, for `quad certs` and `quad up`.
struct TextTable: Sendable {
    /// The column titles; empty for a table without a header line.
    var header: [String]
    /// The rows; a short row leaves its last columns empty.
    var rows: [[String]]

    /// Creates a table.
    init(header: [String] = [], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    /// The lines of the table: each column as wide as its widest cell plus two spaces, no trailing blanks.
    var lines: [String] {
        let all = header.isEmpty ? rows : [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return all.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            return line
        }
    }

    /// The table as one string ending in a newline, or empty when there are no lines.
    var text: String {
        lines.map { $0 + "\n" }.joined()
    }
}
