public import QuadContracts
import QuadServiceKit
public import QuadWire

/// G2 for laundry: the customer's and the dasher's home screens, each one call fanned out over
/// jobs, matching and payments in parallel with a status per part (``FanOut``). The customer's
/// also carries their errands (GatewayAPI+ErrandsHomes.swift).
extension GatewayAPI {
    public func getCustomerHome(
        request: Quad_Gateway_V1_GetCustomerHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_CustomerHome {
        let (_, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getCustomerHome, context)
        async let jobs = FanOut.part {
            try await laundry.jobs.listMyLaundryJobs(
                .with {
                    $0.role = .customer; $0.filter = .inProgress
                },
                options: options
            ).jobs
        }
        async let dashers = FanOut.part {
            try await laundry.matching.listAcceptingDashers(.init(), options: options).dashers
        }
        async let balance = FanOut.part { try await laundry.payments.getBalance(.init(), options: options) }
        async let requested = errandsPart(.requester, options)
        async let toDeliver = errandsPart(.buyer, options)
        async let offered = ridesPart(.offerer, options)
        async let riding = ridesPart(.rider, options)
        let (jobsPart, dashersPart, balancePart) = await (jobs, dashers, balance)
        let (requestedPart, toDeliverPart) = await (requested, toDeliver)
        let (offeredPart, ridingPart) = await (offered, riding)
        return .with { home in
            home.jobsInProgress = .with {
                $0.status = jobsPart.status
                $0.jobs = jobsPart.value ?? []
            }
            home.acceptingDashers = .with {
                $0.status = dashersPart.status
                $0.dashers = dashersPart.value ?? []
            }
            home.balance = .with {
                $0.status = balancePart.status
                if let value = balancePart.value { $0.balance = value }
            }
            home.myErrands = requestedPart
            home.errandsToDeliver = toDeliverPart
            home.myRideOffers = offeredPart
            home.myRides = ridingPart
        }
    }

    public func getDasherHome(
        request: Quad_Gateway_V1_GetDasherHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DasherHome {
        let (_, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getDasherHome, context)
        async let jobs = FanOut.part {
            try await laundry.jobs.listMyLaundryJobs(
                .with {
                    $0.role = .dasher; $0.filter = .inProgress
                },
                options: options
            ).jobs
        }
        async let offer = FanOut.part { try await laundry.matching.getMyOffer(.init(), options: options) }
        async let earnings = FanOut.part { try await laundry.payments.getBalance(.init(), options: options) }
        let (jobsPart, offerPart, earningsPart) = await (jobs, offer, earnings)
        return .with { home in
            home.jobsInProgress = .with {
                $0.status = jobsPart.status
                $0.jobs = jobsPart.value ?? []
            }
            home.offer = .with {
                $0.status = offerPart.status
                if let value = offerPart.value, value.hasOffer { $0.offer = value.offer }
            }
            home.earnings = .with {
                $0.status = earningsPart.status
                if let value = earningsPart.value { $0.balance = value }
            }
        }
    }
}

/// The clients of the laundry home screens' parts.
struct LaundryHomeClients: Sendable {
    let jobs: Quad_Jobs_V1_Jobs.Client
    let matching: Quad_Matching_V1_Matching.Client
    let payments: Quad_Payments_V1_Payments.Client

    init(jobs: any ClientTransport, matching: any ClientTransport, payments: any ClientTransport) {
        self.jobs = Quad_Jobs_V1_Jobs.Client(transport: jobs)
        self.matching = Quad_Matching_V1_Matching.Client(transport: matching)
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
    }
}
