import PaymentsDomain
import Testing

@Suite("Money")
struct MoneyTests {
    @Test(
        "formats with the currency's decimal places, code first",
        arguments: [
            (usd(1_250), "USD 12.50"), (usd(5), "USD 0.05"), (usd(0), "USD 0.00"), (usd(-1_999), "USD -19.99"),
            (Money(minorUnits: 1_250, currency: "JPY"), "JPY 1250"),
            (Money(minorUnits: 1_250, currency: "KWD"), "KWD 1.250"),
            (Money(minorUnits: 7, currency: "CLF"), "CLF 0.0007"),
            (Money(minorUnits: .min, currency: "USD"), "USD -92233720368547758.08"),
        ]
    )
    func formats(amount: Money, expected: String) {
        #expect(amount.formatted == expected)
        #expect(amount.description == expected)
    }

    @Test("adds and subtracts within a currency")
    func arithmetic() throws {
        #expect(try usd(1_000).adding(usd(250)) == usd(1_250))
        #expect(try usd(1_000).subtracting(usd(1_250)) == usd(-250))
        #expect(try usd(175).multiplied(by: 3) == usd(525))
        #expect(try Money.sum([usd(1), usd(2), usd(3)], currency: "USD") == usd(6))
        #expect(try Money.sum([], currency: "EUR") == eur(0))
    }

    @Test("refuses to combine currencies, naming both amounts")
    func mixedCurrencies() {
        let adding = refusal(.invalidArgument) { try usd(200).adding(eur(100)) }
        #expect(adding?.message == "cannot add EUR 1.00 to USD 2.00: the currencies differ")
        refusal(.invalidArgument) { try usd(200).subtracting(eur(100)) }
        refusal(.invalidArgument) { try Money.sum([usd(1), eur(1)], currency: "USD") }
    }

    @Test("refuses overflow instead of trapping")
    func overflow() {
        let max = usd(.max)
        let error = refusal(.outOfRange) { try max.adding(usd(1)) }
        #expect(error?.message == "USD 92233720368547758.07 plus USD 0.01 is too large to represent in minor units")
        refusal(.outOfRange) { try usd(.min).subtracting(usd(1)) }
        refusal(.outOfRange) { try max.multiplied(by: 2) }
    }

    @Test(
        "a currency code is three ASCII capitals",
        arguments: [
            ("USD", true), ("EUR", true), ("usd", false), ("US", false), ("USDT", false), ("", false),
            ("ÜSD", false), ("U1D", false),
        ]
    )
    func currencyCodes(code: String, valid: Bool) {
        #expect(Money.isValidCurrencyCode(code) == valid)
    }
}
