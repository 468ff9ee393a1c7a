/// The grid cells a `RectIndex` files flat, numbered in the order they were added: cell `c` has
/// key `keys[c]` (`RectIndex`'s packed cell coordinates), found through an open-addressing table
/// over a power of two of slots, each a cell + 1 (0: empty), which doubles when half full.
struct CellTable {
    /// Each cell's key, in the order the cells were added.
    private(set) var keys: [UInt64] = []
    private var table: [Int32] = []

    /// The number of cells. O(1).
    var count: Int { keys.count }

    /// The cell of `key`, or nil. O(1) expected.
    @inline(__always)
    func cell(_ key: UInt64) -> Int? {
        guard !table.isEmpty else { return nil }
        let mask = table.count - 1
        var s = Self.slot(key, mask)
        while true {
            let c = Int(table[s]) - 1
            if c < 0 { return nil }
            if keys[c] == key { return c }
            s = (s + 1) & mask
        }
    }

    /// The cell of `key`, added (as the last cell) when new. Amortised O(1) expected.
    mutating func cell(adding key: UInt64) -> Int {
        if let c = cell(key) { return c }
        if (keys.count + 1) * 2 > table.count {
            table = [Int32](repeating: 0, count: max(16, table.count * 2))
            for c in keys.indices { insertSlot(keys[c], c) }
        }
        keys.append(key)
        insertSlot(key, keys.count - 1)
        return keys.count - 1
    }

    /// Drops the keys' doubling slack (exact capacity). O(cells).
    mutating func trim() { keys = keys.withUnsafeBufferPointer { Array($0) } }

    /// Puts cell `c` of `key` in the first free slot from `key`'s own.
    private mutating func insertSlot(_ key: UInt64, _ c: Int) {
        let mask = table.count - 1
        var s = Self.slot(key, mask)
        while table[s] != 0 { s = (s + 1) & mask }
        table[s] = Int32(c + 1)
    }

    /// `key`'s first slot in a table of `mask + 1` slots (Fibonacci hashing: the high bits of
    /// the product, which every bit of the key moves).
    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
