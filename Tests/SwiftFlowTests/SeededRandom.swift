import SwiftFlow

/// Seeded choices for the hunt and fuzz tests, drawn from a `SplitMix64`, so that a seed replays
/// exactly.
struct SeededRandom {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// A number in `0 ..< n` (0 when `n` is 0 or less).
    mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    /// A number in `r`, from 53 random bits.
    mutating func double(_ r: ClosedRange<Double>) -> Double {
        r.lowerBound + Double(rng.next() >> 11) / Double(1 << 53) * (r.upperBound - r.lowerBound)
    }
}
