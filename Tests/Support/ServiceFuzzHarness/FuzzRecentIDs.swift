import Foundation
import QuadDynamicMessages
import Synchronization

/// The ids the system's answers handed out, by what they name, for inputs to use: an answer to a call that created a
/// job carries its id, and a later input's `%fuzz:job_id%` placeholder is swapped for it, so the fuzzer reaches past
/// "not found" into what a method does with a job that exists (the seeds fill every `*_id` field with its
/// placeholder: ``FuzzSeeds``).
///
/// What an id names comes from where it sits in the answer: a field `job_id` (or `job_ids`) names a `job_id`; a field
/// `id` inside a field `job` (or `jobs`), or at the top of an answer of type `Job`, names a `job_id` too. The latest id of each name wins. Learned names end in
/// `_id`, so they never stand for the seeded people's placeholders (`alice`, `bob`).
final class FuzzRecentIDs: Sendable {
    private let transcoder: JSONTranscoder
    /// The latest id of each name, as the placeholder that stands for it (made once, at learning: every input reads
    /// these).
    private let ids = Mutex<[String: FuzzPlaceholder]>([:])
    /// The longest name a placeholder has room for (`%fuzz:` and `%` around it in 32 bytes).
    static let longestName = FuzzPlaceholder.length - 7

    init(pool: DescriptorPool) {
        transcoder = JSONTranscoder(pool: pool)
    }

    /// A placeholder for every id learned so far.
    var placeholders: [FuzzPlaceholder] {
        ids.withLock { Array($0.values) }
    }

    /// Learns the ids in `answer`, a message of `messageType`; an answer that does not decode teaches nothing.
    func learn(from answer: [UInt8], messageType: String) {
        guard !answer.isEmpty,
            let json = try? transcoder.json(fromBinary: answer, messageType: messageType),
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        else { return }
        var found: [String: String] = [:]
        // The answer's own `id` names what its type is: a Household's `id` is a `household_id`.
        let typeName = messageType.split(separator: ".").last.map(String.init)
        Self.collect(object, under: typeName, into: &found)
        guard !found.isEmpty else { return }
        ids.withLock { ids in
            for (name, id) in found { ids[name] = FuzzPlaceholder(name, id: id) }
        }
    }

    /// The name an id found at `key` (inside `parent`) stands for: `job_id` for `jobId`, `jobIds`, or `id` under
    /// `job` or `jobs`; nil where it names nothing a request could ask for.
    static func name(forKey key: String, parent: String?) -> String? {
        var base: String
        if key == "id" {
            guard let parent else { return nil }
            base = snakeCased(parent)
            if base.hasSuffix("s"), !base.hasSuffix("ss") { base.removeLast() }
        } else if key.hasSuffix("Id") {
            base = snakeCased(String(key.dropLast(2)))
        } else if key.hasSuffix("Ids") {
            base = snakeCased(String(key.dropLast(3)))
        } else {
            return nil
        }
        let name = base + "_id"
        guard !base.isEmpty, name.count <= longestName else { return nil }
        return name
    }

    /// A 32-digit lowercase hex string: the shape of every id Quad makes (``QuadServiceKit/EntityID``).
    static func isID(_ value: String) -> Bool {
        value.utf8.count == FuzzPlaceholder.length
            && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func collect(_ value: Any, under parent: String?, into found: inout [String: String]) {
        if let object = value as? [String: Any] {
            for (key, inner) in object {
                if let text = inner as? String, isID(text), let name = name(forKey: key, parent: parent) {
                    found[name] = text
                } else if let list = inner as? [Any], let name = name(forKey: key, parent: parent),
                    let text = list.last as? String, isID(text)
                {
                    found[name] = text
                } else {
                    collect(inner, under: key, into: &found)
                }
            }
        } else if let list = value as? [Any] {
            for inner in list { collect(inner, under: parent, into: &found) }
        }
    }

    private static func snakeCased(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase {
                if !out.isEmpty { out.append("_") }
                out.append(contentsOf: character.lowercased())
            } else {
                out.append(character)
            }
        }
        return out
    }
}
