import HouseholdsService
import QuadKernel
import QuadWire
import Synchronization

/// payments' HouseholdTransfer as households sees it: idempotent on the settlement id (one charge per id, the same
/// transfer id on every ask), counting the asks. A payment method "pm_declined" is refused as a declined card;
/// `loseAnswers` makes the next asks charge and then throw UNAVAILABLE, as when households is killed before payments'
/// answer arrives.
final class PaymentsDouble: SettlementPayments {
    struct State {
        var asks: [String: Int] = [:]
        var charges: [String: Money] = [:]
        var loseAnswers = 0
    }

    let state = Mutex(State())

    /// How many times payments was asked about `settlement`.
    func asks(_ settlement: String) -> Int { state.withLock { $0.asks[settlement, default: 0] } }
    /// How many settlements were charged (each once).
    var chargeCount: Int { state.withLock { $0.charges.count } }
    /// The next `count` asks charge but their answer is lost (UNAVAILABLE).
    func loseAnswers(_ count: Int) { state.withLock { $0.loseAnswers = count } }

    func transfer(
        from: String,
        to: String,
        amount: Money,
        paymentMethodID: String,
        householdID: String,
        settlementID: String
    ) async throws -> SettlementTransfer {
        try state.withLock { state in
            state.asks[settlementID, default: 0] += 1
            guard paymentMethodID != "pm_declined" else {
                throw RPCError(code: .failedPrecondition, message: "the card was declined")
            }
            state.charges[settlementID] = state.charges[settlementID] ?? amount
            if state.loseAnswers > 0 {
                state.loseAnswers -= 1
                throw RPCError(code: .unavailable, message: "payments' answer was lost")
            }
            return SettlementTransfer(transferID: "tr-\(settlementID)")
        }
    }
}
