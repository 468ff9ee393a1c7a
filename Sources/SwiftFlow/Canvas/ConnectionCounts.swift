/// How many of `FlowStore`'s edges have each connection hash (`Connection.storeHash`), as one
/// flat open-addressing table (linear probing, at most half full): a slot holds a hash in its
/// high 32 bits and its count in the low 16 (0: an empty slot), so a lookup or a change reads
/// one slot run, one cache miss where a `Dictionary` reads its bitmap, keys and values apart
/// and hashes the key again. About 32 MB at two million distinct hashes. A count that drops to
/// zero leaves no tombstone: the entries after it in its run move back (the start slot of each
/// is read from its hash).
struct ConnectionCounts {
    private var slots: [UInt64]
    /// Distinct hashes with a count.
    private(set) var count = 0

    /// Empty counts, with room for `capacity` distinct hashes before the table grows.
    init(capacity: Int = 0) {
        slots = Self.slots(for: capacity)
    }

    /// The number of edges whose connection has `hash`; nil when none has. O(1) expected.
    subscript(hash: UInt32) -> UInt16? {
        var p = Int(hash) & (slots.count - 1)
        while slots[p] != 0 {
            if slots[p] >> 32 == UInt64(hash) { return UInt16(truncatingIfNeeded: slots[p]) }
            p = (p + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Adds `delta` (positive or negative) to the count of `hash`; false, and nothing changed,
    /// when the count would pass 65,535. A count that would drop below zero ends at zero (the
    /// hash leaves the table). O(1) expected, amortised over the table's growth.
    mutating func add(_ hash: UInt32, _ delta: Int) -> Bool {
        let mask = slots.count - 1
        var p = Int(hash) & mask
        while slots[p] != 0, slots[p] >> 32 != UInt64(hash) { p = (p + 1) & mask }
        let n = Int(UInt16(truncatingIfNeeded: slots[p])) + delta
        guard n <= Int(UInt16.max) else { return false }
        if n > 0 {
            if slots[p] == 0 {
                if (count + 1) * 2 > slots.count {
                    grow()
                    return add(hash, delta)
                }
                count += 1
            }
            slots[p] = UInt64(hash) << 32 | UInt64(n)
        } else if slots[p] != 0 {
            count -= 1
            close(p)
        }
        return true
    }

    /// Empties slot `hole`, moving back the entries after it in its run that may take its place
    /// (those whose start slot is not between the hole and them).
    private mutating func close(_ hole: Int) {
        let mask = slots.count - 1
        var hole = hole, q = (hole + 1) & mask
        while slots[q] != 0 {
            let start = Int(slots[q] >> 32) & mask
            if (q - start) & mask >= (q - hole) & mask {
                slots[hole] = slots[q]
                hole = q
            }
            q = (q + 1) & mask
        }
        slots[hole] = 0
    }

    /// Doubles the table, re-placing every entry by its hash.
    private mutating func grow() {
        var fresh = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = fresh.count - 1
        for s in slots where s != 0 {
            var p = Int(s >> 32) & mask
            while fresh[p] != 0 { p = (p + 1) & mask }
            fresh[p] = s
        }
        slots = fresh
    }

    /// Empty slots for `capacity` hashes: a power of two, at least twice `capacity`, at least 16.
    private static func slots(for capacity: Int) -> [UInt64] {
        var n = 16
        while n < 2 * capacity { n *= 2 }
        return [UInt64](repeating: 0, count: n)
    }
}
