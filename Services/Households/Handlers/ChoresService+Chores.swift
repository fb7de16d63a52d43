import Foundation
import HouseholdsDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// H4, H5: creating, editing, reading, deleting and listing chores, and marking them done.
extension ChoresService {
    /// The longest chore name, in characters.
    static let nameLimit = 100
    /// The longest notes, in characters.
    static let notesLimit = 1000
    /// The most members a chore goes to (a household's most).
    static let memberLimit = 50
    /// The most effort points a chore earns.
    static let pointsLimit = 100

    public func createChore(
        request: Quad_Households_V1_CreateChoreRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Chore {
        let caller = try context.requireCaller()
        let name = try Self.choreName(request.name)
        try Self.checkNotes(request.notes)
        try Self.checkDue(request.dueAtMicros)
        guard let repeats = ChoresProtoMapping.repeats(request.repeat) else {
            throw RPCError(
                code: .invalidArgument,
                message: "repeat: choose ONCE, DAILY, WEEKLY, EVERY_OTHER_WEEK, MONTHLY or YEARLY"
            )
        }
        guard let mode = ChoresProtoMapping.mode(request.assignment) else {
            throw RPCError(code: .invalidArgument, message: "assignment: choose MANUAL, RANDOM or ROTATION")
        }
        let rotation = try Self.rotation(mode, request.memberIds)
        try Self.checkPoints(request.points)
        let now = clock.micros()
        let draft = ChoreDraft(
            id: newID(),
            occurrenceID: newID(),
            householdID: request.householdID,
            name: name,
            notes: request.notes,
            dueAt: request.dueAtMicros,
            repeats: repeats,
            rotation: rotation,
            urgent: request.urgent,
            points: Int(request.points),
            createdBy: caller.userID,
            createdAt: now
        )
        let (chore, current) = try await refusingAsRPC { try await database.create(draft) }
        context.logger.info("chore created", metadata: ["chore_id": "\(chore.id)"])
        return ChoresProtoMapping.chore(chore, current)
    }

    public func editChore(
        request: Quad_Households_V1_EditChoreRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Chore {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.choreID, "chore_id", "chore")
        var edit = ChoreEdit()
        if request.hasName { edit.name = try Self.choreName(request.name) }
        if request.hasNotes {
            try Self.checkNotes(request.notes)
            edit.notes = request.notes
        }
        if request.hasUrgent { edit.urgent = request.urgent }
        if request.hasPoints {
            try Self.checkPoints(request.points)
            edit.points = Int(request.points)
        }
        if request.hasDueAtMicros {
            try Self.checkDue(request.dueAtMicros)
            edit.dueAt = request.dueAtMicros
        }
        let (chore, current) = try await refusingAsRPC {
            try await database.edit(request.choreID, edit, by: caller.userID, at: clock.micros())
        }
        return ChoresProtoMapping.chore(chore, current)
    }

    public func getChore(
        request: Quad_Households_V1_GetChoreRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Chore {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.choreID, "chore_id", "chore")
        let (chore, current) = try await refusingAsRPC { try await database.chore(request.choreID, for: caller.userID) }
        return ChoresProtoMapping.chore(chore, current)
    }

    public func deleteChore(
        request: Quad_Households_V1_DeleteChoreRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_DeleteChoreResponse {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.choreID, "chore_id", "chore")
        try await refusingAsRPC {
            try await database.deleteChore(request.choreID, by: caller.userID, at: clock.micros())
        }
        return .init()
    }

    public func listChores(
        request: Quad_Households_V1_ListChoresRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListChoresResponse {
        let caller = try context.requireCaller()
        guard request.dueBeforeMicros >= 0 else {
            throw RPCError(
                code: .invalidArgument,
                message: "due_before_micros: a UTC instant in microseconds, or 0 for no bound"
            )
        }
        let chores = try await refusingAsRPC {
            try await database.chores(
                of: request.householdID,
                for: caller.userID,
                mineOnly: request.mineOnly,
                dueBefore: request.dueBeforeMicros == 0 ? nil : request.dueBeforeMicros,
                includeFinished: request.includeFinished
            )
        }
        return .with { $0.chores = chores.map { ChoresProtoMapping.chore($0.0, $0.1) } }
    }

    public func markChoreDone(
        request: Quad_Households_V1_MarkChoreDoneRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_MarkChoreDoneResponse {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.choreID, "chore_id", "chore")
        try HouseholdsInput.requireID(
            request.occurrenceID,
            "occurrence_id",
            "chore's current occurrence (GetChore shows it)"
        )
        let photo = request.photoDocumentID.isEmpty ? nil : request.photoDocumentID
        if let photo {
            // Membership first, so a stranger learns nothing of the chore's documents from the answer.
            _ = try await refusingAsRPC { try await database.chore(request.choreID, for: caller.userID) }
            try await requirePhoto(photo, of: request.choreID)
        }
        let done = try await refusingAsRPC {
            try await database.markDone(
                request.choreID,
                occurrence: request.occurrenceID,
                photo: photo,
                nextID: newID(),
                by: caller.userID,
                at: clock.micros()
            )
        }
        return .with {
            $0.completion = ChoresProtoMapping.completion(done.completion, choreName: done.chore.name)
            $0.chore = ChoresProtoMapping.chore(done.chore, done.current)
        }
    }

    // MARK: Checks

    /// Refuses a photo that is not a CHORE_PHOTO document of chore `choreID` in fleet-documents; UNAVAILABLE,
    /// nothing changed, when fleet-documents cannot answer.
    private func requirePhoto(_ documentID: String, of choreID: String) async throws {
        try await documents.require(
            documentID,
            of: .chore,
            choreID,
            purpose: .chorePhoto,
            refusal: RPCError(
                code: .invalidArgument,
                message: "photo_document_id: \(documentID) is not a photo of this chore; upload it first "
                    + "(Documents/Upload, owner OWNER_KIND_CHORE and this chore, purpose DOCUMENT_PURPOSE_CHORE_PHOTO)"
            ),
            unavailable: "fleet-documents cannot check the photo now; nothing changed: retry shortly"
        )
    }

    static func choreName(_ raw: String) throws -> String {
        try HouseholdsInput.line(
            raw,
            limit: nameLimit,
            refusal: "name: give the chore a name of 1 to \(nameLimit) characters, without control characters"
        )
    }

    static func checkNotes(_ notes: String) throws {
        guard notes.count <= notesLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "notes: at most \(notesLimit) characters, not \(notes.count)"
            )
        }
    }

