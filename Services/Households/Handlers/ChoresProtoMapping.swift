import HouseholdsDomain
import QuadContracts

/// Chores' rows to and from households.proto's messages.
enum ChoresProtoMapping {
    static func chore(_ chore: ChoreRecord, _ current: OccurrenceRecord) -> Quad_Households_V1_Chore {
        .with {
            $0.choreID = chore.id
            $0.householdID = chore.householdID
            $0.name = chore.name
            $0.notes = chore.notes
            $0.`repeat` = self.repeats(chore.repeats)
            $0.assignment = mode(chore.mode)
            $0.memberIds = chore.memberIDs
            $0.urgent = chore.urgent
            $0.points = UInt32(chore.points)
            $0.createdBy = chore.createdBy
            $0.createdAtMicros = chore.createdAt
            $0.current = occurrence(current)
            $0.finished = chore.finished
        }
    }

    static func occurrence(_ record: OccurrenceRecord) -> Quad_Households_V1_ChoreOccurrence {
        .with {
            $0.occurrenceID = record.id
            $0.dueAtMicros = record.dueAt
            $0.assigneeIds = record.assigneeIDs
            $0.done = record.isDone
            $0.doneBy = record.doneBy ?? ""
            $0.doneAtMicros = record.doneAt ?? 0
        }
    }

    /// A done occurrence as a history entry (its id is the completion's).
    static func completion(_ record: OccurrenceRecord, choreName: String) -> Quad_Households_V1_ChoreCompletion {
        .with {
            $0.completionID = record.id
            $0.choreID = record.choreID
            $0.choreName = choreName
            $0.doneBy = record.doneBy ?? ""
            $0.dueAtMicros = record.dueAt
            $0.doneAtMicros = record.doneAt ?? 0
            $0.points = UInt32(record.points ?? 0)
            $0.photoDocumentID = record.photoDocumentID ?? ""
            if let rating = record.rating {
                $0.rating = .with {
                    $0.stars = UInt32(rating.stars)
                    $0.ratedBy = rating.ratedBy
                    $0.ratedAtMicros = rating.ratedAtMicros
                }
            }
        }
    }

    static func repeats(_ value: ChoreRepeat) -> Quad_Households_V1_ChoreRepeat {
        switch value {
        case .once: .once
        case .daily: .daily
        case .weekly: .weekly
        case .everyOtherWeek: .everyOtherWeek
        case .monthly: .monthly
        case .yearly: .yearly
        }
    }

    /// The domain's repeat of a request's; nil for UNSPECIFIED or a value this build does not know.
    static func repeats(_ value: Quad_Households_V1_ChoreRepeat) -> ChoreRepeat? {
        switch value {
        case .once: .once
        case .daily: .daily
        case .weekly: .weekly
        case .everyOtherWeek: .everyOtherWeek
        case .monthly: .monthly
        case .yearly: .yearly
        case .unspecified, .UNRECOGNIZED: nil
        }
    }

    static func mode(_ value: ChoreRotation.Mode) -> Quad_Households_V1_AssignmentMode {
        switch value {
        case .manual: .manual
        case .random: .random
        case .rotation: .rotation
        }
    }

    /// The domain's mode of a request's assignment; nil for UNSPECIFIED or a value this build does not know.
    static func mode(_ value: Quad_Households_V1_AssignmentMode) -> ChoreRotation.Mode? {
        switch value {
        case .manual: .manual
        case .random: .random
        case .rotation: .rotation
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}
