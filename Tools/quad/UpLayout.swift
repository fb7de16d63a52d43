import Foundation

/// Where `quad up --data DIR` keeps everything, and the flags it gives each service executable.
///
/// ```
/// DIR/certs/            dev CA and certificates (made if missing)
/// DIR/data/             every service's database
/// DIR/run/<service>.ready.json   written by each service once it is ready
/// DIR/logs/<service>.log         each service's stdout and stderr (JSON lines)
/// DIR/endpoints.json    written once every service is ready, removed on shutdown
/// ```
struct UpLayout: Hashable, Sendable {
    /// The data directory, absolute.
    let root: String

    /// Resolves `directory` against `currentDirectory` (the process's current directory by default).
    init(directory: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        root = URL(fileURLWithPath: directory, isDirectory: true, relativeTo: base).standardizedFileURL.path
    }

    /// The certificates directory.
    var certificates: String { path("certs") }
    /// The directory the services keep their databases in.
    var data: String { path("data") }
    /// The directory of the ready files.
    var run: String { path("run") }
    /// The directory of the logs.
    var logs: String { path("logs") }
    /// The endpoints file.
    var endpoints: String { path("endpoints.json") }

    /// The ready file of `service`.
    func readyFile(service: String) -> String { path("run/\(service).ready.json") }

    /// The log of `service`.
    func log(service: String) -> String { path("logs/\(service).log") }

    /// The flags of the service executable contract: loopback, free ports, and this layout's directories.
    func arguments(service: String) -> [String] {
        [
            "--rpc-host", "127.0.0.1",
            "--rpc-port", "0",
            "--admin-port", "0",
            "--data-dir", data,
            "--certs-dir", certificates,
            "--ready-file", readyFile(service: service),
            // Services find each other through these ready files (ServiceKit's Peers), so they
            // may start in any order and a restarted one is found on its new port.
            "--peers-dir", run,
        ]
    }

    /// How `service`, found at `executable`, is started (`extraArguments` after the common flags).
    func launch(service: String, executable: String, extraArguments: [String] = []) -> ServiceProcess.Launch {
        ServiceProcess.Launch(
            service: service,
            executable: executable,
            arguments: arguments(service: service) + extraArguments,
            logPath: log(service: service),
            readyFilePath: readyFile(service: service)
        )
    }

    /// Creates the directories the services write to.
    /// Creates the root, data, run and logs directories owner-only (0700), tightening any left looser by an
    /// earlier version.
    func createDirectories() throws {
        for directory in [root, data, run, logs] {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        }
    }

    private func path(_ relative: String) -> String {
        URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(relative).path
    }
}
