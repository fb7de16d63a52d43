import QuadWire
import QuadToolKit

extension ServiceProcess.Launch {
    /// The same launch, with the same flags, pinned to the ports `ready` says the service listened on.
    ///
    /// A restarted service must come back where it was: the gateway was given fixed `--upstreams`, and clients
    /// hold the addresses endpoints.json gave them. `--rpc-port` and `--admin-port` are replaced where the launch
    /// has them (every `quad up` launch does, as `0`) and appended otherwise.
    ///
    /// - Throws: ``CLIError`` when an address in `ready` is not `host:port`.
    func onSamePorts(as ready: ReadyFile) throws -> Self {
        var launch = self
        for (flag, address) in [("--rpc-port", ready.rpc), ("--admin-port", ready.admin)] {
            guard let port = HostPort(parsing: address)?.port else {
                throw CLIError("\(service)'s ready file gives \(flag.dropFirst(2)) address '\(address)', not host:port")
            }
            launch.arguments = Self.setting(flag, to: "\(port)", in: launch.arguments)
        }
        return launch
    }

    /// `arguments` with the value after the last `flag` (the one a service reads) replaced by `value`, or with
    /// `flag value` appended.
    private static func setting(_ flag: String, to value: String, in arguments: [String]) -> [String] {
        var arguments = arguments
        if let index = arguments.lastIndex(of: flag), arguments.index(after: index) < arguments.endIndex {
            arguments[arguments.index(after: index)] = value
        } else {
            arguments += [flag, value]
        }
        return arguments
    }
}
