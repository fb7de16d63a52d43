public import Foundation

/// The executables `swift build` made, found beside the test bundle's executable (`.build/debug/`).
public enum BuildProducts {
    /// The build directory: the directory of the running test bundle.
    public static let directory: URL = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
        .resolvingSymlinksInPath().deletingLastPathComponent()

    /// The path of the product `name`.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Whether the product `name` has been built.
    public static func exists(_ name: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path(name))
    }
}
