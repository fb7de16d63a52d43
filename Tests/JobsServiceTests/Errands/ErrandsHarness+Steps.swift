import Foundation
import GRDB
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import SwiftProtobuf
import Testing

/// A refusal a test expects, by its wire status (the tests name statuses without importing the wire's core).
enum Refused: String, Sendable {
    case invalidArgument, failedPrecondition, notFound, alreadyExists, permissionDenied, unavailable, aborted

    /// The status of this refusal.
    var error: RPCError {
        switch self {
        case .invalidArgument: RPCError(code: .invalidArgument, message: "")
        case .failedPrecondition: RPCError(code: .failedPrecondition, message: "")
        case .notFound: RPCError(code: .notFound, message: "")
        case .alreadyExists: RPCError(code: .alreadyExists, message: "")
        case .permissionDenied: RPCError(code: .permissionDenied, message: "")
        case .unavailable: RPCError(code: .unavailable, message: "")
        case .aborted: RPCError(code: .aborted, message: "")
        }
    }
}

/// Expects `body` refused with `status`, its message naming `field` (a request's field, or the words that say why);
/// the error, for more checks.
@discardableResult
func expectRefusal(
    _ status: Refused,
    naming field: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> RPCError? {
    let error = await #expect(throws: RPCError.self, sourceLocation: sourceLocation) { try await body() }
    guard let error else { return nil }
    #expect(error.code == status.error.code, "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(field), "'\(field)' not in: \(error.message)", sourceLocation: sourceLocation)
    return error
}

/// Errands' steps past posting and what tests read back: the purchase with its receipt, delivery, the outbox's
/// payloads and every event logged for a person.
extension JobsHarness {
    static let hour: Int64 = 3_600_000_000
    static let day: Int64 = 24 * hour

    /// Errand `errandID` as `user` sees it.
    func errand(_ errandID: String, as user: String) async throws -> Quad_Jobs_V1_Errand {
        try await errands(user) { try await $0.getErrand(.with { $0.errandID = errandID }) }
    }

    /// Every errand id of `user`'s campus feed (`campus`), page after page, with `filter`.
    func feedIDs(
        _ user: String = "browser",
        campus: String = JobsHarness.campus,
        limit: UInt32 = 100,
        filter: Quad_Jobs_V1_ListErrandFeedRequest = .init()
    ) async throws -> [String] {
        var ids: [String] = []
        var request = filter
        request.limit = limit
        while true {
            let page = try await errands(user, campus: campus) { [request] in try await $0.listErrandFeed(request) }
            ids += page.errands.map(\.errandID)
            guard !page.nextPageToken.isEmpty else { return ids }
            request.pageToken = page.nextPageToken
        }
    }

    /// Keeps a receipt of errand `errandID` in fleet-documents, returning its id.
    func receipt(of errandID: String, id: String? = nil) -> String {
        let id = id ?? "receipt-\(errandID)"
        documents.put(id, job: errandID, purpose: .receipt)
        return id
    }

    /// Lines paid at `prices` (minor units of USD), nil for an item not found.
    static func lines(_ prices: [Int64?]) -> [Quad_Jobs_V1_ErrandPurchaseLine] {
        prices.map { price in
            .with {
                if let price { $0.price = usd(price) } else { $0.notFound = true }
            }
        }
    }

    /// `buyer` records errand `errandID` bought at `prices` with its receipt.
    @discardableResult
    func recordPurchase(_ errandID: String, by buyer: String, prices: [Int64?]) async throws -> Quad_Jobs_V1_Errand {
        let receipt = receipt(of: errandID)
        return try await errands(buyer) {
            try await $0.recordPurchase(
                .with {
                    $0.errandID = errandID
                    $0.lines = Self.lines(prices)
                    $0.receiptDocumentID = receipt
                }
            )
        }
    }

    /// `buyer` delivers errand `errandID`.
    @discardableResult
    func deliver(_ errandID: String, by buyer: String) async throws -> Quad_Jobs_V1_Errand {
        try await errands(buyer) { try await $0.deliverErrand(.with { $0.errandID = errandID }) }
    }

    /// An errand of `requester` (`request`, else the default) that `buyer` accepted, bought at `prices` (else at the
    /// items' maxima) and delivered.
    func delivered(
        _ requester: String,
        by buyer: String,
        _ request: Quad_Jobs_V1_PostErrandRequest? = nil,
        prices: [Int64?]? = nil
    ) async throws -> Quad_Jobs_V1_Errand {
        let posted = try await post(requester, request)
        _ = try await errands(buyer) { try await $0.acceptErrand(.with { $0.errandID = posted.errandID }) }
        try await recordPurchase(
            posted.errandID,
            by: buyer,
            prices: prices ?? posted.items.map { $0.maximumPrice.minorUnits }
        )
        return try await deliver(posted.errandID, by: buyer)
    }

    /// The payload of the outbox message with `topic` and `key` to any destination, decoded as `M`.
    func outboxPayload<M: SwiftProtobuf.Message>(_ type: M.Type, topic: String, key: String) async throws -> M? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT payload FROM quad_outbox WHERE topic = ? AND key = ? ORDER BY id LIMIT 1",
                arguments: [topic, key]
            ).map { try M(serializedBytes: $0["payload"] as Data) }
        }
    }

    /// The outbox's messages as "destination topic key".
    func outboxLines() async throws -> [String] {
        try await outbox().map { "\($0.destination) \($0.topic) \($0.key)" }
    }

    /// The payloads of the events of `type` logged for `user`, oldest first.
    func events<M: SwiftProtobuf.Message>(_ type: M.Type, of user: String) async throws -> [M] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT payload FROM quad_event_log WHERE user_id = ? AND type = ? ORDER BY sequence",
                arguments: [user, M.protoMessageName]
            ).map { try M(serializedBytes: $0["payload"] as Data) }
        }
    }
}
