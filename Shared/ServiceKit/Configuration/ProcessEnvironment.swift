import Foundation

/// Reads the process environment; kept apart so only this file needs Foundation.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        ProcessInfo.processInfo.environment
    }
}
