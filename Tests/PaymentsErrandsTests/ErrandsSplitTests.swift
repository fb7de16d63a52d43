import PaymentsErrands
import Testing

@Suite("EarningsSplit.errands: the items back to the buyer, the fee shared (E5)")
struct ErrandsSplitTests {
    let schedule = ErrandsFeeSchedule.defaults

    @Test(
        "the parts add up to what was paid, the platform's 10% rounded down, the remainder the buyer's",
        arguments: [(1_050, 225, 203, 22), (0, 150, 135, 15), (999, 9, 9, 0), (1, 600, 540, 60), (0, 0, 0, 0)]
            as [(Int64, Int64, Int64, Int64)]
    )
    func split(items: Int64, fee: Int64, earnings: Int64, platform: Int64) throws {
        let split = try EarningsSplit.errands(items: usd(items), deliveryFee: usd(fee), schedule: schedule)
        #expect(split.reimbursement == usd(items))
        #expect(split.workerEarnings == usd(earnings))
        #expect(split.platformRevenue == usd(platform))
        #expect(split.workerTotal == usd(items + earnings))
        #expect(split.total == usd(items + fee))
    }

    @Test("a negative or foreign fee, or negative items, is refused")
    func refusals() {
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.errands(items: usd(100), deliveryFee: usd(-1), schedule: schedule)
            }?.field == "delivery_fee"
        )
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.errands(items: usd(100), deliveryFee: eur(100), schedule: schedule)
            }?.field == "delivery_fee"
        )
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.errands(items: usd(-100), deliveryFee: usd(100), schedule: schedule)
            }?.field == "reimbursement"
        )
    }
}
