/// Drawing conversation prompts for a ride (R5): from a catalogue, only categories every member allows, never one the
/// same group was shown before in the ride. Pure: the shown prompts and the random source are the caller's.
public struct PromptDeck: Sendable, Hashable {
    /// The most prompts one draw gives.
    public static let maximumDraw = 10

    /// Every prompt there is, in catalogue order.
    public let catalogue: [RidePrompt]

    /// Creates a deck of `catalogue`.
    public init(catalogue: [RidePrompt]) {
        self.catalogue = catalogue
    }

    /// The prompts that may still be drawn for a group allowing `categories` that was shown `shown` (prompt ids), in
    /// catalogue order.
    public func eligible(categories: Set<String>, shown: Set<String>) -> [RidePrompt] {
        catalogue.filter { categories.contains($0.category) && !shown.contains($0.id) }
    }

    /// Up to `count` prompts drawn uniformly without replacement from ``eligible(categories:shown:)``, in the order
    /// drawn: fewer when fewer remain, none once the group has seen every prompt its categories allow (the caller
    /// says so: "no new prompts for this group").
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming `count` when it is outside 1...``maximumDraw``.
    public func draw(
        _ count: Int,
        categories: Set<String>,
        shown: Set<String>,
        using random: inout some RandomNumberGenerator
    ) throws(JobsError) -> [RidePrompt] {
        guard (1...Self.maximumDraw).contains(count) else { throw .drawCountOutOfRange(count) }
        var pool = eligible(categories: categories, shown: shown)
        let drawn = min(count, pool.count)
        // A partial Fisher-Yates shuffle: the first `drawn` places get a uniform sample, in a uniform order.
        for index in 0..<drawn {
            pool.swapAt(index, Int.random(in: index..<pool.count, using: &random))
        }
        return Array(pool.prefix(drawn))
    }
}

extension JobsError {
    static func drawCountOutOfRange(_ count: Int) -> JobsError {
        JobsError(
            code: .invalidArgument,
            message: "count must be between 1 and \(PromptDeck.maximumDraw), got \(count)",
            field: "count"
        )
    }
}
