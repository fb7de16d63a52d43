import PaymentsRides
import Testing

@Suite("RidesFeeSchedule: a seat's hold margin and the platform's booking fee (R3, R4)")
struct RidesFeeScheduleTests {
    @Test("the defaults: a 25% margin, at least USD 1.00, and USD 0.25 a seat, in the tariff's currency")
    func defaults() {
        let schedule = RidesFeeSchedule.defaults
        #expect(schedule.currency == RideTariff.standard.currency)
        #expect(schedule.currency == "USD")
        #expect(schedule.marginBasisPoints == 2_500)
        #expect(schedule.minimumMargin == usd(100))
        #expect(schedule.bookingFee == usd(25))
    }

    @Test(
        "the margin is 25% of the share rounded up to the cent, at least 1.00",
        arguments: [
            (1, 100), (399, 100), (400, 100), (401, 101), (404, 101), (405, 102), (1_000, 250), (1_001, 251),
            (1_200, 300), (4_321, 1_081),
        ] as [(Int64, Int64)]
    )
    func margin(share: Int64, margin: Int64) {
        #expect(RidesFeeSchedule.defaults.margin(for: usd(share)) == usd(margin))
    }

    @Test("the margin of the largest share neither overflows nor passes the share")
    func marginOfLargest() throws {
        let all = try RidesFeeSchedule(marginBasisPoints: 10_000, minimumMargin: usd(0), bookingFee: usd(0))
        #expect(all.margin(for: usd(.max)) == usd(.max))
        #expect(RidesFeeSchedule.defaults.margin(for: usd(.max)) == usd(Int64.max / 4 + 1))
    }

    @Test("a schedule with no margin and no fee is accepted, in any currency")
    func accepts() throws {
        let schedule = try RidesFeeSchedule(marginBasisPoints: 0, minimumMargin: eur(0), bookingFee: eur(0))
        #expect(schedule.currency == "EUR")
        #expect(schedule.margin(for: eur(1_000)) == eur(0))
    }

    @Test("refuses a malformed code, a second currency, a negative amount, a margin outside 0...10000")
    func refusals() {
        let cases: [(margin: Int, minimum: Money, fee: Money, field: String)] = [
            (2_500, usd(100), Money(minorUnits: 25, currency: "usd"), "booking_fee.currency"),
            (2_500, eur(100), usd(25), "minimum_margin"),
            (2_500, usd(-1), usd(25), "minimum_margin"),
            (2_500, usd(100), usd(-25), "booking_fee"),
            (-1, usd(100), usd(25), "margin_basis_points"),
            (10_001, usd(100), usd(25), "margin_basis_points"),
        ]
        for (margin, minimum, fee, field) in cases {
            let error = refusal(.invalidArgument) {
                try RidesFeeSchedule(marginBasisPoints: margin, minimumMargin: minimum, bookingFee: fee)
            }
            #expect(error?.field == field, "\(error?.message ?? "")")
        }
    }
}
