/// Indices removed from an array that kept the others' order (ascending, distinct), and where
/// the kept elements went: each moves down by the number of removed indices before it. Used to
/// renumber what refers to elements by index after a removal from anywhere in the array.
package struct IndexGaps: Sendable {
    /// The removed indices, ascending.
    package let removed: [Int]

    /// `removed` must be ascending and distinct.
    package init(_ removed: [Int]) { self.removed = removed }

    /// The new index of old index `i`: `i` less the removed indices below it (for a removed `i`,
    /// where the elements after it start). O(1) below the first removed index, else
    /// O(log removed).
    @inline(__always)
    package func shifted(_ i: Int) -> Int {
        guard let first = removed.first, i > first else { return i }
        if removed.count == 1 { return i - 1 }
        var lo = 1, hi = removed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if removed[mid] < i { lo = mid + 1 } else { hi = mid }
        }
        return i - lo
    }

    /// `shifted` for 32-bit indices.
    @inline(__always)
    package func shifted(_ i: Int32) -> Int32 { Int32(shifted(Int(i))) }

    /// The new index of old index `i`, or nil when `i` was removed. O(1) below the first removed
    /// index or with one index removed, else O(log removed).
    @inline(__always)
    package func renumbered(_ i: Int32) -> Int32? {
        let old = Int(i)
        guard let first = removed.first, old >= first else { return i }
        if removed.count == 1 { return old == first ? nil : i - 1 }
        var lo = 0, hi = removed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if removed[mid] < old { lo = mid + 1 } else { hi = mid }
        }
        return lo < removed.count && removed[lo] == old ? nil : i - Int32(lo)
    }
}

extension Array {
    /// Removes the elements at `removed` (ascending, distinct, within the array), keeping the
    /// others' order: the removed elements are taken out, each run of kept elements after them
    /// moves down once (a memmove) and the freed tail is dropped. O(elements after the first
    /// removed one) in moves; no kept element is copied.
    package mutating func remove(atSorted removed: [Int]) {
        guard let first = removed.first else { return }
        if removed.count == 1 { remove(at: first); return }
        let n = count
        var taken: [Element] = []
        taken.reserveCapacity(removed.count)
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for r in removed { taken.append((base + r).move()) }
            var w = first
            for (k, r) in removed.enumerated() {
                let run = (k + 1 < removed.count ? removed[k + 1] : n) - r - 1
                if run > 0 { (base + w).moveInitialize(from: base + r + 1, count: run) }
                w += run
            }
            // The freed tail takes the removed elements back, to be dropped below.
            taken.withUnsafeBufferPointer { (base + w).initialize(from: $0.baseAddress!, count: $0.count) }
        }
        removeLast(removed.count)
    }
}
