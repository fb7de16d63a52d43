import Foundation
public import QuadContracts
public import QuadWire

/// Seeds demo errands (`quad seed --errands`, E1): open errands of the seeded requesters, with items from jobs' item
/// catalog (which jobs' migration jobs.v7 fills), posted through the gateway like the app: each requester's sandbox
/// card holds every item's maximum plus the delivery fee.
///
/// Errand k belongs to requester k modulo their number. Run again, it posts only what is missing: a requester who
/// already has that many open errands gets none, so a second `quad seed` succeeds and keeps the feed the same size.
public struct DemoErrandSeeder: Sendable {
    /// The prefixes the seeded lists' items are searched by in the catalog (`Errands/SearchItemCatalog`).
    static let catalogPrefixes = ["Oat", "Eggs", "Bananas", "Rye", "Coffee", "Pasta", "Toothpaste", "Apples"]
    /// The stores the items are asked from, in turn.
    static let stores = ["Corner Market", "Campus Mart"]

    /// The gateway.
    public let transport: any ClientTransport
    private var errands: Quad_Jobs_V1_Errands.Client { .init(transport: transport) }

    /// A seeder calling through `transport` (the gateway).
    public init(transport: any ClientTransport) {
        self.transport = transport
    }

    /// Posts what is missing of `count` open errands among `requesters` (each with a card), and returns the ids of
    /// every requester's open errands, newest first, requester by requester.
    ///
    /// - Throws: ``CLIError`` naming the requester and what jobs refused.
    public func seed(errands count: Int, requesters: [DemoSeeder.Seeded]) async throws -> [String] {
        guard count > 0, !requesters.isEmpty else { return [] }
        let catalog = try await DemoSeeder.step("search jobs' item catalog") {
            try await catalogItems(DemoSeeder.bearer(requesters[0]))
        }
        var ids: [String] = []
        for (index, requester) in requesters.enumerated() {
            let wanted = (0..<count).filter { $0 % requesters.count == index }
            let options = DemoSeeder.bearer(requester)
            let open = try await DemoSeeder.step("list the open errands of \(requester.email)") {
                try await errands.listMyErrands(
                    .with {
                        $0.role = .requester
                        $0.activeOnly = true
                        $0.limit = 100
                    },
                    options: options
                ).errands.filter { $0.stage == .open }.map(\.errandID)
            }
            var posted: [String] = []
            for number in wanted.dropFirst(open.count) {
                let request = Self.request(number, catalog: catalog, card: requester.paymentMethodID ?? "")
                let errand = try await DemoSeeder.step("post errand \(number + 1) as \(requester.email)") {
                    var keyed = options
                    keyed.metadata["idempotency-key"] = UUID().uuidString
                    return try await errands.postErrand(request, options: keyed)
                }
                posted.append(errand.errandID)
            }
            ids += posted.reversed() + open
        }
        return ids
    }

    /// The catalog's names for ``catalogPrefixes``, the first of each prefix that has one.
    func catalogItems(_ options: CallOptions) async throws -> [String] {
        var names: [String] = []
        for prefix in Self.catalogPrefixes {
            let found = try await errands.searchItemCatalog(
                .with {
                    $0.prefix = prefix
                    $0.limit = 1
                },
                options: options
            )
            names += found.items.map(\.name)
        }
        guard !names.isEmpty else {
            throw CLIError("jobs' item catalog has none of \(Self.catalogPrefixes): has its migration jobs.v7 run?")
        }
        return names
    }

    /// Errand `number`'s request: two items of the catalog in turn (one or two of each, at most 2.50 to 6.00 each)
    /// from a store, wanted in 6 to 30 hours at a hall of the campus, held on `card`.
    public static func request(_ number: Int, catalog: [String], card: String) -> Quad_Jobs_V1_PostErrandRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let halls = ["Maple Hall, front desk", "Baker Hall, north entrance", "Library, main steps"]
        return .with {
            $0.items = (0..<2).map { line in
                .with {
                    $0.name = catalog[(2 * number + line) % catalog.count]
                    $0.quantity = UInt32(1 + (number + line) % 2)
                    $0.maximumPrice = .with {
                        $0.minorUnits = Int64(250 + 50 * ((number * 3 + line) % 8))
                        $0.currency = "USD"
                    }
                    $0.store = stores[number % stores.count]
                }
            }
            $0.neededByMicros = now + Int64(6 + number % 25) * 3_600_000_000
            $0.deliveryPlace = .with {
                $0.label = halls[number % halls.count]
                $0.latitude = 40.4433 + Double(number % 10) * 0.0005
                $0.longitude = -79.9436 - Double(number % 7) * 0.0005
            }
            $0.notes = "Seeded errand \(number + 1)"
            $0.paymentMethodID = card
        }
    }
}
