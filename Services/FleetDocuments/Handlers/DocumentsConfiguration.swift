public import FleetDocumentsDomain

/// fleet-documents' document store settings.
public struct DocumentsConfiguration: Sendable {
    /// The size cap and chunk bound of an upload.
    public var limits: UploadLimits
    /// Bytes per message of a download.
    public var downloadChunk: Int
    /// ListDocuments' page when the request sets no limit, and the most it may ask.
    public var defaultListLimit: Int
    public var maximumListLimit: Int

    public init(
        limits: UploadLimits = .defaults,
        downloadChunk: Int = 256 * 1_024,
        defaultListLimit: Int = 50,
        maximumListLimit: Int = 200
    ) {
        self.limits = limits
        self.downloadChunk = downloadChunk
        self.defaultListLimit = defaultListLimit
        self.maximumListLimit = maximumListLimit
    }
}
