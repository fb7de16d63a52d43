import Foundation
import QuadContracts
import QuadWire
import Testing

/// Errands through the whole system: the gateway, jobs, the real payments and fleet-documents.
extension LaundrySystem {
    var errands: Quad_Jobs_V1_Errands.Client { .init(transport: gateway) }

    static func usd(_ minor: Int64) -> Quad_Types_V1_Amount {
        .with {
            $0.minorUnits = minor
            $0.currency = "USD"
        }
    }

    static func errandItem(_ name: String, _ quantity: UInt32 = 1, max: Int64, store: String = "")
        -> Quad_Jobs_V1_ErrandItem
    {
        .with {
            $0.name = name
            $0.quantity = quantity
            $0.maximumPrice = usd(max)
            $0.store = store
        }
    }

    /// Oat milk (2 at most 3.00) and rye bread (1 at most 4.50) from Corner Market, wanted in six hours at Baker Hall:
    /// items of 10.50 at most, a delivery fee of 1.50 + 3 × 0.25 = 2.25, a hold of 12.75.
    static func errandRequest(card: String, items: [Quad_Jobs_V1_ErrandItem]? = nil) -> Quad_Jobs_V1_PostErrandRequest {
        .with {
            $0.items =
                items ?? [
                    errandItem("Oat milk, 1 l", 2, max: 300, store: "Corner Market"),
                    errandItem("Rye bread", 1, max: 450, store: "Corner Market"),
                ]
            $0.neededByMicros = Int64(Date().timeIntervalSince1970 * 1_000_000) + 6 * 3_600_000_000
            $0.deliveryPlace = .with {
                $0.label = "Baker Hall, north entrance"
                $0.latitude = 40.4433
                $0.longitude = -79.9436
            }
            $0.notes = "ring twice"
            $0.paymentMethodID = card
        }
    }

    /// `requester` posts the standard errand (or `request`).
    func postErrand(
        _ requester: Person,
        card: String,
        _ request: Quad_Jobs_V1_PostErrandRequest? = nil
    ) async throws -> Quad_Jobs_V1_Errand {
        try await errands.postErrand(
            request ?? Self.errandRequest(card: card),
            options: requester.options(key: UUID().uuidString)
        )
    }

    /// `buyer` uploads a photo of the receipt of `errandID` (a small PNG), its document id.
    func uploadReceipt(_ errandID: String, as buyer: Person) async throws -> String {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 2_000)
        return try await DocumentsThroughGatewayTests.upload(
            png,
            .with {
                $0.ownerKind = .job
                $0.ownerID = errandID
                $0.purpose = .receipt
                $0.fileName = "receipt.png"
                $0.declaredType = .png
            },
            as: buyer,
            through: self
        ).documentID
    }

    /// `buyer` records `prices` (per one, nil for not found) with a receipt they upload.
    @discardableResult
    func recordPurchase(_ errandID: String, prices: [Int64?], as buyer: Person) async throws -> Quad_Jobs_V1_Errand {
        let receipt = try await uploadReceipt(errandID, as: buyer)
        return try await errands.recordPurchase(
            .with {
                $0.errandID = errandID
                $0.receiptDocumentID = receipt
                $0.lines = prices.map { price in
                    .with { line in
                        if let price { line.price = Self.usd(price) } else { line.notFound = true }
                    }
                }
            },
            options: buyer.options
        )
    }

    /// The errand as `person` sees it once payments' answer reached it: `state`.
    @discardableResult
    func errand(_ errandID: String, as person: Person, reaching state: Quad_Jobs_V1_PaymentState) async throws
        -> Quad_Jobs_V1_Errand
    {
        try await eventually(
            "errand \(errandID) \(state)",
            { try await errands.getErrand(.with { $0.errandID = errandID }, options: person.options) },
            until: { $0.paymentState == state }
        )
    }
}
