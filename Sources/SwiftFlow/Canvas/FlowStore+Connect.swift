import SwiftFlowCore

// How `FlowStore` adds the edge of a connection (`onConnect`) without scanning every edge for
// one that already joins the same handles: it counts the edges per connection hash, and follows
// the counts through later edits (`count`).
extension FlowStore {
    /// Counts the edges per connection hash (`connectionCounts`) unless counted; leaves them
    /// uncounted when one hash has more than 65,535 edges. O(edges).
    func buildConnectionCounts() {
        guard connectionCounts == nil else { return }
        var counts = ConnectionCounts(capacity: storedEdges.count)
        let complete = storedEdges.withUnsafeBufferPointer { edges in   // read in place: no copy of an edge
            for i in edges.indices where !counts.add(edges[i].connection.storeHash, 1) { return false }
            return true
        }
        if complete { connectionCounts = counts }
    }

    /// Adds `delta` edges with `connection` to `connectionCounts` (when built); drops the counts
    /// when one would pass 65,535 (`connect` then scans the edges). O(1).
    func count(_ connection: Connection, _ delta: Int) {
        guard connectionCounts != nil else { return }
        if !connectionCounts!.add(connection.storeHash, delta) { connectionCounts = nil }
    }

    /// `onConnect`: appends the edge `addEdge` would (none when one already joins the same
    /// handles: found through the connections' hash counts, built once in O(edges) and kept
    /// through later edits); the id is found through the id map. O(1) after that, unless an edge
    /// joins the same handles (or a connection with the same hash).
    func connect(_ connection: Connection) {
        buildConnectionCounts()
        let mayExist = connectionCounts.map { $0[connection.storeHash] != nil } ?? true
        if mayExist, storedEdges.contains(where: { $0.connection == connection }) { return }
        count(connection, 1)
        var options = defaultEdgeOptions
        if let style = edgeStyle?(connection) { options.style = style }
        guard var index = edgeIds() else {
            let data = makeEdgeData(connection)
            storedEdges = addEdge(connection, to: storedEdges, data: data, options: options)
            edgeJournal.reset(unknown: true)
            return
        }
        edgeIndex = nil
        let base = "xy-edge__\(connection.source)\(connection.sourceHandle ?? "")-\(connection.target)\(connection.targetHandle ?? "")"
        var id = base, n = 1
        while index.index(of: id, in: storedEdges) != nil { n += 1; id = "\(base)-\(n)" }
        recordAdded(id, edge: true)
        let edge = options.edge(id: id, connection: connection, data: makeEdgeData(connection))
        index.insert(storedEdges.count, id: id)
        edgeJournal.append(at: storedEdges.count)
        storedEdges.append(edge)
        edgeIndex = index
    }
}

extension Connection {
    /// The low 32 bits of the connection's hash, as `FlowStore` counts connections: two
    /// connections share them about once in four billion pairs, when `connect` scans the edges
    /// to tell (at two million edges, about one connection in two thousand).
    var storeHash: UInt32 { UInt32(truncatingIfNeeded: hashValue) }
}
