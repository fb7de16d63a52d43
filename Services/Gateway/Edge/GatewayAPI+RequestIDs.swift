public import QuadWire

/// The ids the gateway's own methods take (a household, an organisation, a seat) are checked before any fan-out: an
/// id is at most ``maximumIDLength`` bytes. A longer one names nothing, and would otherwise be sent to every
/// upstream a home asks.
extension GatewayAPI {
    /// The longest id a request may carry, in UTF-8 bytes: several times any id the services make.
    static let maximumIDLength = 128

    /// `value`, or INVALID_ARGUMENT naming `field` when it is longer than an id can be.
    static func requireID(_ value: String, field: String) throws -> String {
        let length = value.utf8.count
        guard length <= maximumIDLength else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(field) is \(length) bytes long; an id is at most \(maximumIDLength)"
            )
        }
        return value
    }
}
