import Foundation
import QuadContracts
import QuadLoadCore
import QuadToolKit
import QuadWire

/// An errand from its list to both reviews (E1-E6, E8): a requester opens their home, looks items up in the
/// catalog, has the list quoted and posts it (the hold on their card); a buyer browses the campus feed with filters
/// (the store, an item's name, a total), accepts the errand, and the two chat; the buyer says they are at the store,
/// uploads a photo of the receipt (`Documents/Upload`), records what they paid and delivers. The requester follows
/// their feed (`Gateway/Subscribe`) from before posting until the errand's `delivered` change arrives; then both
/// rate each other.
///
/// The requester and the buyer are two seeded customers picked at random (customers have cards; a buyer needs
/// none), so the journey needs at least two (`--customers`).
public struct ErrandJourney: Journey {
    public let name = "errand"
    /// How long the requester waits for the delivery on their feed.
    public let timeout: Duration
    /// The receipt photo's size.
    public let receiptBytes: Int

    /// The catalog prefixes a requester types, one picked per journey.
    static let searches = [
        "Oat", "Eggs", "Bananas", "Rye", "Coffee", "Pasta", "Toothpaste", "Apples", "Butter", "Rice",
    ]
    /// The stores a requester asks from.
    static let stores = ["Corner Market", "Campus Mart", "Green Grocer"]

    /// A journey whose requester waits at most `timeout` for the delivery, and whose receipt is `receiptBytes`.
    public init(timeout: Duration = .seconds(120), receiptBytes: Int = 200_000) {
        self.timeout = timeout
        self.receiptBytes = receiptBytes
    }

    public func run(_ session: JourneySession) async throws {
        let customers = session.population.customers
        guard customers.count >= 2 else {
            throw JourneyError(
                "\(name) needs two customers at least (a requester and a buyer): seed more with --customers"
            )
        }
        let requester = customers[session.random(in: 0..<customers.count)]
        var pick = requester
        while pick.userID == requester.userID { pick = customers[session.random(in: 0..<customers.count)] }
        let buyer = pick
        let asker = Party(requester, session)
        let shopper = Party(buyer, session)

        _ = try await session.call("gateway.GetCustomerHome", metadata: asker.bearer) {
            try await asker.gateway.getCustomerHome(.init(), options: $0)
        }
        try await session.think(.milliseconds(500))
        let search = Self.searches[session.random(in: 0..<Self.searches.count)]
        let found = try await session.call("errands.SearchItemCatalog", metadata: asker.bearer) {
            try await asker.errands.searchItemCatalog(
                .with {
                    $0.prefix = search
                    $0.limit = 5
                },
                options: $0
            )
        }
        let store = Self.stores[session.random(in: 0..<Self.stores.count)]
        let items = Self.items(found.items.map(\.name), fallback: search, store: store)
        _ = try await session.call("payments.QuoteErrand", metadata: asker.bearer) {
            try await asker.payments.quoteErrand(
                .with {
                    $0.items = items.map { item in
                        .with {
                            $0.quantity = item.quantity
                            $0.price = item.maximumPrice
                        }
                    }
                },
                options: $0
            )
        }
        try await session.think(.milliseconds(500))

        // The requester's feed first (as the app does before it acts), then the errand, which the buyer takes.
        let feed = FeedFollower(
            session: session,
            gateway: asker.gateway,
            bearer: asker.bearer,
            subscriber: requester.userID,
            timeout: timeout
        )
        let errandID: String = try await feed.follow {
            let errand = try await post(items, asker, requester, session)
            try await shop(errand, store: store, shopper, buyer, asker, session)
            return errand.errandID
        } until: { errandID, event in
            // The delivery on the requester's feed.
            guard event.type == "quad.jobs.v1.ErrandChanged",
                let changed = try? Quad_Jobs_V1_ErrandChanged(serializedBytes: event.payload),
                changed.errand.errandID == errandID, changed.change == "delivered"
            else { return nil }
            session.eventArrived()
            return errandID
        }

        try await session.think(.milliseconds(500))
        let delivered = try await session.call("errands.GetErrand", metadata: asker.bearer) {
            try await asker.errands.getErrand(.with { $0.errandID = errandID }, options: $0)
        }
        guard delivered.status == .completed else {
            throw JourneyError("errand \(errandID) was \(delivered.status) after its delivery")
        }
        for (party, text) in [(asker, "Quick and friendly"), (shopper, "Easy to find")] {
            _ = try await session.call("errands.ReviewErrand", metadata: party.bearer) {
                try await party.errands.reviewErrand(
                    .with {
                        $0.errandID = errandID
                        $0.stars = 5
                        $0.text = text
                    },
                    options: $0
                )
            }
        }
    }

