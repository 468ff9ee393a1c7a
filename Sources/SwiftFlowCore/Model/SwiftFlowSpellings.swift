/// SwiftFlow's (the SwiftUI port's) names for concepts that have another name here, so that code
/// written for it ports by changing the import. Ours keep working; each alias is the same thing.

/// SwiftFlow's spelling of `Point`: a position in flow units (React Flow's `XYPosition`).
public typealias XYPosition = Point

/// SwiftFlow's spelling of `Edge`.
public typealias FlowEdge<Data> = Edge<Data>

extension EdgeType {
    /// SwiftFlow's spelling of `.smoothStep` (React Flow's `'smoothstep'`).
    public static let smoothstep = EdgeType.smoothStep
}

/// SwiftFlow's spelling of `applyNodeChanges(_:to:)`.
public func applyNodeChanges<Data>(_ changes: [NodeChange<Data>], nodes: [Node<Data>]) -> [Node<Data>] {
    applyNodeChanges(changes, to: nodes)
}

/// SwiftFlow's spelling of `applyEdgeChanges(_:to:)`.
public func applyEdgeChanges<Data>(_ changes: [EdgeChange<Data>], edges: [Edge<Data>]) -> [Edge<Data>] {
    applyEdgeChanges(changes, to: edges)
}
