import Foundation
import JobsErrands
import QuadKernel

/// Errands' rules that are not an errand's own state: how long the chat stays open, how names are matched, how
/// many reports hide an errand, how many purchases make an average.
enum ErrandsRules {
    /// The chat closes 7 days after the errand ended (E6).
    static let chatOpenAfterEnd: Int64 = 7 * Microseconds.perDay
    /// An errand reported by this many people leaves the feed for review (E7).
    static let reportsToHide = 3
    /// An item's average price needs this many purchases (E8).
    static let minimumPriceDataPoints = 3
    /// The feed's text filter matches three characters or more (its index is of trigrams).
    static let minimumItemTextLength = 3

    /// How names (stores, items) are compared: trimmed, in one Unicode form (an accented letter typed as one
    /// character or as a letter and a combining accent is the same), case and width folded, accents kept.
    static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}

extension ErrandsRules {
    /// The keys of the stores `request`'s items name, each once: its rows of the store listing, and the store visits
    /// it is news to.
    static func storeKeys(of request: ErrandRequest) -> Set<String> {
        Set(request.items.compactMap { $0.store.map(key) })
    }

    /// The longest store visit a buyer announces (E9).
    static let longestStoreVisit: Int64 = 12 * Microseconds.perHour
}
