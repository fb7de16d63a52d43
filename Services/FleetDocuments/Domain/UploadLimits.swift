/// The bounds of an upload (F7): a file of at most ``maximumSize`` bytes, sent in chunks of at most
/// ``maximumChunk``.
public struct UploadLimits: Sendable, Hashable {
    /// The largest file kept: 25 MiB.
    public var maximumSize: Int
    /// The largest chunk message: 256 KiB.
    public var maximumChunk: Int
    /// The longest file name, in UTF-8 bytes.
    public var maximumFileName: Int

    public init(maximumSize: Int = 25 * 1_024 * 1_024, maximumChunk: Int = 256 * 1_024, maximumFileName: Int = 255) {
        self.maximumSize = maximumSize
        self.maximumChunk = maximumChunk
        self.maximumFileName = maximumFileName
    }

    /// 25 MiB files in 256 KiB chunks, names up to 255 bytes.
    public static let defaults = UploadLimits()
}
