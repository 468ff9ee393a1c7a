import SwiftFlowCore

// Node and edge changes applied to the store's arrays in place, through the id maps, so that an
// edit costs what it changes.
extension FlowStore {
    /// Applies node changes to `storedNodes` in place through the node id map: O(changes), plus
    /// O(nodes) when nodes are removed (`compact`). Falls back to `applyNodeChanges` on the whole
    /// array (the journal then says "unknown") when ids are shared or a node is added under a
    /// used id.
    func applyNodes(_ changes: [NodeChange<NodeData>]) {
        guard !changes.isEmpty else { return }
        guard var index = nodeIds() else {
            storedNodes = applyNodeChanges(changes, to: storedNodes)
            nodeJournal.reset(unknown: true)
            return
        }
        nodeIndex = nil   // no second reference: `index` is changed in place below
        var removed: [Int] = []
        for (k, change) in changes.enumerated() {
            switch change {
            case .add(let node):
                guard index.index(of: node.id, in: storedNodes) == nil else {
                    // A second node with this id: the general function keeps every copy.
                    compact(&storedNodes, removing: removed, index: &index)
                    storedNodes = applyNodeChanges(Array(changes[k...]), to: storedNodes)
                    nodeJournal.reset(unknown: true)
                    return
                }
                recordAdded(node.id, edge: false)
                index.insert(storedNodes.count, id: node.id)
                nodeJournal.append(at: storedNodes.count)
                storedNodes.append(node)
                continue
            case .remove(let id):
                if let i = index.index(of: id, in: storedNodes) { index.remove(i, id: id); recordNode(i); removed.append(i) }
                continue
            default: break
            }
            guard let i = index.index(of: change.id, in: storedNodes) else { continue }
            recordNode(i)
            switch change {
            case .position(_, let p, _): storedNodes[i].position = p
            case .dimensions(_, let s, _): storedNodes[i].width = s.width; storedNodes[i].height = s.height
            case .select(_, let s): storedNodes[i].selected = s
            case .replace(let n): storedNodes[i] = n; noteReplaced(n.id)
            case .remove, .add: break
            }
            if case .replace = change { nodeJournal.record(i, count: storedNodes.count, replaced: true) } else { nodeJournal.record(i, count: storedNodes.count) }
        }
        compact(&storedNodes, removing: removed, index: &index)
        nodeIndex = index
    }

    /// Applies edge changes to `storedEdges` in place through the edge id map, keeping the
    /// connection counts (when built) in step; the same fallback as `applyNodes`.
    func applyEdges(_ changes: [EdgeChange<EdgeData>]) {
        guard !changes.isEmpty else { return }
        guard var index = edgeIds() else {
            storedEdges = applyEdgeChanges(changes, to: storedEdges)
            edgeJournal.reset(unknown: true)
            connectionCounts = nil
            return
        }
        edgeIndex = nil
        var removed: [Int] = []
        for (k, change) in changes.enumerated() {
            switch change {
            case .add(let edge):
                guard index.index(of: edge.id, in: storedEdges) == nil else {
                    compact(&storedEdges, removing: removed, index: &index)
                    storedEdges = applyEdgeChanges(Array(changes[k...]), to: storedEdges)
                    edgeJournal.reset(unknown: true)
                    connectionCounts = nil
                    return
                }
                count(edge.connection, 1)
                recordAdded(edge.id, edge: true)
                index.insert(storedEdges.count, id: edge.id)
                edgeJournal.append(at: storedEdges.count)
                storedEdges.append(edge)
            case .remove(let id):
                if let i = index.index(of: id, in: storedEdges) { index.remove(i, id: id); count(storedEdges[i].connection, -1); recordEdge(i); removed.append(i) }
            case .select(let id, let s):
                guard let i = index.index(of: id, in: storedEdges) else { continue }
                recordEdge(i)
                storedEdges[i].selected = s
                edgeJournal.record(i, count: storedEdges.count)
            case .replace(let e):
                guard let i = index.index(of: e.id, in: storedEdges) else { continue }
                recordEdge(i)
                count(storedEdges[i].connection, -1)
                count(e.connection, 1)
                storedEdges[i] = e
                edgeJournal.record(i, count: storedEdges.count)
            }
        }
        compact(&storedEdges, removing: removed, index: &index)
        edgeIndex = index
    }
}
