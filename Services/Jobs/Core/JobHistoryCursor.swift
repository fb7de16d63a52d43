/// Where a page of someone's job history ended (L12), for any product: histories are newest first, by submission
/// time and then id, so the next page is every job before the last one shown.
///
/// Clients get it as an opaque ``token`` (`next_page_token`) and send it back (`page_token`); the token is the
/// cursor's fields in hex, so a client has nothing to parse and a store has nothing to decode but two values.
public struct JobHistoryCursor: Sendable, Hashable {
    /// When the last job shown was submitted (UTC microseconds).
    public var submittedAt: Int64
    /// Its id.
    public var jobID: String

    /// Creates a cursor after the job submitted at `submittedAt` with `jobID`.
    public init(submittedAt: Int64, jobID: String) {
        self.submittedAt = submittedAt
        self.jobID = jobID
    }

    /// The opaque token clients send back.
    public var token: String {
        let digits = Array("0123456789abcdef")
        return String("\(submittedAt):\(jobID)".utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    /// The cursor a client sent back as `token` in `field`.
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming `field` when `token` is not one this type made.
    public init(token: String, field: String = "page_token") throws(JobsError) {
        let malformed = JobsError(
            code: .invalidArgument,
            message: "\(field) is not a token from a previous answer's next_page_token; send that, or nothing for "
                + "the first page",
            field: field
        )
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in token.utf8 {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            default: throw malformed
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil, let text = String(validating: bytes, as: UTF8.self),
            let colon = text.firstIndex(of: ":"),
            let submittedAt = Int64(text[..<colon])
        else { throw malformed }
        let jobID = String(text[text.index(after: colon)...])
        guard !jobID.isEmpty else { throw malformed }
        self.init(submittedAt: submittedAt, jobID: jobID)
    }
}
