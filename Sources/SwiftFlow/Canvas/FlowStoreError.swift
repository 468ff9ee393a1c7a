import SwiftFlowCore

/// Why a `FlowStore` convenience refused a change.
public enum FlowStoreError: Error, Hashable, CustomStringConvertible {
    case duplicateNodeId(String)
    case duplicateEdgeId(String)
    /// Edge `edgeId`'s source or target `nodeId` names no node in the store.
    case missingNode(edgeId: String, nodeId: String)
    case unknownNode(String)

    public var description: String {
        switch self {
        case .duplicateNodeId(let id): return "a node with id '\(id)' already exists"
        case .duplicateEdgeId(let id): return "an edge with id '\(id)' already exists"
        case .missingNode(let e, let n): return "edge '\(e)' names node '\(n)', which does not exist"
        case .unknownNode(let id): return "no node has id '\(id)'"
        }
    }
}
