import Foundation

/// Where a fuzzing process keeps its databases: `/dev/shm` (tmpfs) where there is one, else the temporary
/// directory; named after the process, so directories left by processes that are gone (a crash leaves one) are
/// removed when the next starts.
enum FuzzDirectory {
    static let prefix = "quad-fuzz-"

    static func make() throws -> String {
        let fileManager = FileManager.default
        let parent = fileManager.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        for name in (try? fileManager.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, pid != getpid(), kill(pid, 0) != 0 {
                try? fileManager.removeItem(atPath: parent + "/" + name)
            }
        }
        let directory = "\(parent)/\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))"
        try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
