import Foundation
import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadWire

/// Domain values to and from the wire.
enum PaymentsProtoMapping {
    static func amount(_ money: Money) -> Quad_Types_V1_Amount { Quad_Types_V1_Amount(money) }

    static func money(_ amount: Quad_Types_V1_Amount) -> Money { amount.money }

    /// A quote as the core keeps it, with the product's own quote message (``PaymentsProduct/productQuote(_:)``).
    static func quote(_ quote: Quote, productQuote: Data) -> Quad_Payments_V1_Quote {
        .with {
            $0.product = quote.product
            $0.items = quote.items.map(item)
            $0.lines = quote.lines.map(line)
            $0.total = amount(quote.total)
            $0.workerEarnings = amount(quote.split.workerTotal)
            $0.platformRevenue = amount(quote.split.platformRevenue)
            $0.final = quote.isFinal
            $0.productQuote = productQuote
        }
    }

    /// A line with its code; a product's mapping adds what its own enum says of it.
    static func line(_ line: QuoteLine) -> Quad_Payments_V1_QuoteLine {
        .with {
            $0.code = line.code
            $0.description_p = line.description
            $0.amount = amount(line.amount)
        }
    }

    static func item(_ item: QuoteItem) -> Quad_Payments_V1_QuoteItem {
        .with {
            $0.code = item.code
            $0.quantity = UInt32(clamping: item.quantity)
            if let price = item.amount { $0.amount = amount(price) }
        }
    }

    /// The items of a request, checked (``PaymentsDomain/QuoteItem/validate(field:)``), naming each as
    /// `<field>[<index>]`; an amount's currency must be a currency code.
    static func items(_ wire: [Quad_Payments_V1_QuoteItem], field: String) throws(PaymentsError) -> [QuoteItem] {
        var items: [QuoteItem] = []
        for (index, entry) in wire.enumerated() {
            let name = "\(field)[\(index)]"
            let price = entry.hasAmount ? money(entry.amount) : nil
            if let price, !Money.isValidCurrencyCode(price.currency) {
                throw .invalidCurrency(field: "\(name).amount.currency", code: price.currency)
            }
            let item = QuoteItem(code: entry.code, quantity: Int(entry.quantity), amount: price)
            try item.validate(field: name)
            items.append(item)
        }
        return items
    }

    static func paymentMethod(_ method: StoredPaymentMethod) -> Quad_Payments_V1_PaymentMethod {
        .with {
            $0.paymentMethodID = method.id
            $0.label = method.label
            $0.brand = method.brand
            $0.lastDigits = method.lastDigits
            $0.addedAtMicros = method.addedAt
        }
    }

    /// An intent as the wire shows it; `captured` is everything charged, the charge above the hold included.
    static func intent(_ intent: PaymentIntent, jobID: String, at now: Int64) -> Quad_Payments_V1_PaymentIntent {
        .with {
            $0.paymentIntentID = intent.id
            $0.customerID = intent.customer
            $0.jobID = jobID
            $0.status =
                switch intent.status(at: now) {
                case .held: .held
                case .captured where intent.refunded.isPositive && intent.refundable.isZero: .refunded
                case .captured: .captured
                case .released: .released
                case .expired: .expired
                }
            $0.held = amount(intent.held)
            $0.captured = amount(intent.totalCharged)
            $0.refunded = amount(intent.refunded)
            $0.placedAtMicros = intent.placedAt
            $0.expiresAtMicros = intent.expiresAt
        }
    }

    static func disputeReason(_ reason: Quad_Jobs_V1_DisputeReason) -> Dispute.Reason? {
        switch reason {
        case .stolenItems: .stolenItems
        case .damagedItems: .damagedItems
        case .notDone: .notDone
        case .unspecified, .UNRECOGNIZED: nil
        }
    }

    static func dispute(_ record: DisputeRecord, currency: String) -> Quad_Payments_V1_Dispute {
        let dispute = record.dispute
        return .with {
            $0.disputeID = dispute.id
            $0.jobID = record.jobID
            $0.paymentIntentID = dispute.paymentIntentID
            $0.customerID = record.customerID
            $0.reason = dispute.reason.rawValue
            $0.description_p = dispute.description
            $0.evidenceDocumentIds = dispute.evidenceDocumentIDs
            $0.openedAtMicros = dispute.openedAt
            $0.deadlineMicros = dispute.deadline
            $0.outcome =
                switch record.outcome {
                case .refundAll: .refundAll
                case .refundPart: .refundPart
                case .refundNothing: .refundNothing
                case nil: .unspecified
                }
            switch dispute.status {
            case .open:
                $0.status = .open
                $0.refunded = amount(.zero(currency))
            case .closed(let resolution, let at):
                $0.status = .resolved
                $0.resolvedAtMicros = at
                if case .refunded(let refunded) = resolution {
                    $0.refunded = amount(refunded)
                } else {
                    $0.refunded = amount(.zero(currency))
                }
            }
        }
    }

    /// A transfer's receipt, answered at `now`; `payment_method_id` is empty when the balance paid.
    static func transferReceipt(_ record: TransferRecord, at now: Int64) -> Quad_Payments_V1_TransferReceipt {
        .with {
            $0.transferID = record.transfer.id
            $0.fromUserID = record.transfer.fromUser
            $0.toUserID = record.transfer.toUser
            $0.amount = amount(record.transfer.amount)
            $0.memo = record.memo
            $0.atMicros = now
            $0.paymentMethodID = record.paymentMethodID
        }
    }

    static func payout(_ record: PayoutRecord) -> Quad_Payments_V1_Payout {
        .with {
            $0.payoutID = record.payout.id
            $0.amount = amount(record.payout.amount)
            $0.status =
                switch record.status {
                case .inTransit: .inTransit
                case .paid: .paid
                case .failed: .failed
                }
            $0.failureReason = record.failureReason
            $0.requestedAtMicros = record.payout.requestedAt
            $0.settledAtMicros = record.settledAt ?? 0
        }
    }
}
