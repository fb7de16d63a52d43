import Foundation
import QuadContracts
import QuadServiceKit
import QuadWire

/// The checks of free text and named documents that the three households services share.
enum HouseholdsInput {
    /// `value` is set, or INVALID_ARGUMENT naming `field`.
    static func requireID(_ value: String, _ field: String, _ what: String) throws {
        guard !value.isEmpty else { throw RPCError(code: .invalidArgument, message: "\(field): name the \(what)") }
    }

    /// `raw` trimmed, when it has 1 to `limit` characters and no control characters; else INVALID_ARGUMENT saying
    /// `refusal` (which names the field).
    static func line(_ raw: String, limit: Int, refusal: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= limit,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw RPCError(code: .invalidArgument, message: refusal) }
        return text
    }
}
