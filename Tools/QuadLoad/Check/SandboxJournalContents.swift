import Foundation

/// What the payments sandbox's journal (`payments-sandbox.jsonl`, next to payments' database) says the card network
/// did: every capture (`sbx_cap_…`) and charge (`sbx_ch_…`) as it now stands, and every stored answer by its
/// idempotency slot (`operation:key`). Each line is an array of changes; the last write of a payment wins, as when
/// the sandbox replays it.
public struct SandboxJournalContents: Sendable {
    /// A capture or a charge: its amount and what was refunded of it, in minor units.
    public struct Payment: Sendable, Hashable {
        public var id: String
        public var amountMinor: Int64
        public var refundedMinor: Int64
    }

    /// A receipt answer under an idempotency slot, with the parameters it was asked with.
    public struct Answer: Sendable, Hashable {
        public var slot: String
        public var parameters: String
        public var receiptID: String
    }

    /// Every capture and charge by id.
    public var payments: [String: Payment] = [:]
    /// Every receipt answer, in the order written (a slot may appear more than once: the same answer rewritten).
    public var answers: [Answer] = []

    /// Empty contents.
    public init() {}

    /// Reads the journal at `path`; `nil` when there is none (a sandbox without a journal: tests).
    public init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            // A line cut short (the machine lost power) is skipped, as the sandbox skips it.
            guard let changes = try? JSONSerialization.jsonObject(with: line) as? [[String: Any]] else { continue }
            for change in changes {
                if let payment = change["payment"] as? [String: Any], let id = payment["id"] as? String {
                    payments[id] = Payment(
                        id: id,
                        amountMinor: Self.minor(payment["amount"]),
                        refundedMinor: Self.minor(payment["refunded"])
                    )
                } else if let answer = change["answer"] as? [String: Any],
                    let stored = answer["answer"] as? [String: Any], stored["kind"] as? String == "receipt",
                    let slot = answer["slot"] as? String, let id = stored["id"] as? String
                {
                    answers.append(
                        Answer(slot: slot, parameters: answer["parameters"] as? String ?? "", receiptID: id)
                    )
                }
            }
        }
    }

    private static func minor(_ amount: Any?) -> Int64 {
        ((amount as? [String: Any])?["minorUnits"] as? NSNumber)?.int64Value ?? 0
    }
}
