public import QuadContracts
import QuadServiceKit
public import QuadWire

/// G2 for errands (E2): the customer home's errand parts, the caller's active errands as requester and as buyer,
/// each one call to jobs' `Errands/ListMyErrands`, fetched beside the home's other parts.
extension GatewayAPI {
    /// How many errands of one role a home lists.
    static let homeErrandsPerRole: UInt32 = 20

    /// The caller's active errands in `role`, as a home part (``FanOut``): its status, its errands and whether there
    /// are more.
    func errandsPart(_ role: Quad_Jobs_V1_ErrandRole, _ options: CallOptions) async -> Quad_Gateway_V1_ErrandsPart {
        let part = await FanOut.part {
            try await errands.errands.listMyErrands(
                .with {
                    $0.role = role
                    $0.activeOnly = true
                    $0.limit = Self.homeErrandsPerRole
                },
                options: options
            )
        }
        return .with {
            $0.status = part.status
            $0.errands = part.value?.errands ?? []
            $0.more = !(part.value?.nextPageToken.isEmpty ?? true)
        }
    }
}

/// The client of the errand home parts (jobs, which serves `quad.jobs.v1.Errands`).
struct ErrandsHomeClients: Sendable {
    let errands: Quad_Jobs_V1_Errands.Client

    init(jobs: any ClientTransport) {
        self.errands = Quad_Jobs_V1_Errands.Client(transport: jobs)
    }
}
