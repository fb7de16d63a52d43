import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import SwiftProtobuf
import Testing

/// Households through the whole system: the gateway, quad-households, identity, payments and fleet-documents.
extension LaundrySystem {
    var households: Quad_Households_V1_Households.Client { .init(transport: gateway) }
    var chores: Quad_Households_V1_Chores.Client { .init(transport: gateway) }
    var expenses: Quad_Households_V1_Expenses.Client { .init(transport: gateway) }
}

/// A flatmate signed in on their own phone (another loopback address), with a sandbox card and their email.
struct Flatmate: Sendable {
    var person: Person
    var email: String
    var client: QuadClient
    var card: String
    var households: Quad_Households_V1_Households.Client { .init(transport: client) }
    var chores: Quad_Households_V1_Chores.Client { .init(transport: client) }
    var expenses: Quad_Households_V1_Expenses.Client { .init(transport: client) }
    var payments: Quad_Payments_V1_Payments.Client { .init(transport: client) }
    var gateway: Quad_Gateway_V1_Gateway.Client { .init(transport: client) }
    var userID: String { person.userID }
    var options: CallOptions { person.options }
    var streaming: CallOptions { CallOptions(timeout: .seconds(90), metadata: person.options.metadata) }
    func options(key: String) -> CallOptions { person.options(key: key) }

    /// Someone signs up (born on `born`) and adds a card, calling from `address`.
    static func join(
        _ name: String,
        _ address: String,
        born: (year: Int32, month: Int32, day: Int32) = (2004, 5, 17),
        in system: LaundrySystem
    ) async throws -> Flatmate {
        let person = try await system.register(name, born: born)
        let profile = try await system.identity.getMyProfile(.init(), options: person.options)
        return Flatmate(
            person: person,
            email: profile.email,
            client: try system.gatewayClient(from: address),
            card: try await system.addCard(person)
        )
    }

    /// Money in US dollars.
    static func usd(_ minor: Int64) -> Quad_Types_V1_Amount { LaundrySystem.usd(minor) }

    /// The next feed event of `type` whose payload `matches`, skipping the others.
    static func next<Payload: SwiftProtobuf.Message, Feed: AsyncIteratorProtocol>(
        _ feed: inout Feed,
        _ type: Payload.Type,
        where matches: (Payload) -> Bool = { _ in true }
    ) async throws -> Payload? where Feed.Element == Quad_Gateway_V1_FeedMessage {
        while let message = try await feed.next() {
            guard message.event.type == Payload.protoMessageName else { continue }
            #expect(message.event.source == "households")
            let payload = try Payload(serializedBytes: message.event.payload)
            if matches(payload) { return payload }
        }
        return nil
    }
}
