import HouseholdsDomain
import QuadContracts
import QuadKernel
import QuadServiceKit

/// Expenses' rows to and from households.proto's messages.
enum ExpensesProtoMapping {
    static func expense(_ record: ExpenseRecord) -> Quad_Households_V1_Expense {
        .with {
            $0.expenseID = record.id
            $0.householdID = record.householdID
            $0.description_p = record.description
            $0.paidBy = record.paidBy
            $0.amount = Quad_Types_V1_Amount(record.amount)
            $0.method = method(record.split.method)
            $0.shares = record.shares.map(share)
            $0.parts = record.split.parts.map { part in
                .with {
                    $0.memberID = part.memberID
                    $0.amount = Quad_Types_V1_Amount(part.amount)
                }
            }
            $0.receiptDocumentID = record.receiptDocumentID ?? ""
            $0.spentAtMicros = record.spentAt
            $0.createdBy = record.createdBy
            $0.createdAtMicros = record.createdAt
            $0.billID = record.billID ?? ""
            $0.version = UInt32(record.version)
            $0.deleted = record.isDeleted
        }
    }

    static func bill(_ record: BillRecord) -> Quad_Households_V1_Bill {
        .with {
            $0.billID = record.id
            $0.householdID = record.householdID
            $0.description_p = record.description
            $0.payerID = record.payerID
            $0.amount = Quad_Types_V1_Amount(record.amount)
            $0.method = method(record.method)
            $0.shares = record.shares.map(share)
            $0.dayOfMonth = UInt32(record.schedule.dayOfMonth)
            $0.nextDueAtMicros = record.nextDueAt
            $0.reminderDays = UInt32(record.schedule.reminderDays)
            $0.active = record.active
            $0.createdBy = record.createdBy
            $0.createdAtMicros = record.createdAt
        }
    }

    static func settlement(_ record: SettlementRecord) -> Quad_Households_V1_Settlement {
        .with {
            $0.settlementID = record.id
            $0.householdID = record.householdID
            $0.fromUserID = record.fromID
            $0.toUserID = record.toID
            $0.amount = Quad_Types_V1_Amount(record.amount)
            $0.method = record.method == .cash ? .cash : .inApp
            $0.state =
                switch record.state {
                case .pending: .pending
                case .completed: .completed
                case .failed: .failed
                }
            $0.transferID = record.transferID ?? ""
            $0.failure = record.failure ?? ""
            $0.recordedBy = record.recordedBy
            $0.createdAtMicros = record.createdAt
            $0.requestID = record.requestID ?? ""
        }
    }

    static func paymentRequest(_ record: PaymentRequestRecord) -> Quad_Households_V1_PaymentRequest {
        .with {
            $0.requestID = record.id
            $0.householdID = record.householdID
            $0.fromUserID = record.fromID
            $0.toUserID = record.toID
            $0.amount = Quad_Types_V1_Amount(record.amount)
            $0.note = record.note
            $0.createdAtMicros = record.createdAt
            $0.settlementID = record.settlementID ?? ""
        }
    }

    static func share(_ share: SplitShare) -> Quad_Households_V1_SplitShare {
        .with {
            $0.memberID = share.memberID
            $0.value = share.value
        }
    }

    static func method(_ method: SplitMethod) -> Quad_Households_V1_SplitMethod {
        switch method {
        case .equally: .equal
        case .exactAmounts: .exact
        case .percentages: .percent
        case .shares: .shares
        }
    }

    /// The domain's method; nil for UNSPECIFIED or a value this build does not know.
    static func method(_ method: Quad_Households_V1_SplitMethod) -> SplitMethod? {
        switch method {
        case .equal: .equally
        case .exact: .exactAmounts
        case .percent: .percentages
        case .shares: .shares
        default: nil
        }
    }

    static func shares(_ shares: [Quad_Households_V1_SplitShare]) -> [SplitShare] {
        shares.map { SplitShare(memberID: $0.memberID, value: $0.value) }
    }
}
