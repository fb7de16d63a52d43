public import Foundation
public import QuadLoadCore

/// What `quad-load check` reads from a call log (`--calls-jsonl`): the acknowledged writes and the feeds; the
/// calls' own lines are counted and otherwise skipped.
public struct CallLogContents: Sendable {
    /// Every `"record":"write"` line, in order.
    public var writes: [WriteRecord]
    /// Every `"record":"feed"` line, in order.
    public var feeds: [FeedRecord]
    /// How many call lines the log had.
    public var calls: Int

    /// Contents made of these records.
    public init(writes: [WriteRecord] = [], feeds: [FeedRecord] = [], calls: Int = 0) {
        self.writes = writes
        self.feeds = feeds
        self.calls = calls
    }

    /// Reads the log at `path`.
    ///
    /// - Throws: ``CheckError`` `.badCallLog` naming the path, or the line that is not a record.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CheckError(.badCallLog, "cannot read the call log \(path) (write one with quad-load --calls-jsonl)")
        }
        try self.init(data: data, name: path)
    }

    /// Reads a log's bytes; `name` names it in errors.
    public init(data: Data, name: String = "the call log") throws {
        self.init()
        let decoder = JSONDecoder()
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            let kind = try? decoder.decode(Kind.self, from: line)
            do {
                switch kind?.record {
                case "write": writes.append(try decoder.decode(WriteRecord.self, from: line))
                case "feed": feeds.append(try decoder.decode(FeedRecord.self, from: line))
                case nil where kind != nil: calls += 1
                default:
                    throw CheckError(.badCallLog, "line \(number + 1) of \(name) is not a call log line")
                }
            } catch let error as CheckError {
                throw error
            } catch {
                throw CheckError(.badCallLog, "line \(number + 1) of \(name) cannot be read: \(error)")
            }
        }
    }

    private struct Kind: Decodable {
        var record: String?
    }
}
