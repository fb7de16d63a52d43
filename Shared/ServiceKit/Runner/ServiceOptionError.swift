/// A service option that cannot work (a bad `--peers` entry, `--write-batch 0`), naming it.
public struct ServiceOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
