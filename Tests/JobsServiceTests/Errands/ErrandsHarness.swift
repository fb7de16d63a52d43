import Foundation
import GRDB
import JobsService
import QuadContracts
import QuadServiceKit
import QuadWire
import ServiceTestSupport

/// Errands through ``JobsHarness``: clients as people of the harness's campus (or another), the operator, and
/// requests as an app sends them.
extension JobsHarness {
    static let campus = "campus-northfield"

    /// Runs `body` with errands' client as `user` of `campus`.
    func errands<T: Sendable>(
        _ user: String,
        campus: String = JobsHarness.campus,
        _ body: (Quad_Jobs_V1_Errands.Client) async throws -> T
    ) async throws -> T {
        let caller = Caller(userID: user, roles: ["customer"], campusID: campus, dormID: Self.dorm)
        return try await server.withTransport(as: .user(caller)) {
            try await body(Quad_Jobs_V1_Errands.Client(transport: $0))
        }
    }

    /// Runs `body` with errands' client as the deployment's operator (the CLI's certificate).
    func errandsAsOperator<T: Sendable>(_ body: (Quad_Jobs_V1_Errands.Client) async throws -> T) async throws -> T {
        try await server.withTransport(as: .operator) { try await body(Quad_Jobs_V1_Errands.Client(transport: $0)) }
    }

    static func usd(_ minor: Int64) -> Quad_Types_V1_Amount {
        .with {
            $0.minorUnits = minor
            $0.currency = "USD"
        }
    }

    static func item(_ name: String, _ quantity: UInt32 = 1, max: Int64, store: String = "")
        -> Quad_Jobs_V1_ErrandItem
    {
        .with {
            $0.name = name
            $0.quantity = quantity
            $0.maximumPrice = usd(max)
            $0.store = store
        }
    }

    /// A request for oat milk (2 at most 3.00) and rye bread (1 at most 4.50) from Corner Market, needed in six hours
    /// of the harness's clock, brought to Baker Hall: a hold of 10.50 and a fee of 2.25.
    func errandRequest(
        items: [Quad_Jobs_V1_ErrandItem]? = nil,
        neededIn: Int64 = 6 * 3_600_000_000,
        card: String = "card-1"
    ) -> Quad_Jobs_V1_PostErrandRequest {
        .with {
            $0.items =
                items ?? [
                    Self.item("Oat milk, 1 l", 2, max: 300, store: "Corner Market"),
                    Self.item("Rye bread", 1, max: 450, store: "Corner Market"),
                ]
            $0.neededByMicros = clock.micros + neededIn
            $0.deliveryPlace = .with {
                $0.label = "Baker Hall, north entrance"
                $0.latitude = 40.4433
                $0.longitude = -79.9436
            }
            $0.notes = "ring twice"
            $0.paymentMethodID = card
        }
    }

    /// Posts an errand for `requester`.
    func post(
        _ requester: String,
        key: String = UUID().uuidString,
        _ request: Quad_Jobs_V1_PostErrandRequest? = nil
    ) async throws -> Quad_Jobs_V1_Errand {
        let request = request ?? errandRequest()
        return try await errands(requester) { try await $0.postErrand(request, options: Self.options(key: key)) }
    }

    /// Posts an errand for `requester` and has `buyer` accept it.
    func accepted(_ requester: String, by buyer: String) async throws -> Quad_Jobs_V1_Errand {
        let posted = try await post(requester)
        return try await errands(buyer) { try await $0.acceptErrand(.with { $0.errandID = posted.errandID }) }
    }

    /// The ErrandChanged events logged for `user`'s feed, oldest first, as their `change`.
    func errandFeed(of user: String) async throws -> [String] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT payload FROM quad_event_log WHERE user_id = ? AND type = ? ORDER BY sequence",
                arguments: [user, Quad_Jobs_V1_ErrandChanged.protoMessageName]
            ).map { try Quad_Jobs_V1_ErrandChanged(serializedBytes: $0["payload"] as Data).change }
        }
    }
}
