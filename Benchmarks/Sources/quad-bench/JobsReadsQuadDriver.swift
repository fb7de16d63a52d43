import Foundation
import Logging
import NIOCore
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO
import Synchronization

/// jobs-reads over the quad wire: one `QuadClient` with a pool of `connections` (calls spread round-robin), mutual
/// TLS 1.3 with the gateway's certificate, each call carrying its customer's `x-quad-caller` as the gateway
/// forwards it. The open loop runs on the client's event loop (EventLoopTaskExecutor): at each call's instant a
/// child task sends it. Requests are encoded once up front and answers only counted (checked decoded in `verify`),
/// so the client's CPU goes to the transport, as in the HTTP driver.
final class QuadJobsDriver: JobsReadsDriver {
    final class Box: Sendable {
        let tally = Mutex(JobsReadsTally())
    }

    let client: QuadClient
    let workload: JobsReadsWorkload
    let connections: Int
    /// GetLaundryJob's request for each job, encoded.
    let getRequests: [ByteBuffer]
    /// ListMyLaundryJobs' request: every field at its default, which encodes as no bytes.
    let listRequest = ByteBuffer()
    /// Per customer: the caller header, and the timeout after which a call counts as failed.
    let customerOptions: [CallOptions]

    private init(client: QuadClient, workload: JobsReadsWorkload, connections: Int) throws {
        self.client = client
        self.workload = workload
        self.connections = connections
        getRequests = try workload.jobIDs.map { id in
            ByteBuffer(bytes: try Quad_Jobs_V1_GetLaundryJobRequest.with { $0.jobID = id }.serializedBytes() as [UInt8])
        }
        customerOptions = workload.callerHeaders.map {
            CallOptions(timeout: .seconds(5), metadata: [CallerIdentityInterceptor.callerHeader: $0])
        }
    }

    static func connect(_ options: JobsReadsLoad.Options, _ workload: JobsReadsWorkload) async throws -> QuadJobsDriver
    {
        let certificates = try DevCertificateSet.ensure(directory: options.certificates, services: ["gateway"])
        var logger = Logger(label: "quad-bench.jobs-reads")
        logger.logLevel = .warning
        let client = QuadClient(
            host: options.host,
            port: options.port,
            tls: try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway"),
                serverName: "jobs"
            ),
            configuration: ClientConfiguration(poolSize: options.connections, keepaliveInterval: nil),
            eventLoopGroup: benchEventLoopGroup,
            logger: logger
        )
        return try QuadJobsDriver(client: client, workload: workload, connections: options.connections)
    }

    func verify() async throws {
        let jobs = Quad_Jobs_V1_Jobs.Client(transport: client)
        // Twice round the pool, so every connection is open before the clock starts.
        for attempt in 0..<(2 * connections) {
            let index = attempt * 7 % workload.jobCount
            let customer = workload.jobCustomer[index]
            let job = try await jobs.getLaundryJob(
                .with { $0.jobID = workload.jobIDs[index] },
                options: customerOptions[customer]
            )
            guard job.jobID == workload.jobIDs[index], job.customerID == workload.customerIDs[customer] else {
                throw UsageError(
                    "GetLaundryJob answered job \(job.jobID) of \(job.customerID) for \(workload.jobIDs[index])"
                )
            }
            let list = try await jobs.listMyLaundryJobs(.init(), options: customerOptions[customer])
            guard !list.jobs.isEmpty, list.jobs.allSatisfy({ $0.customerID == workload.customerIDs[customer] }) else {
                throw UsageError(
                    "ListMyLaundryJobs answered \(list.jobs.count) jobs, not all of \(workload.customerIDs[customer])"
                )
            }
            if attempt == 0 {
                let jobBytes: [UInt8] = try job.serializedBytes()
                let listBytes: [UInt8] = try list.serializedBytes()
                let sizes = "GetLaundryJob \(jobBytes.count) bytes, ListMyLaundryJobs \(listBytes.count) bytes"
                FileHandle.standardError.write(Data("quad answers: \(sizes) (protobuf)\n".utf8))
            }
        }
    }

    func run(_ plan: JobsReadsPlan, giveUpAt: UInt64) async -> JobsReadsTally {
        let box = Box()
        let windowEnd = plan.end
        await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
            await withDiscardingTaskGroup { group in
                for (index, call) in plan.calls.enumerated() {
                    let intended = plan.intended(index)
                    await CPUProbe.sleep(until: intended)
                    group.addTask { [self] in
                        let ok: Bool
                        do {
                            switch call {
                            case .get(let job):
                                let answer = try await client.unary(
                                    Quad_Jobs_V1_Jobs.Method.getLaundryJob,
                                    request: getRequests[job],
                                    options: customerOptions[workload.jobCustomer[job]]
                                )
                                ok = answer.readableBytes > 0
                            case .list(let customer):
                                let answer = try await client.unary(
                                    Quad_Jobs_V1_Jobs.Method.listMyLaundryJobs,
                                    request: listRequest,
                                    options: customerOptions[customer]
                                )
                                ok = answer.readableBytes > 0
                            }
                        } catch {
                            ok = false
                        }
                        let finished = monotonicNanos()
                        box.tally.withLock {
                            $0.record(call, intended: intended, finished: finished, ok: ok, windowEnd: windowEnd)
                        }
                    }
                }
            }
        }
        // Every call ends by its 5 s timeout at the latest, so nothing is left unfinished here.
        return box.tally.withLock { $0 }
    }

    func close() async {
        client.close()
    }
}