    /// A due time from 1970 to before 9999 UTC (0, unset, is refused too).
    static func checkDue(_ dueAt: Int64) throws {
        guard dueAt != 0 else {
            throw RPCError(code: .invalidArgument, message: "due_at_micros: give the due time, in UTC microseconds")
        }
        try refusingAsRPC { try HouseholdCalendar.checkRange(dueAt, field: "due_at_micros") }
    }

    static func checkPoints(_ points: UInt32) throws {
        guard points <= pointsLimit else {
            throw RPCError(code: .invalidArgument, message: "points: 0 to \(pointsLimit), not \(points)")
        }
    }

    /// The chosen members as the domain's rotation: 1 to 50, each once (the household's members are checked in the
    /// transaction).
    static func rotation(_ mode: ChoreRotation.Mode, _ members: [String]) throws -> ChoreRotation {
        guard (1...memberLimit).contains(members.count) else {
            throw RPCError(
                code: .invalidArgument,
                message: "member_ids: choose 1 to \(memberLimit) members of the household, not \(members.count)"
            )
        }
        do throws(HouseholdsError) {
            return try ChoreRotation(mode: mode, memberIDs: members)
        } catch {
            // The domain names its own field; the request's is member_ids.
            throw RPCError(
                code: .invalidArgument,
                message: error.message.replacingOccurrences(of: "assignee_ids", with: "member_ids")
            )
        }
    }

}
