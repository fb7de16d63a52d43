import QuadKernel
import Foundation
public import QuadLoadCore
import QuadDynamicMessages
import Synchronization

/// `--calls-jsonl FILE`: one JSON line per call, with its trace id, so a slow call can be found in
/// the services' logs:
///
/// ```json
/// {"journey":"laundry-customer","method":"jobs.SubmitLaundryJob","intended_ms":5012.331,"sent_ms":5012.402,
///  "latency_ms":41.2,"uncorrected_ms":41.13,"status":"OK","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"}
/// ```
///
/// and, for `quad-load check`, one line per acknowledged write (``WriteRecord``, `"record":"write"`) and one per
/// feed a journey held (``FeedRecord``, `"record":"feed"`). A call's line has no `record` key.
///
/// Lines are buffered and written in batches of 64 KiB; ``close()`` writes the rest.
public final class CallLog: Sendable {
    private let handle: FileHandle
    private let buffer = Mutex(Data())

    /// Creates (or truncates) the file at `path`.
    ///
    /// - Throws: ``JourneyError`` naming the path when it cannot be created.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw JourneyError("cannot create the call log \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw JourneyError("cannot open the call log \(path) for writing")
        }
        self.handle = handle
    }

    /// Appends the line of one acknowledged write.
    public func write(_ record: WriteRecord) { append(record) }

    /// Appends the line of one feed, once the journey let go of it.
    public func write(_ record: FeedRecord) { append(record) }

    private func append(_ record: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var line = try? encoder.encode(record) else { return }
        line.append(UInt8(ascii: "\n"))
        append(line: line)
    }

    /// Appends the line of one call.
    public func write(_ sample: CallSample, journey: String, traceID: String) {
        func ms(_ nanos: UInt64) -> String { String(format: "%.3f", Double(nanos) / 1e6) }
        let line =
            "{\"journey\":\(JSONString.quoted(journey)),\"method\":\(JSONString.quoted(sample.name)),"
            + "\"intended_ms\":\(ms(sample.intended)),\"sent_ms\":\(ms(sample.sent)),"
            + "\"latency_ms\":\(ms(sample.correctedNanoseconds)),\"uncorrected_ms\":\(ms(sample.uncorrectedNanoseconds)),"
            + "\"status\":\(JSONString.quoted(sample.status)),\"trace_id\":\(JSONString.quoted(traceID))}\n"
        append(line: Data(line.utf8))
    }

    private func append(line: Data) {
        let full = buffer.withLock { buffer -> Data? in
            buffer.append(line)
            guard buffer.count >= 65_536 else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let full { handle.write(full) }
    }

    /// Writes what is buffered and closes the file.
    public func close() {
        let rest = buffer.withLock { buffer in
            defer { buffer.removeAll() }
            return buffer
        }
        handle.write(rest)
        try? handle.close()
    }
}
