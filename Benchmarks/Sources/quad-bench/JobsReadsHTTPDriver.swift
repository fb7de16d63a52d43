import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import QuadCertificates
import QuadContracts
import QuadServiceKit
import SwiftProtobuf

/// jobs-reads over HTTP/1.1 + JSON: `connections` keep-alive TLS 1.3 connections (the gateway's client
/// certificate, as towards quad-jobs), one request at a time on each (no pipelining, as HTTP clients do), each
/// request carrying its customer's `x-quad-caller`. Everything runs on the client's event loop with NIOHTTP1
/// handlers: at each call's instant the call joins a FIFO queue, and an idle connection takes the oldest; a call
/// that waits for a connection is charged the wait.
///
/// `@unchecked Sendable`: every mutable field is touched only on `loop` (the async entry points hop onto it).
final class HTTPJobsDriver: JobsReadsDriver, @unchecked Sendable {
    let loop: any EventLoop
    let workload: JobsReadsWorkload
    /// The request heads, built once: GET of each job, and the list as each customer.
    let getHeads: [HTTPRequestHead]
    let listHeads: [HTTPRequestHead]

    private var connections: [HTTPJobsConnection] = []
    private var idle: [HTTPJobsConnection] = []

    // The step in progress.
    private var stepID = 0
    private var plan: JobsReadsPlan?
    private var nextCall = 0
    private var queue: [Int] = []
    private var queueHead = 0
    private var outstanding = 0
    private var tally = JobsReadsTally()
    private var done: EventLoopPromise<JobsReadsTally>?
    private var arrivalTimer: Scheduled<Void>?
    private var giveUpTimer: Scheduled<Void>?

    private init(loop: any EventLoop, workload: JobsReadsWorkload) {
        self.loop = loop
        self.workload = workload
        func head(_ uri: String, customer: Int) -> HTTPRequestHead {
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri)
            head.headers.add(name: "Host", value: "jobs")
            head.headers.add(name: CallerIdentityInterceptor.callerHeader, value: workload.callerHeaders[customer])
            return head
        }
        getHeads = workload.jobIDs.indices.map {
            head("/v1/laundry-jobs/\(workload.jobIDs[$0])", customer: workload.jobCustomer[$0])
        }
        listHeads = workload.customerIDs.indices.map { head("/v1/laundry-jobs", customer: $0) }
    }

    static func connect(_ options: JobsReadsLoad.Options, _ workload: JobsReadsWorkload) async throws -> HTTPJobsDriver
    {
        let certificates = try DevCertificateSet.ensure(directory: options.certificates, services: ["gateway"])
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv13
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates.caPath))
        configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(
            certificates.certificatePath(service: "gateway")
        ).map { .certificate($0) }
        configuration.privateKey = .privateKey(
            try NIOSSLPrivateKey(file: certificates.keyPath(service: "gateway"), format: .pem)
        )
        configuration.applicationProtocols = ["http/1.1"]
        let sslContext = try NIOSSLContext(configuration: configuration)
        let driver = HTTPJobsDriver(loop: benchEventLoopGroup.next(), workload: workload)
        for _ in 0..<options.connections {
            _ = try await ClientBootstrap(group: driver.loop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: sslContext, serverHostname: "jobs")
                        )
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        let connection = HTTPJobsConnection(driver: driver)
                        try channel.pipeline.syncOperations.addHandler(connection)
                        driver.connections.append(connection)
                        driver.idle.append(connection)
                    }
                }
                .connect(host: options.host, port: options.port)
                .get()
        }
        return driver
    }

    func verify() async throws {
        // One call of each kind on every connection, decoded and checked against the seed.
        for attempt in 0..<connections.count {
            let index = attempt * 7 % workload.jobCount
            let customer = workload.jobCustomer[index]
            let jobBody = try await fetch(getHeads[index], on: attempt)
            let job = try Quad_Jobs_V1_LaundryJob(jsonUTF8Bytes: jobBody)
            guard job.jobID == workload.jobIDs[index], job.customerID == workload.customerIDs[customer] else {
                throw UsageError("GET answered job \(job.jobID) of \(job.customerID) for \(workload.jobIDs[index])")
            }
            let listBody = try await fetch(listHeads[customer], on: attempt)
            let list = try Quad_Jobs_V1_ListMyLaundryJobsResponse(jsonUTF8Bytes: listBody)
            guard !list.jobs.isEmpty, list.jobs.allSatisfy({ $0.customerID == workload.customerIDs[customer] }) else {
                throw UsageError(
                    "the list answered \(list.jobs.count) jobs, not all of \(workload.customerIDs[customer])"
                )
            }
            if attempt == 0 {
                let sizes = "GET one job \(jobBody.count) bytes, GET the list \(listBody.count) bytes"
                FileHandle.standardError.write(Data("hummingbird answers: \(sizes) (JSON)\n".utf8))
            }
        }
    }

    /// The body of one request on connection `index` (200 only).
    private func fetch(_ head: HTTPRequestHead, on index: Int) async throws -> [UInt8] {
        try await loop.flatSubmit {
            let promise = self.loop.makePromise(of: [UInt8].self)
            self.connections[index].fetch(head, promise: promise)
            return promise.futureResult
        }.get()
    }

    func run(_ plan: JobsReadsPlan, giveUpAt: UInt64) async -> JobsReadsTally {
        let promise = loop.makePromise(of: JobsReadsTally.self)
        loop.execute { self.begin(plan, giveUpAt: giveUpAt, done: promise) }
        return (try? await promise.futureResult.get()) ?? JobsReadsTally()
    }

    func close() async {
        _ = try? await loop.flatSubmit {
            EventLoopFuture.andAllComplete(self.connections.map { $0.close() }, on: self.loop)
        }.get()
    }

    // MARK: On the loop

    private func begin(_ plan: JobsReadsPlan, giveUpAt: UInt64, done: EventLoopPromise<JobsReadsTally>) {
        stepID += 1
        self.plan = plan
        nextCall = 0
        queue = []
        queueHead = 0
        outstanding = 0
        tally = JobsReadsTally()
        tally.getNanos.reserveCapacity(plan.calls.count / 2 + 64)
        tally.listNanos.reserveCapacity(plan.calls.count / 2 + 64)
        self.done = done
        giveUpTimer = loop.scheduleTask(in: Self.delay(until: giveUpAt)) { self.giveUp() }
        scheduleArrival()
    }

    private static func delay(until instant: UInt64) -> TimeAmount {
        .nanoseconds(Int64(instant) - Int64(monotonicNanos()))
    }

    private func scheduleArrival() {
        guard let plan, nextCall < plan.calls.count else { return }
        arrivalTimer = loop.scheduleTask(in: Self.delay(until: plan.intended(nextCall))) { self.arrive() }
    }

    /// Queues every call that is due (the timer may fire late: all of them, each keeping its own instant).
    private func arrive() {
        guard let plan else { return }
        let now = monotonicNanos()
        while nextCall < plan.calls.count, plan.intended(nextCall) <= now {
            queue.append(nextCall)
            nextCall += 1
        }
        dispatch()
        scheduleArrival()
    }

    private func dispatch() {
        guard let plan else { return }
        while queueHead < queue.count, let connection = idle.popLast() {
            let index = queue[queueHead]
            queueHead += 1
            outstanding += 1
            let head: HTTPRequestHead
            switch plan.calls[index] {
            case .get(let job): head = getHeads[job]
            case .list(let customer): head = listHeads[customer]
            }
            connection.send(head, step: stepID, call: index, intended: plan.intended(index))
        }
        if queueHead > 4096, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }

    /// A connection finished call `call` of step `step`.
    func completed(_ connection: HTTPJobsConnection, step: Int, call: Int, intended: UInt64, ok: Bool) {
        let finished = monotonicNanos()
        idle.append(connection)
        guard step == stepID, let plan else { return dispatch() }
        outstanding -= 1
        tally.record(plan.calls[call], intended: intended, finished: finished, ok: ok, windowEnd: plan.end)
        dispatch()
        finishIfDone()
    }

    /// A connection closed or failed; its call, if any, failed.
    func lost(_ connection: HTTPJobsConnection, step: Int?) {
        idle.removeAll { $0 === connection }
        connections.removeAll { $0 === connection }
        if let step, step == stepID, plan != nil {
            outstanding -= 1
            tally.errors += 1
            finishIfDone()
        }
    }

    private func finishIfDone() {
        guard let plan, nextCall == plan.calls.count, queueHead == queue.count, outstanding == 0 else { return }
        finish()
    }

    private func giveUp() {
        guard let plan else { return }
        let left = outstanding + (queue.count - queueHead) + (plan.calls.count - nextCall)
        tally.unfinished += left
        tally.errors += left
        finish()
    }

    private func finish() {
        arrivalTimer?.cancel()
        giveUpTimer?.cancel()
        plan = nil
        let result = tally
        tally = JobsReadsTally()
        done?.succeed(result)
        done = nil
    }
}

