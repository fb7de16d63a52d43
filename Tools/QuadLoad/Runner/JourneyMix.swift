import Foundation

/// Which journeys a run starts and how often: each arrival picks one by weight (seeded, so the
/// same seed gives the same sequence).
public struct JourneyMix: Sendable {
    /// The journeys and their weights, in the order given.
    public let entries: [(journey: any Journey, weight: Double)]
    private let cumulative: [Double]

    /// A mix of `entries`; weights must be positive.
    public init(_ entries: [(journey: any Journey, weight: Double)]) throws {
        guard !entries.isEmpty else { throw JourneyMixError("the mix names no journey") }
        for entry in entries where !(entry.weight > 0 && entry.weight.isFinite) {
            throw JourneyMixError("the weight of \(entry.journey.name) must be a positive number, not \(entry.weight)")
        }
        self.entries = entries
        var running = 0.0
        cumulative = entries.map {
            running += $0.weight; return running
        }
    }

    /// The mix quad-load runs without `--journey` or `--mix`: the campus's day, laundry, errands and rides.
    public static let defaultName = "campus"

    /// Every journey by name, and the named mixes (`campus`, `laundry`, `errands`, `rides`, `freight`, `households`,
    /// `full`).
    public static let catalog: [String: any Journey] = {
        let journeys: [any Journey] = [
            LaundryCustomerJourney(), LaundryDasherJourney(), BrowsingJourney(), LoginStormJourney(), PingJourney(),
            FreightLoadJourney(), ErrandJourney(), HouseholdJourney(), RideJourney(),
        ]
        return Dictionary(uniqueKeysWithValues: journeys.map { ($0.name, $0) })
    }()

    /// The named mixes: `laundry` is the laundry product's day, four people browsing for each customer
    /// who submits, with a few more dashers than customers so that jobs do not pile up (a dasher
    /// offered nothing leaves as `laundry-dasher-idle`). `errands` is errands alone, each from its list to both
    /// reviews. `rides` is shared taxis alone, each from its offer to both ratings. `campus` (quad-load's default) is
    /// the campus's day: laundry's mix with an errand and a ride for each laundry customer. `freight` is a carrier's loads, each from its creation to its completion. `households` is evenings in
    /// shared flats (an expense, a chore done, balances, a settle-up). `full` is every product's journeys: the campus
    /// mix with a freight load and a household's evening, for reliability runs (each seeds what it needs: customers
    /// and dashers, a carrier, households). Each product adds its own, to its mix and to `full`.
    public static let presets: [String: [(String, Double)]] = [
        "campus": [("laundry-customer", 1), ("laundry-dasher", 1.25), ("browsing", 4), ("errand", 1), ("ride", 1)],
        "laundry": [("laundry-customer", 1), ("laundry-dasher", 1.25), ("browsing", 4)],
        "errands": [("errand", 1)],
        "rides": [("ride", 1)],
        "freight": [("freight-load", 1)],
        "households": [("household", 1)],
        "full": [
            ("laundry-customer", 1), ("laundry-dasher", 1.25), ("browsing", 4), ("errand", 1), ("ride", 1),
            ("freight-load", 1), ("household", 1),
        ],
    ]

    /// Parses `--journey NAME` (a preset or one journey) or `--mix name=weight,name=weight`.
    ///
    /// - Throws: ``JourneyMixError`` naming the unknown journey or the bad weight, and listing the known ones.
    public static func parse(_ text: String) throws -> JourneyMix {
        if let preset = presets[text] {
            return try JourneyMix(preset.map { (catalog[$0.0]!, $0.1) })
        }
        var entries: [(journey: any Journey, weight: Double)] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let journey = catalog[pieces[0]] else {
                throw JourneyMixError(
                    "unknown journey '\(pieces[0])'; known: \((Array(presets.keys) + Array(catalog.keys)).sorted().joined(separator: ", "))"
                )
            }
            var weight = 1.0
            if pieces.count == 2 {
                guard let parsed = Double(pieces[1]) else {
                    throw JourneyMixError("the weight of \(pieces[0]) must be a number, not '\(pieces[1])'")
                }
                weight = parsed
            }
            entries.append((journey, weight))
        }
        return try JourneyMix(entries)
    }

    /// The journey a draw `unit` in [0, 1) picks.
    public func pick(_ unit: Double) -> any Journey {
        let target = unit * cumulative[cumulative.count - 1]
        let index = cumulative.firstIndex { target < $0 } ?? entries.count - 1
        return entries[index].journey
    }

    /// Journey name to weight, for the report.
    public var weights: [String: Double] {
        Dictionary(entries.map { ($0.journey.name, $0.weight) }, uniquingKeysWith: +)
    }

    /// Whether any journey of the mix plays seeded customers or dashers.
    public var needsPeople: Bool {
        entries.contains {
            !($0.journey is PingJourney) && !($0.journey is FreightLoadJourney) && !($0.journey is HouseholdJourney)
        }
    }

    /// Whether any journey of the mix lives in seeded households.
    public var needsHouseholds: Bool {
        entries.contains { $0.journey is HouseholdJourney }
    }

    /// Whether any journey of the mix plays a seeded carrier's dispatchers and drivers.
    public var needsCarrier: Bool {
        entries.contains { $0.journey is FreightLoadJourney }
    }
}

/// A `--journey` or `--mix` that cannot be run.
public struct JourneyMixError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the journey or weight.
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
