/// A conversation prompt of the catalogue (R5): "What's the best trip you've taken?", in a category riders may
/// allow or not (the proto's `PromptCategory`, by name).
public struct RidePrompt: Sendable, Hashable, Codable {
    /// Its id in the catalogue.
    public var id: String
    /// Its category's name.
    public var category: String
    /// What it asks.
    public var text: String

    /// Creates a prompt.
    public init(id: String, category: String, text: String) {
        self.id = id
        self.category = category
        self.text = text
    }
}

/// The people in the taxi a prompt is shown to: a ride never shows the same group the same prompt twice, and a group
/// that changes (a rider gets out) may see it again.
public struct RidePromptGroup: Sendable, Hashable {
    /// The offerer and the riders aboard.
    public let members: Set<String>

    /// Creates a group.
    public init(members: Set<String>) {
        self.members = members
    }

    /// The members' ids sorted and joined by commas: the same group always has the same key, whatever the order
    /// they came in.
    public var key: String { members.sorted().joined(separator: ",") }
}
