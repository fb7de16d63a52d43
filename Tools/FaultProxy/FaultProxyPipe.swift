import NIOCore

/// One connection through a fault proxy: the client's (the gateway's) and the one to the target, and the chunks on
/// their way each way, each due at its time (a chunk's delay, never before the chunk before it). Confined to the
/// proxy's loop.
final class FaultProxyPipe: @unchecked Sendable {
    /// Which connection a chunk came from.
    enum Side: Sendable {
        /// The gateway's connection to the proxy.
        case client
        /// The proxy's connection to the service.
        case upstream
    }

    /// Chunks on their way one way (a class: a write or close may call back into the pipe while it is changed).
    private final class Flow {
        var queue = CircularBuffer<(due: NIODeadline, bytes: ByteBuffer)>()
        var lastDue = NIODeadline.uptimeNanoseconds(0)
        var scheduled = false
        var sourceClosed = false
    }

    private unowned let core: FaultProxyCore
    private let client: any Channel
    private var upstream: (any Channel)?
    private let fromClient = Flow()
    private let fromUpstream = Flow()
    private var closedSides = 0
    private var ended = false
    /// Whether `drop` black-holed any of its bytes: its byte streams have a gap, so heal resets it.
    private(set) var lostBytes = false

    init(core: FaultProxyCore, client: any Channel) {
        self.core = core
        self.client = client
    }

    /// A chunk read from `side`.
    func read(_ bytes: ByteBuffer, from side: Side) {
        guard !ended else { return }
        guard let delay = core.delayForChunk(bytes: bytes.readableBytes) else {
            lostBytes = true
            return
        }
        let flow = self.flow(from: side)
        let due = max(NIODeadline.now() + TimeAmount(delay), flow.lastDue)
        flow.lastDue = due
        flow.queue.append((due, bytes))
        pump(from: side)
    }

    /// The connection to the target is up: what the client sent meanwhile goes.
    func upstreamConnected(_ channel: any Channel) {
        guard !ended else {
            FaultProxyCore.resetClose(channel)
            return
        }
        upstream = channel
        pump(from: .client)
    }

    /// The target could not be reached: the client's connection is reset, as a refused one would be.
    func upstreamFailed() {
        guard !ended else { return }
        reset()
        core.ended(self)
    }

    /// `side`'s connection closed: what it sent still goes (then the other is closed); once both are closed the
    /// pipe ends.
    func closed(_ side: Side) {
        closedSides += 1
        flow(from: side).sourceClosed = true
        if closedSides >= 2 || (side == .client && upstream == nil) {
            end()
            return
        }
        pump(from: side)
    }

    /// Resets both connections now, dropping what is on its way.
    func reset() {
        guard !ended else { return }
        ended = true
        FaultProxyCore.resetClose(client)
        if let upstream { FaultProxyCore.resetClose(upstream) }
    }

    private func end() {
        guard !ended else { return }
        ended = true
        client.close(promise: nil)
        upstream?.close(promise: nil)
        core.ended(self)
    }

    private func flow(from side: Side) -> Flow {
        side == .client ? fromClient : fromUpstream
    }

    /// Writes every chunk from `side` that is due, schedules the next, and closes the other connection once `side`
    /// closed and nothing of it is left.
    private func pump(from side: Side) {
        guard !ended else { return }
        let destination: (any Channel)? = side == .client ? upstream : client
        guard let destination else { return }
        let flow = self.flow(from: side)
        let now = NIODeadline.now()
        var wrote = false
        while let first = flow.queue.first, first.due <= now {
            flow.queue.removeFirst()
            core.forwardedBytes += first.bytes.readableBytes
            destination.write(first.bytes, promise: nil)
            wrote = true
        }
        if wrote { destination.flush() }
        if let next = flow.queue.first {
            guard !flow.scheduled else { return }
            flow.scheduled = true
            core.loop.scheduleTask(deadline: next.due) { [self] in
                self.flow(from: side).scheduled = false
                pump(from: side)
            }
        } else if flow.sourceClosed {
            destination.close(promise: nil)
        }
    }
}