    /// The requester posts `items` (a fresh idempotency key) with their card.
    private func post(
        _ items: [Quad_Jobs_V1_ErrandItem],
        _ asker: Party,
        _ requester: DemoSeeder.Seeded,
        _ session: JourneySession
    ) async throws -> Quad_Jobs_V1_Errand {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let key = UUID().uuidString
        let errand = try await session.call(
            "errands.PostErrand",
            metadata: asker.bearer.merging(["idempotency-key": key]) { $1 }
        ) {
            try await asker.errands.postErrand(
                .with {
                    $0.items = items
                    $0.neededByMicros = now + 3 * 3_600_000_000
                    $0.deliveryPlace = .with {
                        $0.label = "Maple Hall, front desk"
                        $0.latitude = 40.4433
                        $0.longitude = -79.9436
                    }
                    $0.notes = "Text me when you are here"
                    $0.paymentMethodID = requester.paymentMethodID ?? ""
                },
                options: $0
            )
        }
        session.wrote(
            .errand,
            id: errand.errandID,
            by: "errands.PostErrand",
            owner: requester.userID,
            amountMinor: errand.estimate.total.minorUnits,
            currency: errand.estimate.total.currency,
            idempotencyKey: key
        )
        return errand
    }

    /// The buyer's part: the feed, the acceptance, the chat, the store, the receipt, the purchase, the delivery.
    private func shop(
        _ errand: Quad_Jobs_V1_Errand,
        store: String,
        _ shopper: Party,
        _ buyer: DemoSeeder.Seeded,
        _ asker: Party,
        _ session: JourneySession
    ) async throws {
        try await session.think(.milliseconds(500))
        _ = try await session.call("errands.ListErrandFeed", metadata: shopper.bearer) {
            try await shopper.errands.listErrandFeed(.with { $0.store = store }, options: $0)
        }
        try await session.think(.milliseconds(300))
        _ = try await session.call("errands.ListErrandFeed", metadata: shopper.bearer) {
            try await shopper.errands.listErrandFeed(
                .with {
                    $0.store = store
                    $0.itemText = errand.items[0].name
                    $0.maxTotal = errand.estimate.total
                    $0.limit = 10
                },
                options: $0
            )
        }
        try await session.think(.milliseconds(300))
        _ = try await session.call("errands.AcceptErrand", metadata: shopper.bearer) {
            try await shopper.errands.acceptErrand(.with { $0.errandID = errand.errandID }, options: $0)
        }
        for (party, text) in [(shopper, "On my way to \(store)"), (asker, "Thanks! Any brand is fine")] {
            try await session.think(.milliseconds(300))
            _ = try await session.call("errands.SendErrandMessage", metadata: party.bearer) {
                try await party.errands.sendErrandMessage(
                    .with {
                        $0.errandID = errand.errandID
                        $0.text = text
                    },
                    options: $0
                )
            }
        }
        _ = try await session.call("errands.ListErrandMessages", metadata: shopper.bearer) {
            try await shopper.errands.listErrandMessages(.with { $0.errandID = errand.errandID }, options: $0)
        }
        _ = try await session.call("errands.PostErrandUpdate", metadata: shopper.bearer) {
            try await shopper.errands.postErrandUpdate(
                .with {
                    $0.errandID = errand.errandID
                    $0.kind = .atStore
                },
                options: $0
            )
        }
        try await session.think(.seconds(1))
        let receipt = try await upload(receiptFor: errand.errandID, shopper, buyer, session)
        _ = try await session.call("errands.RecordPurchase", metadata: shopper.bearer) {
            try await shopper.errands.recordPurchase(
                .with {
                    $0.errandID = errand.errandID
                    $0.lines = errand.items.map { item in
                        .with {
                            // A little under the maximum: nothing to approve.
                            $0.price = .with {
                                $0.minorUnits = item.maximumPrice.minorUnits * 9 / 10
                                $0.currency = item.maximumPrice.currency
                            }
                        }
                    }
                    $0.receiptDocumentID = receipt
                },
                options: $0
            )
        }
        try await session.think(.seconds(1))
        let delivered = try await session.call("errands.DeliverErrand", metadata: shopper.bearer) {
            try await shopper.errands.deliverErrand(.with { $0.errandID = errand.errandID }, options: $0)
        }
        if delivered.status == .completed {
            session.wrote(
                .errand,
                id: errand.errandID,
                by: "errands.DeliverErrand",
                owner: errand.requesterID,
                amountMinor: delivered.purchase.total.minorUnits,
                currency: delivered.purchase.total.currency,
                state: "completed"
            )
        }
    }

