/// How rides' search finds its candidates: through the index (always, in service), or by reading every offer, the
/// baseline Benchmarks/rides.sh measures the index against (`--ride-search-plan full-scan`). Both give the same
/// matches.
public enum RideSearchPlan: String, Sendable, Hashable, CaseIterable {
    /// One range of the partial index `ride_offer_search` per cell of the walking circle's cover.
    case index
    /// Every row of `ride_offer` read, `NOT INDEXED`.
    case fullScan = "full-scan"
}
