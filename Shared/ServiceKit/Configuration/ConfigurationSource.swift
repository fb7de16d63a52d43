import Synchronization

/// Resolves configuration keys for one process: a command-line flag first, then a `QUAD_*` environment
/// variable, then the default written at the call site.
///
/// Keys are kebab-case (`rpc-port`). The flag is `--rpc-port 7001` or `--rpc-port=7001`; the environment
/// variable is `QUAD_` followed by the key in upper snake case (`QUAD_RPC_PORT`). Every typed getter records
/// the key, its environment name, its type and its default in ``documentedKeys``, so `--help-config` can list
/// everything a service reads (see ``helpText()``).
///
/// ```swift
/// let config = ConfigurationSource()
/// let port = try config.int("rpc-port", default: 7001, help: "port of the RPC listener")
/// let drain = try config.duration("drain-timeout", default: .seconds(10))
/// if config.isHelpRequested { print(config.helpText()); return }
/// ```
public final class ConfigurationSource: Sendable {
    /// The prefix of every environment variable this source reads.
    public static let environmentPrefix = "QUAD_"

    /// The flag that asks a service to print ``helpText()`` instead of starting.
    public static let helpFlag = "--help-config"

    /// The command-line arguments, without the program name.
    let arguments: [String]
    /// The process environment.
    let environment: [String: String]
    /// Keys read so far, in the order they were first read.
    private let documented = Mutex<[DocumentedConfigurationKey]>([])

    /// Creates a source over the given arguments and environment (use this in tests).
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments **without** the program name.
    ///   - environment: Environment variables, typically a small dictionary in tests.
    public init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// Creates a source over this process's command line (`CommandLine.arguments`, program name dropped) and
    /// environment (`ProcessInfo.processInfo.environment`).
    public convenience init() {
        self.init(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessEnvironment.current()
        )
    }

    /// Every key read through a typed getter so far, in first-read order, one entry per key.
    public var documentedKeys: [DocumentedConfigurationKey] {
        self.documented.withLock { $0 }
    }

    /// The environment variable name for a kebab-case key: `rpc-port` becomes `QUAD_RPC_PORT`.
    public static func environmentName(for key: String) -> String {
        Self.environmentPrefix + key.uppercased().replacingDashesWithUnderscores()
    }

    /// Records a key the first time it is read so ``helpText()`` can list it.
    func record(_ key: DocumentedConfigurationKey) {
        self.documented.withLock { keys in
            if !keys.contains(where: { $0.key == key.key }) {
                keys.append(key)
            }
        }
    }
}

extension String {
    fileprivate func replacingDashesWithUnderscores() -> String {
        String(self.map { $0 == "-" ? "_" : $0 })
    }
}
