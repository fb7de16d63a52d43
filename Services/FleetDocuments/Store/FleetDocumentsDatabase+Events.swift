import QuadContracts
import QuadServiceKit
import QuadWire

extension FleetDocumentsDatabase {
    /// G3: fleet-documents' event log (freight's LoadChanged), followed by the gateway.
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}
