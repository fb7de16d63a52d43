public import QuadWire

/// How many items a list request asked for: its `limit`, where 0 means the list's default.
public enum PageLimit {
    /// `requested`, or `defaultLimit` for 0.
    ///
    /// - Parameter items: what the list holds, to name in the refusal ("at most 500 payouts at once"); nil names
    ///   nothing ("at most 200").
    /// - Throws: `RPCError` INVALID_ARGUMENT naming `limit` when `requested` is over `maximum`.
    public static func resolve(
        _ requested: UInt32,
        default defaultLimit: Int,
        maximum: Int,
        of items: String? = nil
    ) throws -> Int {
        guard requested <= maximum else {
            throw RPCError(
                code: .invalidArgument,
                message: "limit: at most \(maximum)\(items.map { " \($0) at once" } ?? ""), not \(requested)"
            )
        }
        return requested == 0 ? defaultLimit : Int(requested)
    }
}
