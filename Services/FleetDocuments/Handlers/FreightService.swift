import Foundation
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadWire

/// Freight (F1-F4, F6, F9), served by fleet-documents beside its document store, on the same database: carrier
/// organisations and their dispatchers and drivers, invites by email, and loads. Only members see anything of an
/// organisation; anyone else is told NOT_FOUND, as for ids that exist nowhere.
public final class FreightService: Quad_Freight_V1_Freight.ServiceProtocol, Sendable {
    let database: FleetDocumentsDatabase
    let emails: any AccountEmails
    let clock: QuadClock

    /// ListLoads' page when the request sets no limit, and the most it may ask.
    static let defaultListLimit = 50
    static let maximumListLimit = 200

    /// - Parameters:
    ///   - documents: the document store, whose database freight shares (a load's proof of delivery is a document).
    ///   - emails: the callers' emails (``PeerAccountEmails``), for the invites to them.
    public init(documents: DocumentsService, emails: any AccountEmails, clock: QuadClock = .system()) {
        self.database = documents.database
        self.emails = emails
        self.clock = clock
    }

    /// G3: freight's event source (LoadChanged), followed by the gateway.
    public func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await database.serveEvents(request: request, response: response, context: context)
    }

    /// The caller's email as identity has it; NOT_FOUND-free: an account identity no longer knows has no invites.
    func callerEmail(_ caller: Caller) async throws -> String? {
        try await emails.email(of: caller.userID).map { $0.lowercased() }
    }

    /// A new id.
    func newID() -> String { EntityID.generate(now: clock.date) }
}

/// `value` is set, or INVALID_ARGUMENT naming `field`.
func requireID(_ value: String, _ field: String, _ what: String) throws {
    guard !value.isEmpty else { throw RPCError(code: .invalidArgument, message: "\(field): name the \(what)") }
}
