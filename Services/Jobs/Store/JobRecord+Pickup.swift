extension JobRecord {
    /// Where the job's laundry is picked up (A4): the customer's first name, dorm and room as identity had them at
    /// submission. Shown to the job's assigned dasher only, from assignment until the job ends, when jobs forgets it.
    public struct Pickup: Sendable, Hashable, Codable {
        public var firstName: String
        public var dorm: String
        public var room: String

        /// Creates a pickup place.
        public init(firstName: String, dorm: String, room: String) {
            self.firstName = firstName
            self.dorm = dorm
            self.room = room
        }
    }

    /// Whether `viewer` may see ``pickup``: the job's assigned dasher, while the job is active (from assignment
    /// until completion or cancellation). Never its customer, a rejected dasher, or anyone else.
    func showsPickup(to viewer: String?) -> Bool {
        guard let viewer, let dasher = job.dasher else { return false }
        return viewer == dasher && job.status == .active
    }
}
