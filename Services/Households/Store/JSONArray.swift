import Foundation

/// A list of strings kept in one TEXT column as JSON (a chore's chosen members, an occurrence's assignees).
enum JSONArray {
    static func encode(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
