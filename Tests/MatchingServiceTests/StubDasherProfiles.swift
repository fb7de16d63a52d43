import MatchingService
import QuadContracts
import QuadWire

/// identity's public profiles as a test wants them: a fixed set, or identity down.
struct StubDasherProfiles: DasherProfiles {
    var profiles: [String: Quad_Identity_V1_PublicProfile] = [:]
    /// When set, every call fails with it, as an unreachable identity would.
    var failure: RPCError?

    func publicProfiles(of userIDs: [String]) async throws -> [Quad_Identity_V1_PublicProfile] {
        if let failure { throw failure }
        return userIDs.compactMap { profiles[$0] }
    }

    static func profile(_ userID: String, _ firstName: String, _ lastInitial: String, rating: Double, jobs: UInt32)
        -> Quad_Identity_V1_PublicProfile
    {
        .with {
            $0.userID = userID
            $0.firstName = firstName
            $0.lastInitial = lastInitial
            $0.rating = rating
            $0.ratingCount = 2
            $0.jobsDone = jobs
        }
    }
}
