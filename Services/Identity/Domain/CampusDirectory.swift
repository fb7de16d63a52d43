/// Every campus identity knows (A5): the source of truth for email domains, dorms and machine prices.
public struct CampusDirectory: Sendable, Hashable, Codable {
    /// The campuses, in the order ListCampuses returns them.
    public var campuses: [Campus]

    /// Creates a directory.
    public init(campuses: [Campus]) {
        self.campuses = campuses
    }

    /// The campus with this id.
    public func campus(id: String) -> Campus? {
        campuses.first { $0.id == id }
    }

    /// The campus whose students have addresses at `domain` (case-insensitive).
    public func campus(forEmailDomain domain: String) -> Campus? {
        campuses.first { $0.acceptsEmailDomain(domain) }
    }
}
