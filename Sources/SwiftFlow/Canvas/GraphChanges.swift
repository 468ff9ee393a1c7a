import SwiftFlowCore

/// What changed in one array (nodes or edges) since the array passed to the last frame, as the
/// array's owner knows it (`FlowStore` keeps this for its arrays). Given to
/// `FlowCanvas.frame(nodes:edges:changes:events:time:into:)`, it lets the canvas follow an edit
/// in time proportional to what the edit changed instead of re-reading every element.
public enum ArrayChanges: Sendable, Equatable {
    /// The array holds the same elements as last frame's (the same ids, in the same order, every
    /// field equal).
    case none
    /// Only the elements at these indices may differ from last frame's (duplicates allowed); the
    /// array has the same count and every element keeps its id and place. Any field but the id
    /// may have changed (position, size, data, selection, parent, …).
    case elements([Int])
    /// The first `from` elements (at most last frame's count) keep their ids and places and may
    /// differ only at `changed` (indices below `from`, duplicates allowed); last frame's elements
    /// after them were removed, and the elements from `from` on are new, with ids no element
    /// before `from` uses. With `from` equal to last frame's count, elements were appended; with
    /// less, the last elements were removed (and maybe others appended). The canvas follows such
    /// a change in proportion to the removed and appended elements (their handles and edges)
    /// where it can, else by re-reading the array.
    case appended(from: Int, changed: [Int])
    /// Last frame's elements at these indices (ascending, distinct) were removed and nothing
    /// else changed: the others keep their order and every field, at indices lowered by the
    /// number of removed ones before them. The canvas follows such a removal from anywhere in
    /// the array (the first element, say) by closing the gaps in its per-element state in flat
    /// passes where it can, else by re-reading the array.
    case removed([Int])
    /// Anything may have changed: elements added, removed or reordered. The canvas re-reads the
    /// whole array.
    case unknown
}

/// What changed in the node and edge arrays since the last frame (see `ArrayChanges`).
public struct GraphChanges: Sendable, Equatable {
    public var nodes: ArrayChanges
    public var edges: ArrayChanges

    /// Creates a description of what changed in each array.
    public init(nodes: ArrayChanges, edges: ArrayChanges) {
        self.nodes = nodes; self.edges = edges
    }

    /// Nothing changed.
    public static let none = GraphChanges(nodes: .none, edges: .none)
    /// Anything may have changed (what the canvas assumes of arrays it has not seen).
    public static let unknown = GraphChanges(nodes: .unknown, edges: .unknown)
}
