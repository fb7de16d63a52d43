import PaymentsErrands
import Testing

@Suite("ErrandsFeeSchedule: the delivery fee and the platform's part of it (E1, E8)")
struct ErrandsFeeScheduleTests {
    @Test("the defaults: USD 1.50 an errand, USD 0.25 a unit, at most USD 6.00, a 10% platform share")
    func defaults() {
        let schedule = ErrandsFeeSchedule.defaults
        #expect(schedule.currency == "USD")
        #expect(schedule.baseFee == usd(150))
        #expect(schedule.perUnitFee == usd(25))
        #expect(schedule.maximumFee == usd(600))
        #expect(schedule.platformShareBasisPoints == 1_000)
    }

    @Test(
        "the fee is the base plus 0.25 a unit, capped at 6.00 from 18 units on",
        arguments: [(0, 150), (1, 175), (3, 225), (17, 575), (18, 600), (19, 600), (2_970, 600), (Int.max, 600)]
            as [(Int, Int64)]
    )
    func fee(units: Int, cents: Int64) throws {
        #expect(try ErrandsFeeSchedule.defaults.deliveryFee(units: units) == usd(cents))
    }

    @Test("negative units are refused")
    func negativeUnits() {
        let error = refusal(.invalidArgument) { try ErrandsFeeSchedule.defaults.deliveryFee(units: -1) }
        #expect(error?.field == "units")
    }

    @Test(
        "the platform keeps 10% of the fee rounded down to the cent; the buyer keeps the remainder",
        arguments: [(150, 15), (175, 17), (225, 22), (229, 22), (9, 0), (600, 60), (0, 0)] as [(Int64, Int64)]
    )
    func platformShare(fee: Int64, share: Int64) {
        #expect(ErrandsFeeSchedule.defaults.platformShare(of: usd(fee)) == usd(share))
    }

    @Test("the share of the largest fee neither overflows nor passes the fee")
    func shareOfLargest() throws {
        let all = try ErrandsFeeSchedule(
            baseFee: usd(0),
            perUnitFee: usd(0),
            maximumFee: usd(.max),
            platformShareBasisPoints: 10_000
        )
        #expect(all.platformShare(of: usd(.max)) == usd(.max))
        #expect(ErrandsFeeSchedule.defaults.platformShare(of: usd(.max)) == usd(Int64.max / 10))
    }

    @Test("a schedule with valid amounts is accepted, zero fees included")
    func accepts() throws {
        let schedule = try ErrandsFeeSchedule(
            baseFee: eur(0),
            perUnitFee: eur(0),
            maximumFee: eur(0),
            platformShareBasisPoints: 0
        )
        #expect(schedule.currency == "EUR")
        #expect(try schedule.deliveryFee(units: 5) == eur(0))
    }

    @Test(
        "refuses a malformed code, a second currency, a negative amount, a cap below the base, a share outside 0...10000"
    )
    func refusals() {
        let cases: [(base: Money, perUnit: Money, maximum: Money, share: Int, field: String)] = [
            (Money(minorUnits: 150, currency: "usd"), usd(25), usd(600), 1_000, "base_fee.currency"),
            (usd(150), eur(25), usd(600), 1_000, "per_unit_fee"),
            (usd(150), usd(25), eur(600), 1_000, "maximum_fee"),
            (usd(-1), usd(25), usd(600), 1_000, "base_fee"),
            (usd(150), usd(-25), usd(600), 1_000, "per_unit_fee"),
            (usd(150), usd(25), usd(149), 1_000, "maximum_fee"),
            (usd(150), usd(25), usd(600), -1, "platform_share_basis_points"),
            (usd(150), usd(25), usd(600), 10_001, "platform_share_basis_points"),
        ]
        for (base, perUnit, maximum, share, field) in cases {
            let error = refusal(.invalidArgument) {
                try ErrandsFeeSchedule(
                    baseFee: base,
                    perUnitFee: perUnit,
                    maximumFee: maximum,
                    platformShareBasisPoints: share
                )
            }
            #expect(error?.field == field, "\(error?.message ?? "")")
        }
    }
}
