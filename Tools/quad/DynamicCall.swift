import Foundation
import QuadToolKit
import NIOCore
import QuadDynamicMessages
import QuadWire

/// One call made from JSON with descriptors found at run time: the request transcoded to protobuf, the responses
/// back to JSON.
struct DynamicCall: Sendable {
    /// The method, as the server's descriptors describe it.
    let method: MethodInfo
    /// Transcodes with the server's descriptors.
    let transcoder: JSONTranscoder
    /// The server's descriptors.
    let pool: DescriptorPool

    /// Finds `methodName` (`package.Service/Method`) in `pool`.
    ///
    /// - Throws: ``CLIError`` for an unknown method (naming the ones there are) or a bidirectional one, which a
    ///   JSON argument and a file cannot drive.
    init(methodName: String, pool: DescriptorPool) throws {
        do {
            method = try pool.method(named: methodName)
        } catch let error as TranscodingError {
            throw CLIError(error.message, cause: error)
        }
        guard !(method.clientStreaming && method.serverStreaming) else {
            throw CLIError(
                "\(method.fullName) streams both ways; quad call makes unary calls, server streams and client streams"
            )
        }
        transcoder = JSONTranscoder(pool: pool)
        self.pool = pool
    }

    /// The wire's name for the method and its kind.
    var descriptor: MethodDescriptor {
        let parts = method.fullName.split(separator: "/", maxSplits: 1).map(String.init)
        return MethodDescriptor(
            service: parts.first ?? "",
            method: parts.count > 1 ? parts[1] : "",
            kind: method.serverStreaming ? .serverStreaming : method.clientStreaming ? .clientStreaming : .unary
        )
    }

    /// Encodes `json` as the request message.
    ///
    /// - Throws: ``CLIError`` naming the field path of the first mistake.
    func request(fromJSON json: String) throws -> ByteBuffer {
        do {
            return ByteBuffer(bytes: try transcoder.binary(fromJSON: json, messageType: method.inputType))
        } catch let error as TranscodingError {
            throw CLIError("the request is not a valid \(method.inputType): \(error.message)", cause: error)
        }
    }

    /// What to do with a file: stream it up after the JSON request (a client stream), or write the bytes of the
    /// responses into it (a server stream).
    struct Files: Sendable {
        /// For a client-streaming method: the file sent after the request, in messages of the request type with its
        /// one bytes field set to each chunk.
        var upload: String?
        /// For a server-streaming method: the file (created owner-only) the responses' bytes field is written to;
        /// responses without it are printed.
        var download: String?
        /// The bytes per upload message.
        var chunkSize = 256 * 1_024
    }

    /// Makes the call on `transport` and hands each response, as JSON, to `output`.
    ///
    /// - Throws: ``RPCError`` when the call ends non-OK, after the responses that arrived were output; ``CLIError``
    ///   for a file that cannot be read or written, or given to a method that does not stream that way.
    func run(
        on transport: any ClientTransport,
        json: String,
        files: Files = Files(),
        options: CallOptions,
        output: @escaping @Sendable (String) -> Void
    ) async throws {
        let request = try request(fromJSON: json)
        if files.upload != nil, !method.clientStreaming {
            throw CLIError("--upload is for a method that takes a stream of requests; \(method.fullName) does not")
        }
        if files.download != nil, !method.serverStreaming {
            throw CLIError("--download is for a method that answers with a stream; \(method.fullName) does not")
        }
        if method.clientStreaming {
            let upload = try files.upload.map { path in (try uploadField(), try Self.open(path)) }
            let chunkSize = files.chunkSize
            try await transport.streamingCall(descriptor, firstRequest: nil, halfClose: false, options: options) {
                call in
                try await call.send(request)
                if let (field, file) = upload {
                    defer { try? file.close() }
                    while let chunk = try Self.read(file, upTo: chunkSize) {
                        try await call.send(ByteBuffer(bytes: field.message(carrying: chunk)))
                    }
                }
                try await call.finish()
                for try await response in call.responses { output(try responseJSON(response)) }
            }
        } else if method.serverStreaming {
            let download = try files.download.map { path in (try downloadField(), try Self.create(path)) }
            defer { try? download?.1.close() }
            try await transport.streamingCall(descriptor, firstRequest: request, halfClose: true, options: options) {
                call in
                for try await response in call.responses {
                    let bytes = Array(response.readableBytesView)
                    if let (field, file) = download, let chunk = try field.bytes(in: bytes) {
                        try file.write(contentsOf: chunk)
                    } else {
                        output(try responseJSON(response))
                    }
                }
            }
        } else {
            let response = try await transport.unary(descriptor, request: request, options: options)
            output(try responseJSON(response))
        }
    }

    private func uploadField() throws -> BytesField {
        do {
            return try BytesField(of: method.inputType, in: pool)
        } catch let error as TranscodingError {
            throw CLIError("--upload: \(error.message)", cause: error)
        }
    }

    private func downloadField() throws -> BytesField {
        do {
            return try BytesField(of: method.outputType, in: pool)
        } catch let error as TranscodingError {
            throw CLIError("--download: \(error.message)", cause: error)
        }
    }

    private static func open(_ path: String) throws -> FileHandle {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw CLIError("--upload: cannot read \(path)")
        }
        return file
    }

    /// The next at most `count` bytes of `file`; nil at its end.
    private static func read(_ file: FileHandle, upTo count: Int) throws -> Data? {
        let data = try file.read(upToCount: count) ?? Data()
        return data.isEmpty ? nil : data
    }

    /// Creates `path` owner-only (0600), refusing to replace a file that exists.
    private static func create(_ path: String) throws -> FileHandle {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CLIError("--download: \(path) exists; name a new file")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: path)
        else {
            throw CLIError("--download: cannot create \(path)")
        }
        return file
    }

    /// A response message as pretty-printed JSON.
    private func responseJSON(_ buffer: ByteBuffer) throws -> String {
        do {
            return try transcoder.json(fromBinary: Array(buffer.readableBytesView), messageType: method.outputType)
        } catch let error as TranscodingError {
            throw CLIError("the response is not a valid \(method.outputType): \(error.message)", cause: error)
        }
    }
}
