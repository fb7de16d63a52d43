public import QuadContracts
import QuadServiceKit
public import QuadWire

extension PaymentsService {
    /// G3: payments' event source, followed by the gateway (``QuadServiceKit/EventSourceStream``).
    public func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await database.serveEvents(request: request, response: response, context: context)
    }
}