    /// The buyer uploads a photo of the receipt (a PNG of ``receiptBytes``), its document id.
    private func upload(
        receiptFor errandID: String,
        _ shopper: Party,
        _ buyer: DemoSeeder.Seeded,
        _ session: JourneySession
    ) async throws -> String {
        let photo = Self.receiptPhoto(bytes: receiptBytes)
        let document = try await session.call("documents.Upload", metadata: shopper.bearer) {
            try await shopper.documents.upload(options: $0) { writer in
                try await writer.send(
                    .with {
                        $0.metadata = .with {
                            $0.ownerKind = .job
                            $0.ownerID = errandID
                            $0.purpose = .receipt
                            $0.fileName = "receipt.png"
                            $0.declaredType = .png
                        }
                    }
                )
                var offset = 0
                while offset < photo.count {
                    let end = min(offset + 256 * 1_024, photo.count)
                    try await writer.send(.with { $0.chunk = photo[offset..<end] })
                    offset = end
                }
            }
        }
        session.wrote(
            .document,
            id: document.documentID,
            by: "documents.Upload",
            owner: buyer.userID,
            parent: errandID,
            sizeBytes: document.sizeBytes
        )
        return document.documentID
    }

    /// Two lines of the list: the first names the catalog found for the search (or the search itself), one or two
    /// of each at most 3.00 to 6.00, from `store`.
    static func items(_ found: [String], fallback: String, store: String) -> [Quad_Jobs_V1_ErrandItem] {
        let names = found.isEmpty ? [fallback] : found
        return (0..<2).map { line in
            .with {
                $0.name = names[line % names.count]
                $0.quantity = UInt32(1 + line)
                $0.maximumPrice = .with {
                    $0.minorUnits = 300 + 300 * Int64(line)
                    $0.currency = "USD"
                }
                $0.store = store
            }
        }
    }

    /// A PNG of `bytes` bytes: the signature, then filler.
    static func receiptPhoto(bytes: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(Data(repeating: 0x42, count: max(0, bytes - data.count)))
        return data
    }

    /// One side of the errand: their bearer and clients on their own device.
    private struct Party: Sendable {
        let bearer: [String: String]
        let gateway: Quad_Gateway_V1_Gateway.Client
        let errands: Quad_Jobs_V1_Errands.Client
        let payments: Quad_Payments_V1_Payments.Client
        let documents: Quad_Documents_V1_Documents.Client

        init(_ person: DemoSeeder.Seeded, _ session: JourneySession) {
            let device = session.device(of: person)
            bearer = session.population.bearer(person)
            gateway = .init(transport: device)
            errands = .init(transport: device)
            payments = .init(transport: device)
            documents = .init(transport: device)
        }
    }
}
