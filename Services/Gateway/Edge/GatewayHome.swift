public import GatewayDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// `quad.gateway.v1.Gateway`: the home screen (G2), fanned out over the services that own its
/// parts. Each part is a call of its own with the home call's remaining deadline; the answer
/// is OK with a status per part (FanOut). Each product issue adds its parts.
public struct GatewayHome: Quad_Gateway_V1_Gateway.ServiceProtocol {
    private let admission: EdgeAdmission
    /// Where the profile part comes from (identity).
    private let profiles: Quad_Identity_V1_Identity.Client
    /// Where the campus part comes from (identity's directory).
    private let directory: Quad_Identity_V1_Identity.Client
    private let deadlines: DeadlinePolicy

    public init(
        authenticator: EdgeAuthenticator,
        rateLimiter: EdgeRateLimiter,
        profiles: any ClientTransport,
        directory: any ClientTransport,
        deadlines: DeadlinePolicy
    ) {
        self.admission = EdgeAdmission(rateLimiter: rateLimiter, authenticator: authenticator)
        self.profiles = Quad_Identity_V1_Identity.Client(transport: profiles)
        self.directory = Quad_Identity_V1_Identity.Client(transport: directory)
        self.deadlines = deadlines
    }

    public func getHome(request: Quad_Gateway_V1_GetHomeRequest, context: ServerContext) async throws -> Quad_Gateway_V1_Home {
        let method = Quad_Gateway_V1_Gateway.Method.getHome
        let caller = try await admission.admitSignedIn(method, context)
        var metadata = [CallerIdentityInterceptor.callerHeader: caller.headerValue]
        metadata["x-request-id"] = context.metadata["x-request-id"] ?? EntityID.generate()
        if let traceparent = context.metadata["traceparent"] { metadata["traceparent"] = traceparent }
        let options = CallOptions(timeout: deadlines.effectiveTimeout(requested: context.timeRemaining), metadata: metadata)

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
