import SwiftFlowCore

// How `FlowStore` removes elements: it tells the removals it can apply without moving elements
// (the last ones, which the canvas follows in proportion to them) from those that move every
// element after them, and applies either (`compact`).
extension FlowStore {
    /// Whether a change moves elements to other indices (a removal).
    static func reshapes<C: ElementChange>(_ c: C) -> Bool { c.removedId != nil }

    /// Whether every change is a removal.
    static func onlyRemoves<C: ElementChange>(_ changes: [C]) -> Bool { changes.allSatisfy { $0.removedId != nil } }

    /// The ids the changes remove; nil when they add an element.
    static func removedIds<C: ElementChange>(_ changes: [C]) -> [String]? {
        var ids: [String] = []
        for c in changes {
            if c.addedId != nil { return nil }
            if let id = c.removedId { ids.append(id) }
        }
        return ids
    }

    /// Whether removing the elements `ids` (found through `index`) of `elements` removes only
    /// elements at its end, so the others keep their places (nil `ids`: the changes add an
    /// element). O(ids).
    func removesTail<E: SelectableElement>(_ ids: [String]?, of elements: [E], index: ElementIdIndex?) -> Bool {
        guard let ids, let index else { return false }
        var places = Set<Int>(), lowest = elements.count
        for id in ids {
            guard let i = index.index(of: id, in: elements) else { continue }
            places.insert(i)
            lowest = min(lowest, i)
        }
        return lowest == elements.count - places.count
    }

    /// Whether `applyNodes` / `applyEdges` changes `elements` in place with `changes`: the ids
    /// are unique (`index`, the id map of `elements`) and no change adds an id that is present
    /// when it comes (those go through `applyNodeChanges`, which makes a new array). O(changes).
    func appliesInPlace<E: SelectableElement, C: ElementChange>(_ changes: [C], to elements: [E], index: ElementIdIndex?) -> Bool {
        guard let index else { return false }
        var added = Set<String>(), removed = Set<String>()
        for c in changes {
            if let id = c.removedId, added.remove(id) == nil, index.index(of: id, in: elements) != nil { removed.insert(id) }
            guard let id = c.addedId else { continue }
            if added.contains(id) || (index.index(of: id, in: elements) != nil && !removed.contains(id)) { return false }
            added.insert(id)
        }
        return true
    }

    /// Removes the elements at `removed` (distinct, any order), keeping the others' order (one
    /// memmove per run of kept elements), and re-indexes those that moved in one pass over the id
    /// map (`ElementIdIndex.closeGaps`), no id hashed. O(elements after the first removed one)
    /// in plain moves; O(removed) when they are the last elements (no element moves; the journal
    /// notes a truncation, which the canvas follows in proportion to it).
    func compact<Element: SelectableElement>(_ array: inout [Element], removing removed: [Int], index: inout ElementIdIndex) {
        guard let first = removed.min() else { return }
        let isNode = Element.self == Node<NodeData>.self
        if first == array.count - removed.count {
            array.removeLast(removed.count)
            if isNode { nodeJournal.truncate(to: first) } else { edgeJournal.truncate(to: first) }
            return
        }
        let sorted = removed.sorted()
        array.remove(atSorted: sorted)
        index.closeGaps(IndexGaps(sorted))
        if isNode { nodeJournal.remove(sorted) } else { edgeJournal.remove(sorted) }
    }
}

/// What `FlowStore` asks of a node or edge change to tell removals at the end of its arrays.
protocol ElementChange {
    /// The id a `.remove` removes; nil for other changes.
    var removedId: String? { get }
    /// The id of the element an `.add` adds; nil for other changes.
    var addedId: String? { get }
}

extension NodeChange: ElementChange {
    var removedId: String? { if case .remove(let id) = self { return id } else { return nil } }
    var addedId: String? { if case .add(let node) = self { return node.id } else { return nil } }
}

extension EdgeChange: ElementChange {
    var removedId: String? { if case .remove(let id) = self { return id } else { return nil } }
    var addedId: String? { if case .add(let edge) = self { return edge.id } else { return nil } }
}
