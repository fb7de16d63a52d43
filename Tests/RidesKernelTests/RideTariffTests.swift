import QuadKernel
import RidesKernel
import Testing

@Suite("RideTariff: the fare expected when the offerer does not say")
struct RideTariffTests {
    @Test("3.00 plus 2.00 per km, rounded to the cent")
    func standard() {
        #expect(RideTariff.standard.fare(meters: 0) == Money(minorUnits: 300, currency: "USD"))
        #expect(RideTariff.standard.fare(meters: 5_000) == Money(minorUnits: 1_300, currency: "USD"))
        #expect(RideTariff.standard.fare(meters: 1_234) == Money(minorUnits: 547, currency: "USD"))
        #expect(RideTariff.standard.fare(meters: .nan) == Money(minorUnits: 300, currency: "USD"))
    }

    @Test("an estimate grows with the route in proportion, and never shrinks below the direct trip's")
    func scaled() {
        let direct = Money(minorUnits: 2_000, currency: "USD")
        #expect(RideTariff.scaled(direct, directMeters: 10_000, routeMeters: 11_000).minorUnits == 2_200)
        #expect(RideTariff.scaled(direct, directMeters: 10_000, routeMeters: 10_000) == direct)
        #expect(RideTariff.scaled(direct, directMeters: 10_000, routeMeters: 9_000) == direct)
        #expect(RideTariff.scaled(direct, directMeters: 0, routeMeters: 9_000) == direct)
    }
}
