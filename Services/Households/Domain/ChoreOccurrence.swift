/// One due date of a chore and its state (H5, H6): open until an assignee marks it done, then a history entry
/// that another member may rate.
public struct ChoreOccurrence: Sendable, Hashable {
    public var dueAtMicros: Int64
    /// Empty when unassigned (every chosen member left): then any member may mark it done.
    public var assignees: [String]
    /// The rotation's turn that picked the assignee (``ChoreRotation/Pick/turn``).
    public var turn: Int?
    /// Nil while open.
    public private(set) var completion: ChoreCompletion?

    /// An occurrence due at `dueAtMicros` for `pick`'s assignees; `completion` when it is read back done.
    public init(dueAtMicros: Int64, pick: ChoreRotation.Pick, completion: ChoreCompletion? = nil) {
        self.dueAtMicros = dueAtMicros
        assignees = pick.assignees
        turn = pick.turn
        self.completion = completion
    }

    public var isDone: Bool { completion != nil }

    /// Marks the occurrence done by `member` at `now` and returns the next occurrence (nil for a chore done once):
    /// due per the plan's repeat, assigned per its rotation among the household's current `members`.
    ///
    /// Refuses a member who is not an assignee, or not a member at all (PERMISSION_DENIED); an occurrence already
    /// done (FAILED_PRECONDITION); an empty photo id (`photo_document_id`); and what ``ChoreRepeat/next(after:anchorDay:anchorMinuteOfDay:in:)``
    /// refuses. Nothing changes when it throws.
    public mutating func markDone(
        by member: String,
        at now: Int64,
        photoDocumentID: String? = nil,
        plan: ChorePlan,
        members: Set<String>,
        seed: UInt64
    ) throws(HouseholdsError) -> ChoreOccurrence? {
        guard members.contains(member) else {
            throw HouseholdsError(
                code: .permissionDenied,
                message: "\(member) is not a member of this household, so may not mark its chores done",
                field: nil
            )
        }
        guard assignees.isEmpty || assignees.contains(member) else {
            throw HouseholdsError(
                code: .permissionDenied,
                message: "only an assignee (\(assignees.joined(separator: ", "))) may mark this chore done",
                field: nil
            )
        }
        if let completion {
            throw HouseholdsError(
                code: .failedPrecondition,
                message: "this occurrence was already marked done by \(completion.doneBy)",
                field: nil
            )
        }
        if let photoDocumentID, photoDocumentID.isEmpty {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "photo_document_id: empty; leave it out or upload the photo first",
                field: "photo_document_id"
            )
        }
        let next = try plan.repeats.next(
            after: dueAtMicros,
            anchorDay: plan.anchorDay,
            anchorMinuteOfDay: plan.anchorMinuteOfDay,
            in: plan.timeZone
        )
        completion = ChoreCompletion(
            doneBy: member,
            doneAtMicros: now,
            points: plan.points,
            photoDocumentID: photoDocumentID
        )
        guard let next else { return nil }
        return ChoreOccurrence(
            dueAtMicros: next,
            pick: plan.rotation.pick(after: turn, members: members, seed: seed)
        )
    }

    /// Records `member`'s rating of the done occurrence. Refuses stars outside 1...5 (`rating`); an occurrence
    /// not done yet or rated already (FAILED_PRECONDITION); the doer or a non-member (PERMISSION_DENIED).
    public mutating func rate(
        stars: Int,
        by member: String,
        at now: Int64,
        members: Set<String>
    ) throws(HouseholdsError) {
        guard (1...5).contains(stars) else {
            throw HouseholdsError(code: .invalidArgument, message: "rating: \(stars) is not 1...5", field: "rating")
        }
        guard var completion else {
            throw HouseholdsError(code: .failedPrecondition, message: "rate a chore once it is done", field: nil)
        }
        guard members.contains(member), member != completion.doneBy else {
            throw HouseholdsError(
                code: .permissionDenied,
                message: "another member than the one who did the chore rates it",
                field: nil
            )
        }
        if let rating = completion.rating {
            throw HouseholdsError(
                code: .failedPrecondition,
                message: "already rated \(rating.stars) by \(rating.ratedBy)",
                field: nil
            )
        }
        completion.rating = ChoreRating(stars: stars, ratedBy: member, ratedAtMicros: now)
        self.completion = completion
    }
}
