import QuadKernel

/// A stored state matching cannot act on: a dorm's stored queue whose parts contradict each other, a row that does
/// not decode. Never the caller's fault, so INTERNAL; nothing is changed.
struct MatchingStoreError: Error, CodedError, CustomStringConvertible {
    enum Code: String {
        case `internal` = "INTERNAL"
    }

    let code = Code.internal
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
