/// Amounts as people read them in messages: `USD 12.50`, `JPY 1250`, `KWD 1.250`.
///
/// The code comes first and no symbol is used, so a message never depends on a locale; showing prices to people in
/// their own format is the client's job.
extension Money {
    /// The code, a space, then the amount with the currency's decimal places, e.g. `USD 12.50` or `USD -0.05`.
    public var formatted: String {
        let digits = Money.minorUnitDigits(of: currency)
        let sign = minorUnits < 0 ? "-" : ""
        // The magnitude as UInt64, so Int64.min formats too.
        let magnitude = minorUnits.magnitude
        guard digits > 0 else { return "\(currency) \(sign)\(magnitude)" }
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let fraction = String(magnitude % divisor)
        let padding = String(repeating: "0", count: digits - fraction.count)
        return "\(currency) \(sign)\(magnitude / divisor).\(padding)\(fraction)"
    }

    /// The decimal places of `currency`'s minor unit in ISO 4217: 0 for the yen and the other currencies without a
    /// minor unit, 3 for the dinars and rials that have thousandths, 4 for the two units of account that have them,
    /// 2 for everything else (including codes not listed, which is what almost every currency uses).
    public static func minorUnitDigits(of currency: String) -> Int {
        if zeroDecimalCurrencies.contains(currency) { return 0 }
        if threeDecimalCurrencies.contains(currency) { return 3 }
        if fourDecimalCurrencies.contains(currency) { return 4 }
        return 2
    }

    private static let zeroDecimalCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF",
        "XPF",
    ]
    private static let threeDecimalCurrencies: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let fourDecimalCurrencies: Set<String> = ["CLF", "UYW"]
}
