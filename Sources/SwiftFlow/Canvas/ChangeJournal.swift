import SwiftFlowCore

/// The indices of an array changed since it was last given to a canvas.
struct ChangeJournal {
    /// Anything may have changed (elements added, removed, the array replaced).
    var unknown: Bool
    var indices: [Int] = []
    /// Of `indices`, those whose element was replaced whole (not only moved, selected or resized).
    var replaced: [Int] = []

    init(unknown: Bool) { self.unknown = unknown }

    /// Where new elements start, if any: the count when the journal was last read (elements
    /// appended), or less when elements at the end were removed since (`truncate`). The
    /// elements before it keep their ids and places.
    var appendedFrom: Int?

    /// The indices of last frame's elements removed from anywhere (ascending) when that is all
    /// that changed (`ArrayChanges.removed`); any other change then makes the journal unknown.
    var removed: [Int] = []

    mutating func reset(unknown: Bool) {
        self.unknown = unknown
        indices.removeAll(keepingCapacity: true)
        replaced.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
        appendedFrom = nil
    }

    /// Notes that the elements at `sorted` (ascending, distinct indices of the array as it was
    /// just before) were removed, the others keeping their order. Only a first change since the
    /// journal was read can be told this way; otherwise the journal gives up (unknown).
    mutating func remove(_ sorted: [Int]) {
        guard !unknown else { return }
        guard tellsRemoval else { unknown = true; return }
        removed = sorted
    }

    /// Whether a removal noted now (`remove`) would be told exactly: nothing changed since the
    /// journal was read.
    var tellsRemoval: Bool { !unknown && indices.isEmpty && appendedFrom == nil && removed.isEmpty }

    /// Notes that the element at `i` of an array of `count` changed (`replaced`: whole, else only
    /// its position, selection or size); past `count` notes, the journal gives up on indices (the
    /// canvas reads the whole array anyway). Appended elements need no note.
    mutating func record(_ i: Int, count: Int, replaced: Bool = false) {
        guard !unknown, appendedFrom.map({ i < $0 }) ?? true else { return }
        if !removed.isEmpty { unknown = true; return }
        if indices.count >= max(count, 16) { unknown = true; indices.removeAll(); self.replaced.removeAll(); return }
        indices.append(i)
        if replaced { self.replaced.append(i) }
    }

    /// Notes that an element was appended at index `i`.
    mutating func append(at i: Int) {
        if !removed.isEmpty { unknown = true; return }
        if appendedFrom == nil { appendedFrom = i }
    }

    /// Notes that the elements from `count` on were removed (the array kept the ones before).
    mutating func truncate(to count: Int) {
        guard !unknown else { return }
        if !removed.isEmpty { unknown = true; return }
        appendedFrom = min(appendedFrom ?? count, count)
        indices.removeAll { $0 >= count }
        replaced.removeAll { $0 >= count }
    }

    var changes: ArrayChanges {
        if unknown { return .unknown }
        if !removed.isEmpty { return .removed(removed) }
        if let from = appendedFrom { return .appended(from: from, changed: indices) }
        return indices.isEmpty ? .none : .elements(indices)
    }
}
