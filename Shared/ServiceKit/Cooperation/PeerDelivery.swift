public import Foundation
public import QuadContracts
public import QuadStorage
public import QuadWire
public import QuadWireCore
public import GRDB

/// Outbox messages between contexts (DESIGN.md, How services cooperate): the relay's sending
/// side calls the destination context's `Deliver` method; the receiving side applies each
/// (source, key) once, in the transaction of its effect.
public enum PeerDelivery {
    /// The `deliver` closure of an ``QuadStorage/OutboxRelay`` whose messages go to other
    /// contexts' `Deliver` (`destination` is the context's name, e.g. `payments`).
    public static func deliver(
        from source: String,
        peers: Peers,
        catalog: [ServiceDescription] = QuadServiceCatalog.all,
        timeout: Duration = .seconds(10)
    ) -> @Sendable (OutboxMessage) async throws -> Void {
        var methods: [String: MethodDescriptor] = [:]
        for service in catalog {
            guard let context = service.context, let deliver = service.methods.first(where: { $0.method == "Deliver" })
            else { continue }
            methods[context] = deliver
        }
        let deliverMethods = methods
        return { message in
            guard let method = deliverMethods[message.destination] else {
                throw RPCError(code: .unimplemented, message: "context '\(message.destination)' has no Deliver method")
            }
            let delivery = Quad_Types_V1_OutboxDelivery.with {
                $0.source = source
                $0.topic = message.topic
                $0.key = message.key
                $0.payload = message.payload
            }
            _ = try await peers.transport(message.destination).unary(
                method,
                request: delivery,
                as: Quad_Types_V1_DeliveryReceipt.self,
                options: CallOptions(timeout: timeout)
            )
        }
    }
}

extension PeerDelivery {
    /// The answers that refuse a delivery for good: retrying the same message cannot change them, so after the
    /// relay's `maxRefusals` the message is dead-lettered.
    public static let refusalsForGood: Set<StatusCode> = [
        .invalidArgument, .failedPrecondition, .notFound, .unimplemented, .permissionDenied,
    ]

    /// The relay's `classify` for deliveries to other contexts: an RPC answered with one of ``refusalsForGood`` is
    /// refused; anything else (UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, INTERNAL, a connection that
    /// failed) is the destination being unable to take it now, retried and never dead-lettered.
    public static func failure(of error: any Error) -> OutboxDeliveryFailure {
        guard let error = error as? RPCError, refusalsForGood.contains(error.code) else { return .unavailable }
        return .refused(status: error.code.name)
    }
}

extension QuadDatabase {
    /// Applies `delivery` once: `body` runs in the transaction that records its (source, key)
    /// in the inbox; a redelivery runs nothing and answers `applied: false`.
    public func receive(
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ body: @escaping @Sendable (Database) throws -> Void
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        guard !delivery.source.isEmpty, !delivery.key.isEmpty, !delivery.topic.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "a delivery needs source, topic and key")
        }
        let applied = try await write { db in
            guard try Inbox.receiveOnce(db, source: delivery.source, key: delivery.key) else { return false }
            try body(db)
            return true
        }
        return .with { $0.applied = applied }
    }
}
