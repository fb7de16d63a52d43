/// Errands' own refusals: its request's list and times, its stages, its purchase and the buyer's agreement.
extension JobsError {
    /// A list longer than the configuration allows.
    static func tooManyItems(_ count: Int, maximum: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "items has \(count) items; an errand may list at most \(maximum), so split it into several",
            field: "items"
        )
    }

    /// A quantity outside 1...maximum.
    static func quantityOutOfRange(_ quantity: Int, field: String, maximum: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must be between 1 and \(maximum), got \(quantity)",
            field: field
        )
    }

    /// A needed-by time at or before the posting.
    static func neededByNotAfterPosting(_ neededBy: Int64, now: Int64) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "needed_by_micros \(Microseconds.iso8601(neededBy)) is not after now "
                + "(\(Microseconds.iso8601(now))); choose when the items must be delivered, later than now",
            field: "needed_by_micros"
        )
    }

    /// Maxima and fee whose sum does not fit in a charge.
    static func holdOverflows() -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "items: the quantities at their maximum prices and the delivery fee add up to more than can be "
                + "held; lower a quantity or a maximum price",
            field: "items"
        )
    }

    /// A purchase without one price per item of the list.
    static func purchaseCount(_ count: Int, items: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "lines has \(count) lines for \(items) items; give the price paid for each item of the list, in "
                + "its order, or mark it not_found",
            field: "lines"
        )
    }

    /// Prices paid and fee whose sum does not fit in a charge.
    static func purchaseOverflows() -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "lines: the items at the prices paid and the delivery fee add up to more than can be charged",
            field: "lines"
        )
    }

    /// A cancellation or a rejection of an accepted errand before the buyer agreed (E4).
    static func buyerHasNotAgreed(_ errand: Errand, _ operation: JobOperation) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(errand.id, Errands.vocabulary)): buyer \(errand.buyer ?? "") "
                + "accepted it, and after acceptance this needs the buyer's agreement; ask them to agree to cancel"
        )
    }

    /// A cancellation, a rejection or an agreement once the items were bought.
    static func afterPurchase(_ errand: Errand, _ operation: JobOperation) -> JobsError {
        let when =
            errand.timeline.last { if case .purchaseRecorded = $0.change { true } else { false } }
            .map { " at \(Microseconds.iso8601($0.at))" } ?? ""
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(errand.id, Errands.vocabulary)): the buyer bought the items\(when) "
                + "with their own money, which only delivery pays back; open a dispute after delivery instead"
        )
    }

    /// A second agreement.
    static func agreedAlready(_ errand: Errand, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.agreeToCancel.phrase(errand.id, Errands.vocabulary)): the buyer agreed "
                + "already at \(Microseconds.iso8601(at))"
        )
    }

    /// An operation of the buyer at the wrong stage: recording a purchase twice, delivering before buying.
    static func notAtStage(_ errand: Errand, _ operation: JobOperation, expected: ErrandStage) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(operation.phrase(errand.id, Errands.vocabulary)): it is at stage \(errand.stage); "
                + "this is possible only at stage \(expected)"
        )
    }

    /// An approval of a purchase that does not wait for one.
    static func nothingToApprove(_ errand: Errand) -> JobsError {
        let situation: String
        if errand.purchase == nil {
            situation = "nothing was bought yet; the buyer records the purchase at stage \(ErrandStage.bought)"
        } else if let approvedAt = errand.purchaseApprovedAt {
            situation = "its purchase was approved already at \(Microseconds.iso8601(approvedAt))"
        } else {
            situation = "every item was bought within its maximum price, so the purchase needs no approval"
        }
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.approvePurchase.phrase(errand.id, Errands.vocabulary)): \(situation)"
        )
    }

    /// A delivery while items above their maximum wait for the requester.
    static func purchaseAwaitsApproval(_ errand: Errand) -> JobsError {
        let items = errand.itemsAboveMaximum.map { "items[\($0)]" }.joined(separator: ", ")
        return JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.deliver.phrase(errand.id, Errands.vocabulary)): \(items) were bought "
                + "above their maximum price and wait for the requester's approval"
        )
    }

    static func coordinateOutOfRange(field: String, _ value: Double, range: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) must be a number of degrees in \(range), got \(value)",
            field: field
        )
    }

    static func controlCharacter(field: String, position: Int, _ scalar: Unicode.Scalar) -> JobsError {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return JobsError(
            code: .invalidArgument,
            message: "\(field) holds the control character U+\(code) at position \(position); write it on one line, "
                + "with printable characters only",
            field: field
        )
    }

    static func emoji(field: String, _ scalar: Unicode.Scalar) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "\(field) holds the emoji \(scalar); name it in words, as the store's shelf does",
            field: field
        )
    }

    static func cancellationRequestedAlready(_ errand: Errand, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.requestCancellation.phrase(errand.id, Errands.vocabulary)): you asked "
                + "already at \(Microseconds.iso8601(at)); the buyer answers with AnswerCancellation"
        )
    }

    static func noCancellationRequest(_ errand: Errand) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.declineCancellation.phrase(errand.id, Errands.vocabulary)): the requester "
                + "has not asked to cancel it"
        )
    }

    static func updateOutOfStage(_ errand: Errand, _ update: ErrandUpdateKind) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message: "cannot \(JobOperation.postUpdate.phrase(errand.id, Errands.vocabulary)) \"\(update)\": it is at "
                + "stage \(errand.stage), and \"\(update)\" is said at stage \(update.stage)"
        )
    }
}

extension JobsError {
    static func contactDetail(_ kind: String) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "text gives \(kind); keep contact details out of the chat: it is how you two reach each other "
                + "on Quad, and it stays open 7 days after the errand",
            field: "text"
        )
    }

    static func notYetNeededBy(_ errand: Errand, at: Int64) -> JobsError {
        JobsError(
            code: .failedPrecondition,
            message:
                "cannot \(JobOperation.expire.phrase(errand.id, Errands.vocabulary)) at \(Microseconds.iso8601(at)): "
                + "it is needed by \(Microseconds.iso8601(errand.request.neededBy))"
        )
    }
}
