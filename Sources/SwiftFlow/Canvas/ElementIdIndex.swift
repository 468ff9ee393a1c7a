import SwiftFlowCore

/// What an id map reads ids from: an element, or an id itself (the canvas' `NodeCache.ids`).
protocol HasId {
    var id: String { get }
}

extension String: HasId {
    /// The string itself: an id is its own id.
    var id: String { self }
}

/// The id → index map of an array of nodes or edges (`FlowStore`'s, and the canvas' node map,
/// `NodeCache.idMap`), compact: an open-addressing hash table (linear probing, at most half
/// full) whose slots hold only the elements' indices, 4 bytes each; ids are read from the array
/// itself. At a million nodes and two million edges the store's two maps take 24 MB, where
/// `[String: Int]` took 152 MB. A map built over an array of nodes also serves the array of their
/// ids (the same ids at the same indices, hashed alike): the canvas takes the store's node map
/// instead of hashing every id again.
///
/// Every method that reads ids takes the array the indices refer to; the table must describe
/// that array (the store keeps them in step). Lookups and changes cost O(1) expected (a probe
/// run compares the ids of the elements in it); `init` costs O(elements).
struct ElementIdIndex {
    /// Element indices; `empty` ends a probe run, `removed` (a tombstone) does not.
    private var slots: [Int32]
    /// Live entries.
    private(set) var count = 0
    /// Live entries and tombstones: the table is rebuilt before this passes half the slots.
    private var used = 0

    private static let empty: Int32 = -1
    private static let removed: Int32 = -2

    /// An empty map.
    init() {
        slots = Self.slots(for: 0)
    }

    /// The map of `elements`; nil when two of them share an id (or there are 2³¹ or more).
    init?<E: HasId>(_ elements: [E]) {
        self.init()
        guard insertAll(elements, duplicate: { _ in false }) else { return nil }
    }

    /// The map of `elements` where an id shared by several elements maps to the first of them;
    /// `duplicate` is called with the index of each later one, in order. Nil when there are 2³¹
    /// elements or more.
    init?<E: HasId>(firstOf elements: [E], duplicate: (Int) -> Void) {
        self.init()
        guard insertAll(elements, duplicate: { duplicate($0); return true }) else { return nil }
    }

    /// Fills the empty table with `elements`; `duplicate(i)` is asked whether to go on when
    /// element `i`'s id is already in (that element is left out). False when it says no, or
    /// there are too many elements.
    private mutating func insertAll<E: HasId>(_ elements: [E], duplicate: (Int) -> Bool) -> Bool {
        guard elements.count < Int(Int32.max) else { return false }
        var slots = Self.slots(for: elements.count)
        let mask = slots.count - 1
        var count = 0
        // Ids are read in place (`buffer[i].id`): a generic array subscript would copy each
        // element (its strings retained and released) to read one field.
        let complete = elements.withUnsafeBufferPointer { buffer in
            slots.withUnsafeMutableBufferPointer { slots in
                next: for i in buffer.indices {
                    let id = buffer[i].id
                    var p = Self.start(id, mask + 1)
                    while slots[p] != Self.empty {
                        if buffer[Int(slots[p])].id == id {
                            if duplicate(i) { continue next }
                            return false
                        }
                        p = (p + 1) & mask
                    }
                    slots[p] = Int32(i)
                    count += 1
                }
                return true
            }
        }
        guard complete else { return false }
        self.slots = slots
        self.count = count
        used = count
        return true
    }

    /// The index of the element with id `id` in `elements`, or nil.
    func index<E: HasId>(of id: String, in elements: [E]) -> Int? {
        elements.withUnsafeBufferPointer { buffer in
            var p = Self.start(id, slots.count)
            while slots[p] != Self.empty {
                if slots[p] >= 0, buffer[Int(slots[p])].id == id { return Int(slots[p]) }
                p = (p + 1) & (slots.count - 1)
            }
            return nil
        }
    }

    /// Adds the entry of the element with id `id` at `index` (to be appended to `elements`, whose
    /// ids are read when the table grows); `id` must not be in the table.
    mutating func insert<E: HasId>(_ index: Int, id: String, in elements: [E]) {
        if (used + 1) * 2 > slots.count { rebuild(for: count + 1, elements) }
        var p = Self.start(id, slots.count)
        while slots[p] >= 0 { p = (p + 1) & (slots.count - 1) }
        if slots[p] == Self.empty { used += 1 }
        slots[p] = Int32(index)
        count += 1
    }

    /// Removes the entry of the element with id `id` at `index`; no-op when there is none.
    mutating func remove(_ index: Int, id: String) {
        guard let p = slot(holding: index, id: id) else { return }
        if slots[(p + 1) & (slots.count - 1)] == Self.empty {
            slots[p] = Self.empty
            used -= 1
        } else {
            slots[p] = Self.removed
        }
        count -= 1
    }

    /// Follows the removal of the elements at `gaps.removed` (already taken out of the table by
    /// `remove`) from an array that kept the others' order: each entry moves down by the number
    /// of removed indices below it. One pass over the slots, no id hashed or read:
    /// O(slots × log(removed)), a few milliseconds at two million entries.
    mutating func closeGaps(_ gaps: IndexGaps) {
        guard let first = gaps.removed.first else { return }
        let low = Int32(first)
        slots.withUnsafeMutableBufferPointer { table in
            for p in table.indices where table[p] > low { table[p] = gaps.shifted(table[p]) }
        }
    }

    /// The slot whose entry is `index`, found along the probe run of `id`.
    private func slot(holding index: Int, id: String) -> Int? {
        var p = Self.start(id, slots.count)
        while slots[p] != Self.empty {
            if slots[p] == Int32(index) { return p }
            p = (p + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Re-inserts every entry into a table sized for `capacity` entries, dropping tombstones.
    private mutating func rebuild<E: HasId>(for capacity: Int, _ elements: [E]) {
        var fresh = Self.slots(for: capacity)
        elements.withUnsafeBufferPointer { buffer in
            for s in slots where s >= 0 {
                var p = Self.start(buffer[Int(s)].id, fresh.count)
                while fresh[p] != Self.empty { p = (p + 1) & (fresh.count - 1) }
                fresh[p] = s
            }
        }
        slots = fresh
        used = count
    }

    /// Empty slots for `capacity` entries: a power of two, at least twice `capacity`, at least 16.
    private static func slots(for capacity: Int) -> [Int32] {
        var n = 16
        while n < 2 * capacity { n *= 2 }
        return [Int32](repeating: empty, count: n)
    }

    private static func start(_ id: String, _ slotCount: Int) -> Int { id.hashValue & (slotCount - 1) }
}

/// An id map and the array it describes, read by the canvas: `ids[id]` is the element's index.
struct ElementIds<E: HasId> {
    let index: ElementIdIndex
    let elements: [E]

    subscript(id: String) -> Int? { index.index(of: id, in: elements) }
}
