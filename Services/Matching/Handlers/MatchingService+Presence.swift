public import QuadContracts
import QuadServiceKit
public import QuadWire

/// L2: dashers turning "accepting requests" on and off, and the dorm's list customers see.
extension MatchingService {
    /// The signed-in dasher turns accepting on or off in their own dorm. A dasher accepts in one dorm at a time:
    /// turning it on in their dorm turns it off in any other (their dorm changed meanwhile), and turning it off turns
    /// it off everywhere. Turning it off withdraws an offer they hold and sends back to the dorm queue the jobs whose
    /// customer asked for them. The answer's `since_micros` is when they started accepting, or, turned off, now.
    public func setAccepting(
        request: Quad_Matching_V1_SetAcceptingRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_Presence {
        let caller = try Self.requireDasher(context)
        let dorm = try Self.requireDorm(caller, context)
        let accepting = request.accepting
        let since = try await database.setAccepting(accepting, dasher: caller.userID, dorm: dorm)
        return .with {
            $0.dasherID = caller.userID
            $0.dormID = dorm
            $0.accepting = accepting
            $0.sinceMicros = since
        }
    }

    /// The accepting dashers of a dorm (`dorm_id`, or the caller's), longest accepting first, with their names,
    /// ratings and jobs done from identity. When identity cannot answer, the list still comes, with ids and
    /// accepting times but empty names: who can take a job now matters more than how they are shown, and the app
    /// fills in names on the next refresh.
    public func listAcceptingDashers(
        request: Quad_Matching_V1_ListAcceptingDashersRequest,
        context: ServerContext
    ) async throws -> Quad_Matching_V1_ListAcceptingDashersResponse {
        let caller = try context.requireCaller()
        let dorm = request.dormID.isEmpty ? caller.dormID : request.dormID
        guard !dorm.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "dorm_id: name the dorm (your session names none)")
        }
        let accepting = try await database.acceptingDashers(dorm: dorm)
        var profiles: [String: Quad_Identity_V1_PublicProfile] = [:]
        if !accepting.isEmpty {
            do {
                for profile in try await self.profiles.publicProfiles(of: accepting.map(\.dasher)) {
                    profiles[profile.userID] = profile
                }
            } catch {
                context.logger.warning(
                    "identity's public profiles are unavailable; listing accepting dashers without names",
                    metadata: ["dorm_id": "\(dorm)", "error": "\(error)"]
                )
            }
        }
        return .with {
            $0.dormID = dorm
            $0.dashers = accepting.map { entry in
                let profile = profiles[entry.dasher]
                return .with {
                    $0.dasherID = entry.dasher
                    $0.firstName = profile?.firstName ?? ""
                    $0.lastInitial = profile?.lastInitial ?? ""
                    $0.rating = profile?.rating ?? 0
                    $0.ratingCount = profile?.ratingCount ?? 0
                    $0.jobsDone = profile?.jobsDone ?? 0
                    $0.acceptingSinceMicros = entry.since
                }
            }
        }
    }
}
