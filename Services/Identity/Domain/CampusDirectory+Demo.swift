extension CampusDirectory {
    /// The campus seeded on first start and by demo resets (G9): Northfield University with four dorms
    /// at different prices. Ids are fixed so seeds, demos and load runs repeat.
    public static let demo = CampusDirectory(campuses: [.northfield])
}

extension Campus {
    /// Northfield University, the demo campus.
    public static let northfield = Campus(
        id: "campus-northfield",
        name: "Northfield University",
        emailDomains: ["northfield.edu", "students.northfield.edu"],
        dorms: [
            Dorm(id: "dorm-maple-hall", name: "Maple Hall", washerPrice: .usd(175), dryerPrice: .usd(150)),
            Dorm(id: "dorm-birch-house", name: "Birch House", washerPrice: .usd(200), dryerPrice: .usd(175)),
            Dorm(id: "dorm-cedar-court", name: "Cedar Court", washerPrice: .usd(150), dryerPrice: .usd(125)),
            Dorm(id: "dorm-willow-tower", name: "Willow Tower", washerPrice: .usd(225), dryerPrice: .usd(200)),
        ]
    )
}

extension Money {
    /// US dollars in cents.
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
}
