import ArgumentParser
import QuadToolKit
import Foundation
import QuadBuiltInContracts
import QuadWire
import QuadWireNIO

/// `quad call`: one RPC from the command line, JSON in and JSON out, like grpcurl.
struct CallCommand: AsyncParsableCommand {
    /// The subcommand's name and help text, exit codes included.
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call a method of a running service with a JSON request and print the response as JSON.",
        discussion: """
            ADDRESS is host:port, or a service name (identity, gateway, ...) looked up in the endpoints file \
            `quad up` writes. The request is encoded with the descriptors the server's Reflection service returns, \
            so any method of any Quad server can be called. A server-streaming method prints each response as it \
            arrives until the stream ends. A client-streaming method sends the request and, with --upload FILE, the \
            file in chunks (a document's upload); with --download FILE a server stream's bytes go into FILE (a \
            document's download). `quad call ADDRESS list` lists the services the server hosts.

            TLS: services accept mutual TLS only. --ca, --cert and --key default to the files named in the \
            endpoints file, else to .quad/certs/{ca,client,client-key}.pem (`quad certs` makes them).

            Exit codes: 0 the call ended OK; 1 it ended with another status, printed on stderr as \
            `ERROR: CODE_NAME: message` followed by the trailers (UNAVAILABLE when the server cannot be reached); \
            2 nothing was called (bad address, endpoints file, certificates, JSON or method name); 64 bad usage.
            """
    )

    /// `host:port` or a service name.
    @Argument(help: "host:port, or a service name from the endpoints file.")
    var address: String

    /// `package.Service/Method`, or `list`.
    @Argument(help: "package.Service/Method (e.g. quad.identity.v1.Identity/ListCampuses), or `list`.")
    var method: String

    /// The request as JSON.
    @Argument(help: "The request in the proto3 JSON mapping; `-` reads it from stdin.")
    var json = "{}"

    /// The endpoints file service names are looked up in.
    @Option(help: "The endpoints file `quad up` writes.")
    var endpoints = ".quad/endpoints.json"

    /// The CA certificate to trust.
    @Option(help: "The CA certificate (PEM) the server's certificate must be signed by.")
    var ca: String?

    /// The client certificate.
    @Option(help: "The client certificate (PEM) to present.")
    var cert: String?

    /// The client key.
    @Option(help: "The client certificate's private key (PEM).")
    var key: String?

    /// The name the server's certificate is checked against.
    @Option(help: "The name the server's certificate must carry (default: from the endpoints file, else the host).")
    var serverName: String?

    /// Request metadata flags.
    @Option(name: [.customLong("metadata"), .customShort("H")], help: "Request metadata as key=value; repeatable.")
    var metadata: [String] = []

    /// A file to stream up.
    @Option(
        help: """
            For a method that takes a stream of requests (e.g. quad.documents.v1.Documents/Upload): after the JSON \
            request, send this file in messages of the request type with its one bytes field set to each chunk.
            """
    )
    var upload: String?

    /// Bytes per upload message.
    @Option(help: "The bytes per message of --upload (default 262144, the document store's chunk).")
    var chunkSize: Int = 256 * 1_024

    /// A file to stream down into.
    @Option(
        help: """
            For a method that answers with a stream (e.g. quad.documents.v1.Documents/Download): write the one bytes \
            field of each response into this new file (owner-only); print the responses without it.
            """
    )
    var download: String?

    /// The call's deadline.
    @Option(help: "The call's deadline, e.g. 500ms, 5s, 2m (default: 10s for unary calls, none for streams).")
    var timeout: String?

    /// The deadline of unary calls when `--timeout` is not given.
    static let defaultUnaryTimeout: Duration = .seconds(10)

    /// Makes the call; see the discussion for what is printed and the exit codes.
    func run() async throws {
        do {
            try await call()
        } catch let error as RPCError {
            RPCErrorReport.lines(for: error).forEach(Console.error)
            throw ExitCode(CallExitCode.rpcFailure)
        } catch let error as CLIError {
            Console.error("error: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    private func call() async throws {
        let metadata = try MetadataFlag.parse(metadata)
        let timeout = try timeout.map(CallTimeout.parse)
        let target = try CallTarget.resolve(
            address: address,
            flags: CallTarget.Flags(ca: ca, certificate: cert, key: key, serverName: serverName),
            endpointsPath: endpoints,
            endpoints: { [endpoints] in
                FileManager.default.fileExists(atPath: endpoints) ? try EndpointsFile.load(path: endpoints) : nil
            },
            certificatesDirectory: ".quad/certs"
        )
        let client = QuadClient(
            host: target.address.host,
            port: target.address.port,
            tls: try tlsSettings(for: target),
            configuration: ClientConfiguration(poolSize: 1)
        )
        defer { client.close() }
        let lookup = DescriptorLookup(
            reflection: Quad_Reflection_V1_Reflection.Client(transport: client),
            address: address,
            // The lookup has its own deadline: --timeout is the method call's.
            options: CallOptions(timeout: Self.defaultUnaryTimeout, metadata: metadata)
        )
        if method == "list" {
            try await lookup.services().forEach(Console.out)
            return
        }
        guard let service = method.split(separator: "/").first, method.contains("/") else {
            throw CLIError("\(method) is not a method name: write package.Service/Method, or `list`")
        }
        let dynamicCall = try DynamicCall(
            methodName: method,
            pool: try await lookup.pool(forService: String(service))
        )
        let options = CallOptions(
            timeout: timeout ?? (dynamicCall.method.serverStreaming ? nil : Self.defaultUnaryTimeout),
            metadata: metadata
        )
        guard chunkSize > 0, chunkSize <= 4 * 1_024 * 1_024 - 64 else {
            throw CLIError("--chunk-size: 1 to 4194240 bytes (a message fits one 4 MiB frame), not \(chunkSize)")
        }
        try await dynamicCall.run(
            on: client,
            json: try requestJSON(),
            files: DynamicCall.Files(upload: upload, download: download, chunkSize: chunkSize),
            options: options,
            output: Console.out
        )
    }

    /// The JSON argument, or stdin when it is `-`.
    private func requestJSON() throws -> String {
        guard json == "-" else { return json }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError("stdin is not UTF-8 text") }
        return text
    }

    /// Mutual TLS with the target's files.
    private func tlsSettings(for target: CallTarget) throws -> TLSSettings {
        do {
            return try TLSSettings.client(
                trustRootsPEM: target.caPath,
                certificateChainPEM: target.certificatePath,
                privateKeyPEM: target.keyPath,
                serverName: target.serverName
            )
        } catch {
            throw CLIError(
                "cannot load the TLS files (--ca \(target.caPath), --cert \(target.certificatePath), "
                    + "--key \(target.keyPath)): \(error); run `quad certs` or pass the right files",
                cause: error
            )
        }
    }
}
