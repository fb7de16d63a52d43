import Foundation
public import Logging
import MatchingDomain
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage
import QuadWire

/// The matching bounded context (L2–L6, L16): dashers' presence per dorm, each dorm's queue of waiting laundry jobs,
/// offers with an expiry, preferred dashers and batch assignment. The rules are the domain's
/// (``MatchingDomain/ZoneQueue``); this service finds a dorm's queue, applies one operation and stores what changed
/// with the outbox messages and feed events the operation's ``MatchingDomain/MatchingEvent``s call for, all inside
/// one `QuadDatabase.write`. The database runs writes one at a time, so operations on a dorm are serialized: two
/// dashers asking at once never get the same job. The database is the queue; each dorm's queue is also kept in
/// memory (``ZoneQueueCache``), used by a write only when the dorm's stored version says it is the stored queue.
public final class MatchingService: Quad_Matching_V1_Matching.ServiceProtocol, Sendable {
    let database: MatchingDatabase
    let profiles: any DasherProfiles
    let configuration: MatchingServiceConfiguration
    let logger: Logger
    let clock: QuadClock

    /// - Parameters:
    ///   - profiles: identity's public profiles, for ListAcceptingDashers.
    ///   - logger: For what happens outside a call (the expiry timer).
    ///   - clock: The clock (tests pass a settable one); the expiry timer waits on it too.
    public init(
        database: QuadDatabase,
        profiles: any DasherProfiles,
        configuration: MatchingServiceConfiguration = .defaults,
        logger: Logger = Logger(label: "quad.matching"),
        clock: QuadClock = .system()
    ) {
        self.database = MatchingDatabase(storage: database, configuration: configuration.queue, clock: clock)
        self.profiles = profiles
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
    }

    /// The signed-in caller, who must be a dasher (L2, L3).
    static func requireDasher(_ context: ServerContext) throws -> Caller {
        let caller = try context.requireCaller()
        guard caller.roles.contains("dasher") else {
            throw RPCError(
                code: .permissionDenied,
                message: "\(context.method) is for dashers: pass the dasher quiz (identity's SubmitDasherQuiz) to get "
                    + "the dasher role, then refresh your session"
            )
        }
        return caller
    }

    /// The caller's dorm, where they accept requests and ask for jobs.
    static func requireDorm(_ caller: Caller, _ context: ServerContext) throws -> String {
        guard !caller.dormID.isEmpty else {
            throw RPCError(
                code: .failedPrecondition,
                message: "\(context.method) works in your dorm, and your session names none: set your dorm in your "
                    + "profile, then refresh your session"
            )
        }
        return caller.dormID
    }
}
