public import GatewayDomain
public import QuadKernel
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// `quad.gateway.v1.Gateway`, what the gateway answers itself:
/// - the home screen (G2), fanned out over the services that own its parts. Each part is a
///   call of its own with the home call's remaining deadline; the answer is OK with a status
///   per part (FanOut). Each product issue adds its parts.
/// - the user's event feed (G3, `Subscribe`), from the ``EventFeedHub``.
public struct GatewayAPI: Quad_Gateway_V1_Gateway.ServiceProtocol {
    let admission: EdgeAdmission
    let events: EventFeedHub
    /// Where the profile part comes from (identity).
    private let profiles: Quad_Identity_V1_Identity.Client
    /// Where the campus part comes from (identity's directory).
    private let directory: Quad_Identity_V1_Identity.Client
    private let deadlines: DeadlinePolicy
    /// The gateway's clock ("this week" of the household home).
    let clock: QuadClock
    /// Where the laundry home screens' parts come from (jobs, matching, payments).
    let laundry: LaundryHomeClients
    /// Where the freight home screens' parts come from (fleet-documents, identity's names).
    let freight: FreightHomeClients
    /// Where the customer home's errand parts come from (jobs' Errands).
    let errands: ErrandsHomeClients
    /// Where the household home's parts come from (households).
    let households: HouseholdHomeClients
    /// Where the customer home's ride parts and the seat requests come from (jobs' Rides, identity's profiles).
    let rides: RidesHomeClients

    /// - Parameter transports: the contexts' transports by name (`identity`, `jobs`, `matching`,
    ///   `payments`, `fleet-documents`, `households`); `profile` and `campus` replace identity's for those parts
    ///   (tests).
    public init(
        authenticator: EdgeAuthenticator,
        rateLimiter: EdgeRateLimiter,
        transports: [String: any ClientTransport],
        deadlines: DeadlinePolicy,
        events: EventFeedHub,
        clock: QuadClock = .system()
    ) {
        func transport(_ name: String, or fallback: String? = nil) -> any ClientTransport {
            transports[name] ?? fallback.flatMap { transports[$0] } ?? UnavailableTransport(context: fallback ?? name)
        }
        self.admission = EdgeAdmission(rateLimiter: rateLimiter, authenticator: authenticator)
        self.events = events
        self.profiles = Quad_Identity_V1_Identity.Client(transport: transport("profile", or: "identity"))
        self.directory = Quad_Identity_V1_Identity.Client(transport: transport("campus", or: "identity"))
        self.laundry = LaundryHomeClients(
            jobs: transport("jobs"),
            matching: transport("matching"),
            payments: transport("payments")
        )
        self.errands = ErrandsHomeClients(jobs: transport("jobs"))
        self.households = HouseholdHomeClients(households: transport("households"))
        self.rides = RidesHomeClients(jobs: transport("jobs"), identity: transport("profile", or: "identity"))
        self.freight = FreightHomeClients(
            fleetDocuments: transport("fleet-documents"),
            identity: transport("identity")
        )
        self.deadlines = deadlines
        self.clock = clock
    }

    /// Admits a signed-in home call and makes the options its parts are called with: the
    /// caller forwarded, the request and trace ids, the call's remaining deadline.
    func admitHomeCall(_ method: MethodDescriptor, _ context: ServerContext) async throws -> (Caller, CallOptions) {
        let caller = try await admission.admitSignedIn(method, context)
        var metadata = [CallerIdentityInterceptor.callerHeader: caller.headerValue]
        metadata["x-request-id"] = context.metadata["x-request-id"] ?? EntityID.generate()
        if let traceparent = context.metadata["traceparent"] { metadata["traceparent"] = traceparent }
        return (
            caller,
            CallOptions(timeout: deadlines.effectiveTimeout(requested: context.timeRemaining), metadata: metadata)
        )
    }

    public func getHome(request: Quad_Gateway_V1_GetHomeRequest, context: ServerContext) async throws
        -> Quad_Gateway_V1_Home
    {
        let (caller, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getHome, context)

        async let profile = FanOut.part { try await profiles.getMyProfile(.init(), options: options) }
        async let campus = FanOut.part {
            let campuses = try await directory.listCampuses(.init(), options: options)
            guard let campus = campuses.campuses.first(where: { $0.campusID == caller.campusID }) else {
                throw RPCError(code: .notFound, message: "campus \(caller.campusID) is not in the directory")
            }
            return campus
        }
        let (profilePart, campusPart) = await (profile, campus)
        return .with { home in
            home.profile = .with {
                $0.status = profilePart.status
                if let value = profilePart.value { $0.profile = value }
            }
            home.campus = .with {
                $0.status = campusPart.status
                if let value = campusPart.value { $0.campus = value }
            }
        }
    }
}

extension GatewayAPI {
    /// G3: the signed-in user's feed (see ``EventFeedHub``), until the app ends the call, its
    /// deadline or the server's cap passes, or it falls a whole queue behind (RESOURCE_EXHAUSTED:
    /// resume with the last id).
    public func subscribe(
        request: Quad_Gateway_V1_SubscribeRequest,
        response: MessageWriter<Quad_Gateway_V1_FeedMessage>,
        context: ServerContext
    ) async throws {
        let caller = try await admission.admitSignedIn(Quad_Gateway_V1_Gateway.Method.subscribe, context)
        let subscription = events.subscribe(
            user: caller.userID,
            lastEventID: request.hasLastEventID ? request.lastEventID : nil
        )
        defer { subscription.cancel() }
        for await message in subscription.messages {
            try await response.send(message)
        }
        try Task.checkCancellation()
        if subscription.fellBehind {
            throw RPCError(
                code: .resourceExhausted,
                message:
                    "the feed fell \(events.queueLimit) messages behind this subscriber; subscribe again with last_event_id to resume"
            )
        }
    }
}
