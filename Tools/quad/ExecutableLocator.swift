import Foundation

/// Finds the service executables `quad up` runs: `quad-<service>` files in the directory of the `quad` binary
/// (where `swift build` puts every product).
struct ExecutableLocator: Sendable {
    /// The directory searched.
    let directory: String

    /// Searches `directory`.
    init(directory: String) {
        self.directory = directory
    }

    /// Searches the directory of the running `quad` binary: `Bundle.main.executableURL`, else
    /// `CommandLine.arguments[0]` resolved against the current directory, symlinks resolved either way.
    static func besideCurrentExecutable() -> ExecutableLocator {
        let url =
            Bundle.main.executableURL
            ?? URL(
                fileURLWithPath: CommandLine.arguments[0],
                relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            )
        return ExecutableLocator(directory: url.resolvingSymlinksInPath().deletingLastPathComponent().path)
    }

    /// The services (in `services`' order) whose executable exists and is executable, with its path.
    func available(services: [String] = ServiceCatalog.all) -> [(service: String, path: String)] {
        services.compactMap { service in
            let path = URL(fileURLWithPath: directory, isDirectory: true)
                .appendingPathComponent(ServiceCatalog.executableName(service: service)).path
            return FileManager.default.isExecutableFile(atPath: path) ? (service, path) : nil
        }
    }
}
