import Foundation
public import QuadBuiltInContracts
import QuadStorage
public import QuadWire
import QuadWireCore

/// The outbox's dead letters for operators (`quad outbox`): list, inspect, replay.
extension AdminService {
    /// The most dead letters one ListDeadLetters answers.
    static let deadLetterPageLimit = 500

    public func listDeadLetters(
        request: Quad_Admin_V1_ListDeadLettersRequest,
        context: ServerContext
    ) async throws -> Quad_Admin_V1_ListDeadLettersResponse {
        try context.requireOperator(Self.operatorsOnly)
        guard request.limit >= 0, request.limit <= Self.deadLetterPageLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "limit: between 1 and \(Self.deadLetterPageLimit) (0 for 100), not \(request.limit)"
            )
        }
        guard request.afterID >= 0 else {
            throw RPCError(
                code: .invalidArgument,
                message: "after_id: the last id of the previous page, or 0; not \(request.afterID)"
            )
        }
        let letters = try await database.deadLetters(
            destination: request.destination.isEmpty ? nil : request.destination,
            topic: request.topic.isEmpty ? nil : request.topic,
            afterID: request.afterID,
            limit: request.limit == 0 ? 100 : Int(request.limit)
        )
        return .with { $0.deadLetters = letters.map { Self.wire($0, withPayload: false) } }
    }

    public func getDeadLetter(
        request: Quad_Admin_V1_GetDeadLetterRequest,
        context: ServerContext
    ) async throws -> Quad_Admin_V1_DeadLetter {
        try context.requireOperator(Self.operatorsOnly)
        guard let letter = try await database.deadLetter(id: request.id) else {
            throw RPCError(
                code: .notFound,
                message:
                    "id: \(name) has no dead letter \(request.id); `quad outbox list --service \(name)` shows its dead letters"
            )
        }
        return Self.wire(letter, withPayload: true)
    }

    public func replayDeadLetter(
        request: Quad_Admin_V1_ReplayDeadLetterRequest,
        context: ServerContext
    ) async throws -> Quad_Admin_V1_ReplayDeadLetterResponse {
        try context.requireOperator(Self.operatorsOnly)
        let replayed: DeadLetter
        do {
            replayed = try await database.replayDeadLetter(id: request.id, at: clock.date)
        } catch let error as StorageError {
            switch error.code {
            case .deadLetterNotFound:
                throw RPCError(code: .notFound, message: "id: \(name): \(error.message)")
            case .deadLetterReplayed:
                throw RPCError(code: .failedPrecondition, message: error.message)
            case .duplicateOutboxKey:
                throw RPCError(
                    code: .failedPrecondition,
                    message: "dead letter \(request.id) cannot be replayed now: \(error.message)"
                )
            default:
                throw error
            }
        }
        context.logger.notice(
            "dead letter replayed",
            metadata: [
                "id": "\(replayed.id)", "destination": "\(replayed.destination)", "topic": "\(replayed.topic)",
                "outbox_id": "\(replayed.replayedAs ?? 0)",
            ]
        )
        return .with { $0.deadLetter = Self.wire(replayed, withPayload: false) }
    }

    private static let operatorsOnly =
        "dead letters are for operators: call with a client certificate of the deployment (`quad outbox`)"

    private static func wire(_ letter: DeadLetter, withPayload: Bool) -> Quad_Admin_V1_DeadLetter {
        .with {
            $0.id = letter.id
            $0.destination = letter.destination
            $0.topic = letter.topic
            $0.key = letter.key
            $0.attempts = Int32(clamping: letter.attempts)
            $0.status = letter.status
            $0.lastError = letter.lastError
            $0.enqueuedAtMicros = micros(letter.createdAt)
            $0.deadAtMicros = micros(letter.deadAt)
            $0.payloadBytes = Int64(letter.payload.count)
            if withPayload { $0.payload = letter.payload }
            $0.replayedAtMicros = letter.replayedAt.map(micros) ?? 0
            $0.replayedAs = letter.replayedAs ?? 0
        }
    }

    private static func micros(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }
}
