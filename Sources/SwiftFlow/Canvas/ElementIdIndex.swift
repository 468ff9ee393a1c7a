import SwiftFlowCore

/// What an id map reads ids from: an element, or an id itself (the canvas' `NodeCache.ids`).
protocol HasId {
    var id: String { get }
    /// The id of the element at `element`, read in place: code not specialized for the element
    /// type (the id maps' builds) copies a whole element through any subscript, a pointer's
    /// too (its strings retained and released), to read `id`; a conformance of a known type
    /// reads the one field.
    static func id(at element: UnsafePointer<Self>) -> String
}

extension HasId {
    /// The ids of `elements`, in order, each read in place (`id(at:)`), in parallel chunks
    /// (`ParallelChunks`). O(elements).
    static func ids(of elements: [Self]) -> [String] {
        elements.withUnsafeBufferPointer { elements in
            [String](unsafeUninitializedCapacity: elements.count) { ids, initialized in
                nonisolated(unsafe) let ids = ids, elements = elements
                ParallelChunks.run(elements.count) { _, range in
                    guard let base = elements.baseAddress, let out = ids.baseAddress else { return }
                    for i in range { (out + i).initialize(to: id(at: base + i)) }
                }
                initialized = elements.count
            }
        }
    }
}

extension String: HasId {
    /// The string itself: an id is its own id.
    var id: String { self }
    static func id(at element: UnsafePointer<String>) -> String { element.pointee }
}

extension Node: HasId {
    static func id(at element: UnsafePointer<Node>) -> String { element.pointee.id }
}

extension Edge: HasId {
    static func id(at element: UnsafePointer<Edge>) -> String { element.pointee.id }
}

/// The id → index map of an array of nodes or edges (`FlowStore`'s, and the canvas' node map,
/// `NodeCache.idMap`), compact: an open-addressing hash table (linear probing, at most half
/// full) whose slots hold the elements' indices and the low 32 bits of their ids' hashes
/// (`Slot`), 8 bytes each; ids are read from the array itself, and only when a slot's hash bits
/// match the id looked for: a probe passing other ids reads no element (each element read is a
/// cache miss at a million elements). At a million nodes and two million edges the store's two
/// maps take 48 MB, where `[String: Int]` took 152 MB. A map built over an array of nodes also
/// serves the array of their ids (the same ids at the same indices, hashed alike): the canvas
/// takes the store's node map instead of hashing every id again.
///
/// Every method that reads ids takes the array the indices refer to; the table must describe
/// that array (the store keeps them in step). Lookups and changes cost O(1) expected (a probe
/// run compares the ids of the elements whose hash bits match); `init` costs O(elements), and
/// growing the table hashes no id (the start slot is read from the stored hash bits).
struct ElementIdIndex {
    /// One slot: the element index (`Int32`, non-negative) in the low 32 bits, the low 32 bits of
    /// its id's hash (the tag) in the high 32; or `empty`, which ends a probe run, or `removed`
    /// (a tombstone), which does not.
    typealias Slot = UInt64

    private var slots: [Slot]
    /// Live entries.
    private(set) var count = 0
    /// Live entries and tombstones: the table is rebuilt before this passes half the slots.
    private var used = 0

