import PaymentsDomain
import PaymentsLaundry
import Testing

@Suite("EarningsSplit")
struct EarningsSplitTests {
    @Test("the rounding remainder goes to the worker")
    func roundingToWorker() throws {
        // Given: USD 0.07 of service fees at 15%, exactly 1.05 cents
        let split = try EarningsSplit.laundry(
            machineCost: usd(0),
            serviceFees: usd(7),
            convenienceFee: usd(0),
            platformShareBasisPoints: 1_500
        )

        // Then: the platform gets 1 cent, the worker 6
        #expect(split.platformRevenue == usd(1))
        #expect(split.workerEarnings == usd(6))
    }

    @Test("a share of 0% or 100% gives the service fees wholly to one side")
    func extremes() throws {
        let none = try EarningsSplit.laundry(
            machineCost: usd(300),
            serviceFees: usd(1_000),
            convenienceFee: usd(100),
            platformShareBasisPoints: 0
        )
        #expect(none.workerEarnings == usd(1_000) && none.platformRevenue == usd(100))
        let all = try EarningsSplit.laundry(
            machineCost: usd(300),
            serviceFees: usd(1_000),
            convenienceFee: usd(100),
            platformShareBasisPoints: 10_000
        )
        #expect(all.workerEarnings == usd(0) && all.platformRevenue == usd(1_100))
        #expect(all.workerTotal == usd(300))
    }

    @Test("a share of the largest amount does not overflow")
    func largeAmounts() throws {
        let split = try EarningsSplit.laundry(
            machineCost: usd(0),
            serviceFees: usd(.max),
            convenienceFee: usd(0),
            platformShareBasisPoints: 9_999
        )
        #expect(split.total == usd(.max))
    }

    @Test("a payee split gives everything to the payee")
    func payee() throws {
        let split = try EarningsSplit.payee(eur(4_200))
        #expect(split.workerTotal == eur(4_200))
        #expect(split.platformRevenue == eur(0))
    }

    @Test("refuses a platform share outside 0...10000 basis points", arguments: [-1, 10_001])
    func shareOutOfRange(share: Int) {
        let error = refusal(.invalidArgument) {
            try EarningsSplit.laundry(
                machineCost: usd(0),
                serviceFees: usd(1_000),
                convenienceFee: usd(0),
                platformShareBasisPoints: share
            )
        }
        #expect(error?.field == "platform_share_basis_points")
    }

    @Test("refuses parts in different currencies, negative parts, and a sum that overflows")
    func refusals() {
        let mixed = refusal(.invalidArgument) {
            try EarningsSplit(reimbursement: usd(1), workerEarnings: eur(1), platformRevenue: usd(1))
        }
        #expect(mixed?.field == "worker_earnings")
        let negative = refusal(.invalidArgument) {
            try EarningsSplit(reimbursement: usd(1), workerEarnings: usd(1), platformRevenue: usd(-1))
        }
        #expect(negative?.field == "platform_revenue")
        refusal(.invalidArgument) {
            try EarningsSplit(
                reimbursement: Money(minorUnits: 1, currency: "X"),
                workerEarnings: Money(minorUnits: 1, currency: "X"),
                platformRevenue: Money(minorUnits: 1, currency: "X")
            )
        }
        refusal(.invalidArgument) {
            try EarningsSplit.laundry(
                machineCost: usd(0),
                serviceFees: usd(-1),
                convenienceFee: usd(0),
                platformShareBasisPoints: 1_000
            )
        }
        refusal(.outOfRange) {
            try EarningsSplit(reimbursement: usd(.max), workerEarnings: usd(1), platformRevenue: usd(0))
        }
    }
}
