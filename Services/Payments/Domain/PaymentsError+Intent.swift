/// Refusals of payment intent operations.
extension PaymentsError {
    /// `operation` is not allowed where `intent` stands at `now`; the message says where it stands and what to do.
    static func intentRefused(_ operation: IntentOperation, intent: PaymentIntent, now: Int64) -> PaymentsError {
        let situation: String
        switch (intent.status(at: now), operation) {
        case (.held, .expire):
            situation = "its hold runs until \(Microseconds.iso8601(intent.expiresAt))"
        case (.held, .refund):
            situation = "nothing was captured; release the hold instead"
        case (.held, .dispute):
            situation = "nothing was captured; only a captured payment can be disputed"
        case (.held, _):
            situation = "its hold has not been captured; capture it first"
        case (.captured, .capture):
            situation = "it was captured already; charge the part above the hold, with the customer's approval"
        case (.captured, .release):
            situation = "it was captured; refund it instead"
        case (.captured, .expire):
            situation = "it was captured, so its hold can no longer expire"
        case (.captured, _):
            situation = "it was captured"
        case (.released, .release):
            situation = "its hold was released already"
        case (.released, _):
            situation = "its hold was released and nothing was captured; place a new hold"
        case (.expired, .expire):
            situation = "its hold expired already"
        case (.expired, _):
            situation =
                "its hold expired at \(Microseconds.iso8601(intent.expiresAt)) and nothing was captured; "
                + "place a new hold"
        }
        return PaymentsError(
            code: .failedPrecondition,
            message: "cannot \(operation.rawValue) intent \(intent.id): \(situation)"
        )
    }

    /// A capture above the hold.
    static func captureExceedsHold(_ amount: Money, intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .outOfRange,
            message: "capture of \(amount.formatted) exceeds the \(intent.held.formatted) held on intent "
                + "\(intent.id); capture at most the hold, then charge the rest above it with the customer's approval",
            field: "amount"
        )
    }

    /// A charge above the hold that the customer did not approve.
    static func chargeNeedsApproval(_ amount: Money, intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "charging \(amount.formatted) above the \(intent.held.formatted) hold on intent \(intent.id) "
                + "needs the customer's approval; ask them, then charge again"
        )
    }

    /// A charge above the hold after a capture of less than the whole hold.
    static func chargeAfterPartialCapture(intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "cannot charge above the hold of intent \(intent.id): only \(intent.captured.formatted) of its "
                + "\(intent.held.formatted) hold was captured and the rest released; a charge above the hold only "
                + "follows a capture of the whole hold"
        )
    }

    /// A refund above what is still refundable.
    static func refundExceedsRefundable(_ amount: Money, intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .outOfRange,
            message: "refund of \(amount.formatted) exceeds the \(intent.refundable.formatted) still refundable on "
                + "intent \(intent.id) (\(intent.totalCharged.formatted) charged, \(intent.refunded.formatted) "
                + "refunded)",
            field: "amount"
        )
    }

    /// Earnings credited above what was charged and not yet credited.
    static func earningsExceedUncredited(_ amount: Money, intent: PaymentIntent) -> PaymentsError {
        PaymentsError(
            code: .outOfRange,
            message: "crediting \(amount.formatted) exceeds the \(intent.uncredited.formatted) charged and not yet "
                + "credited on intent \(intent.id)",
            field: "split"
        )
    }

    /// A stored intent whose fields contradict each other.
    static func inconsistentIntent(id: String, _ contradiction: String) -> PaymentsError {
        PaymentsError(code: .invalidArgument, message: "the stored intent \(id) is inconsistent: \(contradiction)")
    }
}
