import Logging
import QuadKernel

/// Encodes one log event as a single line of JSON, keys in a stable order.
enum JSONLogLine {
    /// Fields every line starts with; metadata with the same name is written with a `meta.` prefix instead.
    static let reservedKeys: Set<String> = ["ts", "level", "label", "msg"]

    static func encode(
        timestamp: String,
        level: Logger.Level,
        label: String,
        message: String,
        metadata: Logger.Metadata
    ) -> [UInt8] {
        var out = "{\"ts\":"
        JSONString.append(timestamp, to: &out)
        out += ",\"level\":"
        JSONString.append(level.rawValue, to: &out)
        out += ",\"label\":"
        JSONString.append(label, to: &out)
        out += ",\"msg\":"
        JSONString.append(message, to: &out)
        for (key, value) in Self.renamingReservedKeys(metadata).sorted(by: { $0.key < $1.key }) {
            out += ","
            JSONString.append(key, to: &out)
            out += ":"
            Self.appendValue(value, to: &out)
        }
        out += "}\n"
        return Array(out.utf8)
    }

    /// Moves metadata named like a fixed field (`msg`) to `meta.msg`, so no key appears twice in a line.
    private static func renamingReservedKeys(_ metadata: Logger.Metadata) -> Logger.Metadata {
        guard metadata.keys.contains(where: Self.reservedKeys.contains) else {
            return metadata
        }
        var renamed = metadata
        for key in metadata.keys where Self.reservedKeys.contains(key) {
            var newKey = "meta." + key
            while renamed[newKey] != nil {
                newKey = "meta." + newKey
            }
            renamed[newKey] = renamed.removeValue(forKey: key)
        }
        return renamed
    }

    private static func appendValue(_ value: Logger.MetadataValue, to out: inout String) {
        switch value {
        case .string(let string):
            JSONString.append(string, to: &out)
        case .stringConvertible(let convertible):
            JSONString.append(convertible.description, to: &out)
        case .dictionary(let dictionary):
            out += "{"
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 {
                    out += ","
                }
                JSONString.append(key, to: &out)
                out += ":"
                Self.appendValue(dictionary[key]!, to: &out)
            }
            out += "}"
        case .array(let array):
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 {
                    out += ","
                }
                Self.appendValue(element, to: &out)
            }
            out += "]"
        }
    }

}
