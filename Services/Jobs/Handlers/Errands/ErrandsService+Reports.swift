import Foundation
import JobsErrands
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension ErrandsService {
    /// E7: any signed-in person who can see an errand reports it once, with a reason. At three reporters it leaves
    /// the feed and waits for an operator. The reporter's answer is the same whether or not theirs was the third.
    public func reportErrand(
        request: Quad_Jobs_V1_ReportErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ReportErrandResponse {
        let caller = try context.requireCaller()
        try Self.requireErrandID(request.errandID)
        switch request.reason {
        case .illegal, .inappropriate, .spam, .other: break
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "reason: say why (ERRAND_REPORT_REASON_ILLEGAL, _INAPPROPRIATE, _SPAM or _OTHER)"
            )
        }
        try refusingAsRPC { try ErrandText.requireNote(request.text, field: "text") }
        let outcome = try await refusingAsRPC {
            try await database.report(
                errandID: request.errandID,
                by: caller.userID,
                campus: caller.campusID,
                reason: request.reason,
                text: request.text,
                now: nowMicros
            )
        }
        switch outcome {
        case .notFound: throw Self.notFound(request.errandID)
        case .ownErrand:
            throw RPCError(
                code: .failedPrecondition,
                message: "errand \(request.errandID) is yours: cancel it instead of reporting it"
            )
        case .reportedAlready:
            throw RPCError(
                code: .alreadyExists,
                message: "you reported errand \(request.errandID) already; once is enough"
            )
        case .reported(let at):
            return .with {
                $0.errandID = request.errandID
                $0.reportedAtMicros = at
            }
        }
    }

    /// E7, operators only: the errands hidden by reports, oldest first, each with its reports.
    public func listReportedErrands(
        request: Quad_Jobs_V1_ListReportedErrandsRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ListReportedErrandsResponse {
        try context.requireOperator(
            "only operators review reported errands: call it with the operator certificate (quad call)"
        )
        let limit = try PageLimit.resolve(request.limit, default: 20, maximum: 100, of: "errands")
        var cursor: (queuedAt: Int64, errandID: String)?
        if !request.pageToken.isEmpty {
            guard let (queuedAt, errandID) = PageToken.parse(request.pageToken) else {
                throw RPCError(code: .invalidArgument, message: PageToken.refusal)
            }
            cursor = (queuedAt, errandID)
        }
        let (errands, next) = try await refusingAsRPC { try await database.reviewQueue(after: cursor, limit: limit) }
        return .with {
            $0.errands = errands
            $0.nextPageToken = next.map { PageToken.make($0.queuedAt, $0.errandID) } ?? ""
        }
    }

    /// E7, operators only: restores a queued errand to the feed (its reports forgotten) or removes it (cancelled, its
    /// hold released). The requester is told through their feed, with the operator's note when removed.
    public func decideReportedErrand(
        request: Quad_Jobs_V1_DecideReportedErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        try context.requireOperator(
            "only operators review reported errands: call it with the operator certificate (quad call)"
        )
        try Self.requireErrandID(request.errandID)
        let restore: Bool
        switch request.decision {
        case .restore: restore = true
        case .remove: restore = false
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "decision: REPORT_DECISION_RESTORE or REPORT_DECISION_REMOVE"
            )
        }
        let note = request.note.isEmpty ? nil : request.note
        let errandConfiguration = configuration.errand
        let decided = try await refusingAsRPC {
            try await database.decide(
                errandID: request.errandID,
                restore: restore,
                note: note,
                configuration: errandConfiguration,
                now: nowMicros
            )
        }
        guard let decided else {
            throw RPCError(
                code: .notFound,
                message: "errand_id: errand \(request.errandID) is not waiting for review (ListReportedErrands lists "
                    + "those that are)"
            )
        }
        return decided
    }
}
