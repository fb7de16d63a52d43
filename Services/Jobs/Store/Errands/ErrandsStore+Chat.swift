import Foundation
import GRDB
import QuadContracts
import QuadServiceKit
import QuadStorage

/// An errand's chat (E6): messages numbered 1, 2, 3... per errand, each sent to both people's feeds as it is stored.
extension ErrandsStore {
    /// Stores `text` from `sender` as the errand's next message at `at`, and logs it for `recipients`' feeds.
    static func appendMessage(
        errandID: String,
        sender: String,
        text: String,
        at: Int64,
        recipients: [String],
        _ db: Database
    ) throws -> Quad_Jobs_V1_ErrandMessage {
        let last = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT MAX(sequence) FROM errand_message WHERE errand_id = ?"),
            arguments: [errandID]
        )
        let sequence = (last ?? 0) + 1
        try db.cachedStatement(
            sql: "INSERT INTO errand_message (errand_id, sequence, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [errandID, sequence, sender, text, at])
        let message = Quad_Jobs_V1_ErrandMessage.with {
            $0.errandID = errandID
            $0.sequence = UInt64(sequence)
            $0.senderID = sender
            $0.text = text
            $0.sentAtMicros = at
        }
        let payload = try Quad_Jobs_V1_ErrandMessagePosted.with { $0.message = message }.serializedData()
        for user in recipients {
            try EventLog.append(
                db,
                userID: user,
                type: Quad_Jobs_V1_ErrandMessagePosted.protoMessageName,
                payload: payload,
                occurredAt: Date(micros: at)
            )
        }
        return message
    }

    /// Up to `limit` messages of the errand after sequence `after`, oldest first, and the sequence to go on from.
    static func messages(
        errandID: String,
        after: Int64,
        limit: Int,
        _ db: Database
    ) throws -> (messages: [Quad_Jobs_V1_ErrandMessage], next: Int64?) {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT sequence, sender_id, text, sent_at FROM errand_message
                    WHERE errand_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
                    """
            ),
            arguments: [errandID, after, limit + 1]
        )
        let page = rows.prefix(limit).map { row in
            Quad_Jobs_V1_ErrandMessage.with {
                $0.errandID = errandID
                $0.sequence = UInt64(row["sequence"] as Int64)
                $0.senderID = row["sender_id"]
                $0.text = row["text"]
                $0.sentAtMicros = row["sent_at"]
            }
        }
        let next: Int64? = rows.count > limit ? rows[limit - 1]["sequence"] : nil
        return (Array(page), next)
    }
}
