import Foundation
import JobsErrands
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension ErrandsService {
    /// E6: a message from one of the errand's two people to the other, once a buyer accepted it and until 7 days
    /// after it ended; numbered in order and delivered live to both through the gateway's event feed.
    public func sendErrandMessage(
        request: Quad_Jobs_V1_SendErrandMessageRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ErrandMessage {
        let caller = try context.requireCaller()
        try Self.requireErrandID(request.errandID)
        try refusingAsRPC { try ErrandChat.validate(request.text) }
        let sent = try await refusingAsRPC {
            try await database.sendMessage(
                errandID: request.errandID,
                from: caller.userID,
                text: request.text,
                now: nowMicros
            )
        }
        switch sent {
        case .success(let message): return message
        case .failure(.notFound): throw Self.chatNotFound(request.errandID)
        case .failure(.noBuyer):
            throw RPCError(
                code: .failedPrecondition,
                message: "errand \(request.errandID) has no buyer yet: its chat opens when a buyer accepts it"
            )
        case .failure(.closed(let at)):
            throw RPCError(
                code: .failedPrecondition,
                message: "the chat of errand \(request.errandID) closed at \(Microseconds.iso8601(at)), 7 days after "
                    + "the errand ended; its history stays readable"
            )
        }
    }

    /// E6: the chat's history, oldest first, for the errand's two people only.
    public func listErrandMessages(
        request: Quad_Jobs_V1_ListErrandMessagesRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ListErrandMessagesResponse {
        let caller = try context.requireCaller()
        try Self.requireErrandID(request.errandID)
        let limit = try PageLimit.resolve(request.limit, default: 50, maximum: 100, of: "messages")
        var after: Int64 = 0
        if !request.pageToken.isEmpty {
            guard let (sequence, key) = PageToken.parse(request.pageToken), key == "messages" else {
                throw RPCError(code: .invalidArgument, message: PageToken.refusal)
            }
            after = sequence
        }
        let page = try await refusingAsRPC {
            try await database.messages(errandID: request.errandID, for: caller.userID, after: after, limit: limit)
        }
        guard let page else { throw Self.chatNotFound(request.errandID) }
        return .with {
            $0.messages = page.messages
            $0.nextPageToken = page.next.map { PageToken.make($0, "messages") } ?? ""
            $0.closesAtMicros = page.closesAt ?? 0
        }
    }

    /// What anyone but the errand's two people hears of its chat: that of an unknown errand.
    static func chatNotFound(_ errandID: String) -> RPCError {
        RPCError(code: .notFound, message: "errand_id: no errand \(errandID) of yours to chat about")
    }
}