/// One keep-alive connection: a request at a time; tells the driver when the whole answer arrived.
final class HTTPJobsConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    // Strong: the driver forgets a connection when it closes (`lost`), which breaks the cycle.
    private let driver: HTTPJobsDriver
    private var context: ChannelHandlerContext?
    private var current: (step: Int, call: Int, intended: UInt64)?
    private var fetching: EventLoopPromise<[UInt8]>?
    private var status: HTTPResponseStatus = .ok
    private var bodyBytes = 0
    private var body: [UInt8] = []

    init(driver: HTTPJobsDriver) {
        self.driver = driver
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func send(_ head: HTTPRequestHead, step: Int, call: Int, intended: UInt64) {
        current = (step, call, intended)
        write(head)
    }

    func fetch(_ head: HTTPRequestHead, promise: EventLoopPromise<[UInt8]>) {
        fetching = promise
        body = []
        write(head)
    }

    private func write(_ head: HTTPRequestHead) {
        guard let context else { return }
        bodyBytes = 0
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
    }

    func close() -> EventLoopFuture<Void> {
        guard let context else { return driver.loop.makeSucceededVoidFuture() }
        return context.close()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let response):
            status = response.status
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if fetching != nil { body += buffer.readableBytesView }
        case .end:
            let ok = status == .ok && bodyBytes > 0
            if let promise = fetching {
                fetching = nil
                if ok {
                    promise.succeed(body)
                } else {
                    promise.fail(UsageError("HTTP \(status.code): \(String(decoding: body, as: UTF8.self))"))
                }
            } else if let call = current {
                current = nil
                driver.completed(self, step: call.step, call: call.call, intended: call.intended, ok: ok)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fetching?.fail(UsageError("the connection closed"))
        fetching = nil
        driver.lost(self, step: current?.step)
        current = nil
        self.context = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
