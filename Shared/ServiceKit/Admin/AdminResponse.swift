/// A response of the admin server, independent of the HTTP library that sends it.
struct AdminResponse: Sendable, Equatable {
    /// The media type of Prometheus's text exposition format.
    static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"
    static let plainTextContentType = "text/plain; charset=utf-8"

    var status: Int
    var contentType: String
    var body: [UInt8]
    /// Extra headers, e.g. `allow` on 405.
    var headers: [(String, String)] = []

    static func == (lhs: AdminResponse, rhs: AdminResponse) -> Bool {
        lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
            && lhs.headers.elementsEqual(rhs.headers, by: { $0 == $1 })
    }

    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> AdminResponse {
        AdminResponse(
            status: status,
            contentType: Self.plainTextContentType,
            body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8),
            headers: headers
        )
    }
}
