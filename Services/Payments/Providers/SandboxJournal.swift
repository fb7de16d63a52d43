import Foundation
import PaymentsDomain

/// The sandbox's state on disk: an append-only file of JSON lines, each the changes one provider call made (holds,
/// payments, stored answers, flaky keys seen, the id counter). Opening it replays every line in order, the last
/// write of a hold, payment or answer winning, so a sandbox opened on the same file after its process was killed
/// knows what the first one did, as a real processor outlives the service that calls it.
///
/// Lines are written with one `write` each and never fsynced: the case this is for is a process killed while the
/// machine keeps running, and a killed process's writes are already in the kernel's page cache. A line cut short
/// (the machine itself lost power) cannot be decoded and is skipped, which loses at most that call's changes, as a
/// sandbox account may.
final class SandboxJournal {
    /// One change of the sandbox's state.
    enum Record: Codable, Sendable {
        /// A hold as it now stands.
        case hold(id: String, amount: Money, paymentMethod: String, expiresAt: Int64, settled: Bool)
        /// A capture or charge as it now stands.
        case payment(id: String, amount: Money, refunded: Money)
        /// The answer stored for an idempotency slot (`operation:key`).
        case answer(slot: String, parameters: String, answer: StoredAnswer)
        /// A flaky token's first attempt under this key was seen.
        case flakyKey(key: String)
        /// The id counter's new value.
        case nextID(value: Int)
        /// A payout sent (its settlement follows from the time it was sent and its bank account).
        case payout(id: String, amount: Money, bankAccount: String, sentAt: Int64)
    }

    /// A provider answer as the journal keeps it: an authorisation, a receipt or a decline.
    struct StoredAnswer: Codable, Sendable, Hashable {
        enum Kind: String, Codable, Sendable {
            case authorization
            case receipt
            case declined
        }

        var kind: Kind
        var id: String = ""
        var amount: Money?
        /// The receipt's time or the authorisation's expiry.
        var at: Int64 = 0
        var declineCode: String?
        var message: String?
    }

    private let handle: FileHandle
    private let encoder: JSONEncoder

    /// Opens (or creates) the journal at `path` and returns it with the records already in it, oldest first.
    ///
    /// - Throws: the file system's error when the file cannot be created, read or opened for appending.
    static func open(path: String) throws -> (journal: SandboxJournal, records: [Record]) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let contents = try Data(contentsOf: URL(fileURLWithPath: path))
        let decoder = JSONDecoder()
        var records: [Record] = []
        for line in contents.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            // A line that does not decode was cut short: see the type's summary.
            guard let batch = try? decoder.decode([Record].self, from: Data(line)) else { continue }
            records.append(contentsOf: batch)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        try handle.seekToEnd()
        if let last = contents.last, last != UInt8(ascii: "\n") {
            // End the cut line, so the next one starts on its own.
            try handle.write(contentsOf: Data([UInt8(ascii: "\n")]))
        }
        return (SandboxJournal(handle: handle), records)
    }

    private init(handle: FileHandle) {
        self.handle = handle
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
    }

    deinit {
        try? handle.close()
    }

    /// Appends `records` as one line.
    func append(_ records: [Record]) throws {
        var line = try encoder.encode(records)
        line.append(UInt8(ascii: "\n"))
        try handle.write(contentsOf: line)
    }
}
