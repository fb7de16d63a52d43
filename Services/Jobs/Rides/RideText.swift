/// The checks rides' texts get beyond the core's: labels and ids people read on a map or a receipt.

/// Refuses an empty or blank text, one longer than `maximum` characters, or one holding a control character, naming
/// `field`.
func requireLabel(_ text: String, field: String, maximum: Int, _ what: String) throws(JobsError) {
    try requireIdentifier(text, field: field, what)
    try requireLength(text, field: field, maximum: maximum)
    if let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        throw .controlCharacter(field: field, scalar)
    }
}

extension JobsError {
    /// A kernel's refusal (a point off the globe, an origin that is the destination) as jobs reports it.
    init(_ error: RidesError) {
        switch error.code {
        case .invalidArgument: self.init(code: .invalidArgument, message: error.message, field: error.field)
        }
    }

    static func controlCharacter(field: String, _ scalar: Unicode.Scalar) -> JobsError {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return JobsError(
            code: .invalidArgument,
            message: "\(field) holds the control character U+\(code); write it on one line, with printable characters "
                + "only",
            field: field
        )
    }
}
