import QuadTestSupport
/// A generator that always draws the same value, to pin jitter to the ends of its range.
/// (Seeded randomness comes from QuadTestSupport's `SeededGenerator` and `randomSeeds`.)
struct ConstantGenerator: RandomNumberGenerator {
    let value: UInt64

    mutating func next() -> UInt64 { value }
}
