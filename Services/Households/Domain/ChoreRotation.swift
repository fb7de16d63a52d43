/// Who a chore's occurrences go to (H4, H5): a fixed set, one picked at random, or a turn among chosen members.
///
/// Members who left are never assigned. `memberIDs` keeps the members the chore was set up with, so one who leaves
/// and rejoins takes their place again: in a rotation, their old slot in the order.
///
/// When none of the chosen members is still in the household the occurrence is *unassigned* (no assignees) rather
/// than refused: the chore keeps coming back, any member may mark an unassigned occurrence done, and the turns
/// resume as soon as a chosen member is back (or the host edits the chore).
public struct ChoreRotation: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Every chosen member who is still in the household, every time.
        case manual = "MANUAL"
        /// One chosen member per occurrence, picked from the seed the service passes (same seed, same pick).
        case random = "RANDOM"
        /// One chosen member per occurrence, in `memberIDs`' order, the next one after each done.
        case rotation = "ROTATION"
    }

    /// Who an occurrence goes to, and for a rotation whose turn it is (an index in `memberIDs`).
    public struct Pick: Sendable, Hashable {
        /// Empty when the occurrence is unassigned.
        public var assignees: [String]
        /// The rotation's position (kept from the last turn while unassigned, so the turns resume after it); nil for
        /// the other modes.
        public var turn: Int?

        public init(assignees: [String], turn: Int?) {
            self.assignees = assignees
            self.turn = turn
        }
    }

    public var mode: Mode
    /// The chosen members; in a rotation, the order of the turns.
    public var memberIDs: [String]

    /// Refuses an empty choice (`assignee_ids`), an empty id or a member chosen twice (`assignee_ids[i]`).
    public init(mode: Mode, memberIDs: [String]) throws(HouseholdsError) {
        guard !memberIDs.isEmpty else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "assignee_ids: choose at least one member",
                field: "assignee_ids"
            )
        }
        var seen: Set<String> = []
        for (index, id) in memberIDs.enumerated() where id.isEmpty || !seen.insert(id).inserted {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "assignee_ids[\(index)]: \(id.isEmpty ? "empty" : "\"\(id)\" is chosen twice")",
                field: "assignee_ids[\(index)]"
            )
        }
        self.mode = mode
        self.memberIDs = memberIDs
    }

    /// The first occurrence's pick: the first chosen member still present for a rotation.
    public func first(members: Set<String>, seed: UInt64) -> Pick {
        pick(after: nil, members: members, seed: seed)
    }

    /// The next occurrence's pick after the turn `previous` (nil: start of the order). In a rotation, the next
    /// chosen member in order after `previous` who is still in `members`, wrapping round; the one at `previous`
    /// gets it again only when they are the only one left.
    public func pick(after previous: Int?, members: Set<String>, seed: UInt64) -> Pick {
        switch mode {
        case .manual:
            return Pick(assignees: memberIDs.filter(members.contains), turn: nil)
        case .random:
            let present = memberIDs.filter(members.contains).sorted()
            guard !present.isEmpty else { return Pick(assignees: [], turn: nil) }
            let index = Int(Self.mix(seed) % UInt64(present.count))
            return Pick(assignees: [present[index]], turn: nil)
        case .rotation:
            let count = memberIDs.count
            let start = previous.map { (($0 % count) + count) % count + 1 } ?? 0
            for offset in 0..<count {
                let index = (start + offset) % count
                if members.contains(memberIDs[index]) {
                    return Pick(assignees: [memberIDs[index]], turn: index)
                }
            }
            return Pick(assignees: [], turn: previous)
        }
    }

    /// The seed a random chore's pick for occurrence `id` uses: FNV-1a of the id's UTF-8, so the same occurrence
    /// always gets the same pick (reproducible after a restart) and different occurrences spread.
    public static func seed(of id: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// SplitMix64's finaliser: spreads nearby seeds (an occurrence number) over the whole range.
    private static func mix(_ seed: UInt64) -> UInt64 {
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
