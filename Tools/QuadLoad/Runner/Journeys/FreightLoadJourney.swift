import Foundation
import QuadContracts
import QuadToolKit
import QuadWire

/// A load's life in freight (F2-F5, F7, F9): a dispatcher opens their home, creates a load and assigns it to an idle
/// driver; the driver opens theirs and moves the load through the road's statuses (on the way, loading, on the way,
/// unloading), reporting a position every 2 s (`Positions.ReportPositions`) along the way, uploads a 1 MiB proof of
/// delivery (a PDF, client-streaming `Documents.Upload` in 256 KiB chunks) and completes the load.
///
/// Each seeded driver works one journey at a time; when every one is busy the journey fails with a message to
/// seed more (`--drivers`). Dispatchers are shared: any of them may create the next load.
public struct FreightLoadJourney: Journey {
    public let name = "freight-load"
    /// The positions reported in each status, one every ``pingInterval``.
    public let pingsPerStatus: Int
    /// Between two positions, as a driver's app sends them.
    public let pingInterval: Duration
    /// The proof of delivery's size.
    public let proofBytes: Int

    /// A journey with `pingsPerStatus` positions every `pingInterval` in each status and a proof of `proofBytes`.
    public init(pingsPerStatus: Int = 2, pingInterval: Duration = .seconds(2), proofBytes: Int = 1 << 20) {
        self.pingsPerStatus = pingsPerStatus
        self.pingInterval = pingInterval
        self.proofBytes = proofBytes
    }

    /// The road's statuses, in the order a driver sets them before completing.
    static let road: [Quad_Freight_V1_LoadStatus] = [.onTheWay, .loading, .onTheWay, .unloading]

    public func run(_ session: JourneySession) async throws {
        guard let carrier = session.population.carrier, !carrier.dispatchers.isEmpty else {
            throw JourneyError("\(name) needs a carrier: seed one with --dispatchers and --drivers")
        }
        guard let driver = session.population.checkOutDriver() else {
            throw JourneyError("every seeded driver is busy: seed more with --drivers")
        }
        defer { session.population.checkIn(driver: driver) }
        let dispatcher = carrier.dispatchers[session.random(in: 0..<carrier.dispatchers.count)]
        let dispatcherBearer = session.population.bearer(dispatcher)
        let desk = Quad_Freight_V1_Freight.Client(transport: session.device(of: dispatcher))
        let deskHome = Quad_Gateway_V1_Gateway.Client(transport: session.device(of: dispatcher))

        _ = try await session.call("gateway.GetDispatcherHome", metadata: dispatcherBearer) {
            try await deskHome.getDispatcherHome(.with { $0.organisationID = carrier.organisationID }, options: $0)
        }
        try await session.think(.milliseconds(500))
        let index = session.random(in: 0..<1_000_000)
        let number = "Q-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let load = try await session.call("freight.CreateLoad", metadata: dispatcherBearer) {
            try await desk.createLoad(
                DemoCarrierSeeder.loadRequest(index, number: number, of: carrier.organisationID),
                options: $0
            )
        }
        session.wrote(
            .freightLoad,
            id: load.loadID,
            by: "freight.CreateLoad",
            owner: dispatcher.userID,
            parent: carrier.organisationID
        )
        try await session.think(.milliseconds(300))
        _ = try await session.call("freight.AssignLoad", metadata: dispatcherBearer) {
            try await desk.assignLoad(
                .with {
                    $0.loadID = load.loadID
                    $0.driverID = driver.userID
                },
                options: $0
            )
        }

        let bearer = session.population.bearer(driver)
        let device = session.device(of: driver)
        let freight = Quad_Freight_V1_Freight.Client(transport: device)
        let positions = Quad_Freight_V1_Positions.Client(transport: device)
        let home = Quad_Gateway_V1_Gateway.Client(transport: device)
        _ = try await session.call("gateway.GetDriverHome", metadata: bearer) {
            try await home.getDriverHome(.init(), options: $0)
        }
        // From the pickup to the drop-off, a step a ping.
        let from = load.pickup.coordinate
        let to = load.dropOff.coordinate
        let steps = Self.road.count * pingsPerStatus
        var step = 0
        for status in Self.road {
            _ = try await session.call("freight.SetLoadStatus", metadata: bearer) {
                try await freight.setLoadStatus(
                    .with {
                        $0.loadID = load.loadID
                        $0.status = status
                    },
                    options: $0
                )
            }
            for _ in 0..<pingsPerStatus {
                try await session.think(pingInterval)
                let fraction = Double(step) / Double(max(steps - 1, 1))
                step += 1
                _ = try await session.call("positions.ReportPositions", metadata: bearer) {
                    try await positions.reportPositions(
                        .with {
                            $0.positions = [
                                .with {
                                    $0.latitude = from.latitude + (to.latitude - from.latitude) * fraction
                                    $0.longitude = from.longitude + (to.longitude - from.longitude) * fraction
                                    $0.recordedAtMicros = Int64(Date().timeIntervalSince1970 * 1_000_000)
                                    $0.accuracyMeters = 8
                                }
                            ]
                        },
                        options: $0
                    )
                }
            }
        }
        let documents = Quad_Documents_V1_Documents.Client(transport: device)
        let proof = Self.proofOfDelivery(bytes: proofBytes)
        let document = try await session.call("documents.Upload", metadata: bearer) {
            try await documents.upload(options: $0) { writer in
                try await writer.send(
                    .with {
                        $0.metadata = .with {
                            $0.ownerKind = .load
                            $0.ownerID = load.loadID
                            $0.purpose = .proofOfDelivery
                            $0.fileName = "pod-\(load.number).pdf"
                            $0.declaredType = .pdf
                        }
                    }
                )
                var offset = 0
                while offset < proof.count {
                    let end = min(offset + 256 * 1_024, proof.count)
                    try await writer.send(.with { $0.chunk = proof[offset..<end] })
                    offset = end
                }
            }
        }
        session.wrote(
            .document,
            id: document.documentID,
            by: "documents.Upload",
            owner: driver.userID,
            parent: load.loadID,
            sizeBytes: document.sizeBytes
        )
        try await session.think(.milliseconds(300))
        let done = try await session.call("freight.SetLoadStatus", metadata: bearer) {
            try await freight.setLoadStatus(
                .with {
                    $0.loadID = load.loadID
                    $0.status = .completed
                },
                options: $0
            )
        }
        guard done.status == .completed else {
            throw JourneyError("load \(load.number) was \(done.status) after its driver completed it")
        }
        session.wrote(
            .freightLoad,
            id: load.loadID,
            by: "freight.SetLoadStatus",
            owner: dispatcher.userID,
            parent: carrier.organisationID,
            state: "completed"
        )
    }

    /// A PDF of `bytes` bytes: the header, then filler.
    static func proofOfDelivery(bytes: Int) -> Data {
        var data = Data("%PDF-1.7\n% quad-load proof of delivery\n".utf8)
        data.append(Data(repeating: 0x20, count: max(0, bytes - data.count)))
        return data
    }
}
