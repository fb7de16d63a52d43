/// Refusals of malformed input, shared by every operation of every product.
extension JobsError {
    /// A required text field is empty or blank.
    public static func missing(field: String, _ what: String) -> JobsError {
        JobsError(code: .invalidArgument, message: "\(field) is required: \(what)", field: field)
    }

    /// A text over its limit.
    public static func tooLong(field: String, length: Int, maximum: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) has \(length) characters; shorten it to at most \(maximum)",
            field: field
        )
    }

    /// A currency code that is not three capital letters.
    static func invalidCurrency(field: String, code: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field): \"\(code)\" is not an ISO 4217 currency code; use three capital letters, e.g. USD",
            field: field
        )
    }

    /// An amount in another currency than the job's estimate.
    static func wrongCurrency(field: String, amount: Money, expected: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field): \(amount.formatted) is not in \(expected), the currency of the job's estimate",
            field: field
        )
    }

    /// An amount that must be above zero is not.
    package static func notPositive(field: String, _ amount: Money) -> JobsError {
        JobsError(code: .invalidArgument, message: "\(field) must be above zero, got \(amount.formatted)", field: field)
    }

    /// An amount that must not be negative is.
    package static func negative(field: String, _ amount: Money) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must not be negative, got \(amount.formatted)",
            field: field
        )
    }

    /// An assignment of the customer to their own job.
    static func workerIsCustomer(_ words: JobVocabulary) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message:
                "\(words.workerField) names the \(words.job)'s \(words.customer); a \(words.customer) cannot be the "
                + "\(words.worker) of their own \(words.job)",
            field: words.workerField
        )
    }

    /// A rating outside 0...5.
    static func starsOutOfRange(_ stars: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "stars must be between \(JobReview.allowedStars.lowerBound) and "
                + "\(JobReview.allowedStars.upperBound), got \(stars)",
            field: "stars"
        )
    }

    /// More evidence documents than allowed.
    static func tooManyEvidenceDocuments(_ count: Int, maximum: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "evidence_document_ids has \(count) documents; a dispute may name at most \(maximum)",
            field: "evidence_document_ids"
        )
    }

    /// An evidence document named twice.
    static func repeatedEvidenceDocument(_ documentID: String, index: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "evidence_document_ids[\(index)]: document \(documentID) is named already; name each once",
            field: "evidence_document_ids[\(index)]"
        )
    }
}

extension Money {
    /// Refuses an amount whose currency code is malformed or that is not above zero, naming `field`.
    package func requirePositive(field: String) throws(JobsError) {
        guard Money.isValidCurrencyCode(currency) else {
            throw .invalidCurrency(field: "\(field).currency", code: currency)
        }
        guard isPositive else { throw .notPositive(field: field, self) }
    }

    /// Refuses an amount with a malformed currency code or not in `expected`, naming `field`.
    package func requireCurrency(_ expected: String, field: String) throws(JobsError) {
        guard Money.isValidCurrencyCode(currency) else {
            throw .invalidCurrency(field: "\(field).currency", code: currency)
        }
        guard currency == expected else { throw .wrongCurrency(field: field, amount: self, expected: expected) }
    }
}

/// Refuses an empty or blank identifier, naming `field`.
package func requireIdentifier(_ value: String, field: String, _ what: String) throws(JobsError) {
    guard !value.isEmpty, !value.allSatisfy(\.isWhitespace) else { throw .missing(field: field, what) }
}

/// Refuses a text longer than `maximum` characters, naming `field`.
package func requireLength(_ text: String, field: String, maximum: Int) throws(JobsError) {
    let length = text.count
    guard length <= maximum else { throw .tooLong(field: field, length: length, maximum: maximum) }
}
