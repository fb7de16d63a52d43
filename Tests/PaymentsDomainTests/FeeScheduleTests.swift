import PaymentsDomain
import PaymentsLaundry
import Testing

@Suite("LaundryFeeSchedule")
struct LaundryFeeScheduleTests {
    @Test("the defaults: USD 10.00 service fee, USD 1.00 convenience fee, folding 2.50, ironing 5.00, a 15% share")
    func defaults() {
        let schedule = LaundryFeeSchedule.defaults
        #expect(schedule.currency == "USD")
        #expect(schedule.flatFee == usd(1_000))
        #expect(schedule.convenienceFee == usd(100))
        #expect(schedule.price(of: .folding) == usd(250))
        #expect(schedule.price(of: .ironing) == usd(500))
        #expect(schedule.platformShareBasisPoints == 1_500)
    }

    @Test("a schedule with valid amounts is accepted, zero fees included")
    func accepts() throws {
        let schedule = try LaundryFeeSchedule(
            flatFee: eur(800),
            convenienceFee: eur(0),
            foldingPrice: eur(200),
            ironingPrice: eur(400),
            platformShareBasisPoints: 10_000
        )
        #expect(schedule.currency == "EUR")
    }

    @Test("refuses a negative amount, a second currency, a malformed code and a share outside 0...10000")
    func refusals() {
        func schedule(
            flat: Money = usd(1_000),
            convenience: Money = usd(100),
            folding: Money = usd(250),
            share: Int = 1_500
        ) throws -> LaundryFeeSchedule {
            try LaundryFeeSchedule(
                flatFee: flat,
                convenienceFee: convenience,
                foldingPrice: folding,
                ironingPrice: usd(500),
                platformShareBasisPoints: share
            )
        }
        #expect(refusal(.invalidArgument) { try schedule(convenience: usd(-1)) }?.field == "convenience_fee")
        #expect(refusal(.invalidArgument) { try schedule(folding: eur(250)) }?.field == "folding_price")
        #expect(
            refusal(.invalidArgument) { try schedule(flat: Money(minorUnits: 1, currency: "usd")) }?.field
                == "flat_fee.currency"
        )
        for share in [-1, 10_001] {
            let error = refusal(.invalidArgument) { try schedule(share: share) }
            #expect(error?.field == "platform_share_basis_points")
        }
    }
}