    private static let empty: Slot = 0xFFFF_FFFF
    private static let removed: Slot = 0xFFFF_FFFE

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
    /// there are too many elements. Hashes every id first (`tags(of:)`, in parallel), then
    /// places them in order, the table as a serial insertion leaves it: the placing loop, short
    /// and free of calls, lets the processor wait on many slots' cache misses at once. An
    /// element is read again only when a slot's tag matches its id's.
    private mutating func insertAll<E: HasId>(_ elements: [E], duplicate: (Int) -> Bool) -> Bool {
        guard elements.count < Int(Int32.max) else { return false }
        var slots = Self.slots(for: elements.count)
        let mask = slots.count - 1
        var count = 0
        let complete = elements.withUnsafeBufferPointer { buffer in
            guard let ids = buffer.baseAddress else { return true }
            let tags = Self.tags(of: buffer)
            return slots.withUnsafeMutableBufferPointer { slots in
                next: for i in 0..<buffer.count {
                    let tag = tags[i]
                    let entry = Slot(tag) << 32 | Slot(i)
                    var p = Int(tag) & mask
                    while slots[p] != Self.empty {
                        if slots[p] >> 32 == Slot(tag), E.id(at: ids + Self.element(slots[p])) == E.id(at: ids + i) {
                            if duplicate(i) { continue next }
                            return false
                        }
                        p = (p + 1) & mask
                    }
                    slots[p] = entry
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
        let tag = Self.tag(id)
        return elements.withUnsafeBufferPointer { buffer in
            guard let ids = buffer.baseAddress else { return nil }
            return slots.withUnsafeBufferPointer { slots in
                var p = Int(tag) & (slots.count - 1)
                while slots[p] != Self.empty {
                    if slots[p] >> 32 == Slot(tag), Self.isEntry(slots[p]), E.id(at: ids + Self.element(slots[p])) == id {
                        return Self.element(slots[p])
                    }
                    p = (p + 1) & (slots.count - 1)
                }
                return nil
            }
        }
    }

    /// Adds the entry of the element with id `id` at `index` (to be appended to the array);
    /// `id` must not be in the table.
    mutating func insert(_ index: Int, id: String) {
        if (used + 1) * 2 > slots.count { rebuild(for: count + 1) }
        let tag = Self.tag(id)
        var p = Int(tag) & (slots.count - 1)
        while Self.isEntry(slots[p]) { p = (p + 1) & (slots.count - 1) }
        if slots[p] == Self.empty { used += 1 }
        slots[p] = Slot(tag) << 32 | Slot(index)
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
    /// of removed indices below it, its tag kept. One pass over the slots, no id hashed or read:
    /// O(slots × log(removed)), a few milliseconds at two million entries.
    mutating func closeGaps(_ gaps: IndexGaps) {
        guard let first = gaps.removed.first else { return }
        slots.withUnsafeMutableBufferPointer { table in
            for p in table.indices where Self.isEntry(table[p]) && Self.element(table[p]) > first {
                table[p] = table[p] & 0xFFFF_FFFF_0000_0000 | Slot(gaps.shifted(Self.element(table[p])))
            }
        }
    }

    /// The slot whose entry is `index`, found along the probe run of `id`.
    private func slot(holding index: Int, id: String) -> Int? {
        let entry = Slot(Self.tag(id)) << 32 | Slot(index)
        var p = Int(Self.tag(id)) & (slots.count - 1)
        while slots[p] != Self.empty {
            if slots[p] == entry { return p }
            p = (p + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Re-inserts every entry into a table sized for `capacity` entries, dropping tombstones;
    /// each entry's start slot comes from its tag (no id hashed: the table never has more than
    /// 2³² slots, the tag's range).
    private mutating func rebuild(for capacity: Int) {
        var fresh = Self.slots(for: capacity)
        fresh.withUnsafeMutableBufferPointer { fresh in
            for s in slots where Self.isEntry(s) {
                var p = Int(s >> 32) & (fresh.count - 1)
                while fresh[p] != Self.empty { p = (p + 1) & (fresh.count - 1) }
                fresh[p] = s
            }
        }
        slots = fresh
        used = count
    }

    /// Empty slots for `capacity` entries: a power of two, at least twice `capacity`, at least 16.
    private static func slots(for capacity: Int) -> [Slot] {
        var n = 16
        while n < 2 * capacity { n *= 2 }
        var slots: [Slot] = []
        slots.fill(repeating: empty, count: n)   // on every core when large (its page faults)
        return slots
    }

    /// The tags of the ids of `elements`, in order, hashed in parallel chunks (`ParallelChunks`).
    /// Ids are read in place (`HasId.id(at:)`): this code is not specialized for the element
    /// type, and there a subscript copies each element to read one field. O(elements).
    static func tags<E: HasId>(of elements: UnsafeBufferPointer<E>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: elements.count) { tags, initialized in
            nonisolated(unsafe) let tags = tags, elements = elements
            ParallelChunks.run(elements.count) { _, range in
                guard let ids = elements.baseAddress else { return }
                for i in range { tags[i] = Self.tag(E.id(at: ids + i)) }
            }
            initialized = elements.count
        }
    }

    /// The low 32 bits of `id`'s hash: its start slot (masked) and its slots' tag.
    private static func tag(_ id: String) -> UInt32 { UInt32(truncatingIfNeeded: id.hashValue) }

    /// Whether `slot` holds an entry (neither `empty` nor `removed`).
    private static func isEntry(_ slot: Slot) -> Bool { UInt32(truncatingIfNeeded: slot) < 0x8000_0000 }

    /// The element index of an entry.
    private static func element(_ slot: Slot) -> Int { Int(UInt32(truncatingIfNeeded: slot)) }
}

/// An id map and the array it describes, read by the canvas: `ids[id]` is the element's index.
struct ElementIds<E: HasId> {
    let index: ElementIdIndex
    let elements: [E]

    subscript(id: String) -> Int? { index.index(of: id, in: elements) }
}
