/// CPU time per frame, for `--report`: record one figure per frame, read the median and the
/// 95th percentile.
public struct FrameTimeStatistics: Sendable {
    /// The recorded frame times in milliseconds, in frame order.
    public private(set) var samples: [Double] = []

    /// Creates an empty statistic with room for `capacity` frames.
    public init(capacity: Int = 1024) { samples.reserveCapacity(capacity) }

    /// Records one frame's CPU time in milliseconds.
    public mutating func record(_ milliseconds: Double) { samples.append(milliseconds) }

    /// The number of frames recorded.
    public var count: Int { samples.count }
    /// The median frame time in ms (0 when empty).
    public var median: Double { percentile(50) }
    /// The 95th-percentile frame time in ms (0 when empty).
    public var p95: Double { percentile(95) }

    /// The `p`-th percentile (0...100) in ms, nearest-rank; 0 when nothing was recorded.
    public func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((min(max(p, 0), 100) / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }
}
