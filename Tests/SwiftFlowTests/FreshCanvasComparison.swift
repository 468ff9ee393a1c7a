@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Compares what a canvas that followed edits incrementally knows with what a canvas built from
/// scratch over the same arrays, viewport and size knows: every node's id, state, index
/// rectangle, parent link and handles, every edge's resolved ends (as node and handle, not
/// registry slots), facts, bounds, path and indexed rectangle, each node's edge lists, the
/// selection and the drawn nodes. Returns the differences (empty when the canvases agree).
func differencesFromFresh(_ driver: EmbeddedCanvas<JSONValue, JSONValue>,
                          configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> [String] {
    let c = driver.canvas
    let fresh = EmbeddedCanvas(nodes: driver.store.nodes, edges: driver.store.edges, makeEdgeData: { _ in .null }, size: c.size)
    configure(fresh.canvas)
    fresh.canvas.viewport = c.viewport
    fresh.canvas.connectionMode = c.connectionMode
    fresh.frame()
    fresh.frame()
    return canvasDifferences(c, fresh.canvas)
}

/// The differences between canvas `c` and canvas `f` (see `differencesFromFresh`).
func canvasDifferences(_ c: FlowCanvas<JSONValue, JSONValue>, _ f: FlowCanvas<JSONValue, JSONValue>) -> [String] {
    var p: [String] = []
    let a = c.nodeCache, b = f.nodeCache
    guard a.ids == b.ids else { return ["node ids \(a.ids) vs fresh \(b.ids)"] }
    if a.idMap.count != b.idMap.count || a.ids.contains(where: { a.index(of: $0) != b.index(of: $0) }) { p.append("node id index") }
    if a.duplicates != b.duplicates { p.append("duplicates \(a.duplicates) vs \(b.duplicates)") }
    for i in a.ids.indices {
        let s = a.states[i], t = b.states[i], id = a.ids[i]
        if s.drawable != t.drawable || s.laidOut != t.laidOut || s.duplicate != t.duplicate || s.selected != t.selected {
            p.append("node \(id): drawable/laidOut/duplicate/selected \((s.drawable, s.laidOut, s.duplicate, s.selected)) vs \((t.drawable, t.laidOut, t.duplicate, t.selected))")
        }
        if s.sourcePosition != t.sourcePosition || s.targetPosition != t.targetPosition { p.append("node \(id): sides") }
        if s.laidOut && t.laidOut && (s.origin != t.origin || s.size != t.size) {
            p.append("node \(id): origin/size \(s.origin) \(s.size) vs \(t.origin) \(t.size)")
        }
        if i < a.bounds.count, i < b.bounds.count, a.bounds.rect(of: i) != b.bounds.rect(of: i) {
            p.append("node \(id): index rect \(String(describing: a.bounds.rect(of: i))) vs \(String(describing: b.bounds.rect(of: i)))")
        }
        let la = a.parentChains.links[i], lb = b.parentChains.links[i]
        if la.origin != lb.origin || la.parent != lb.parent || la.depth != lb.depth || la.rank != lb.rank {
            p.append("node \(id): parent link")
        }
        let ha = c.registry.handles(ofNode: i).map(handleKey), hb = f.registry.handles(ofNode: i).map(handleKey)
        if ha != hb { p.append("node \(id): handles \(ha) vs \(hb)") }
        let ea = edgeList(c, i), eb = edgeList(f, i)
        if ea != eb { p.append("node \(id): edge list \(ea) vs \(eb)") }
    }
    if a.bounds.count != b.bounds.count { p.append("node index count \(a.bounds.count) vs \(b.bounds.count)") }
    if c.registry.count != f.registry.count { p.append("registry entries \(c.registry.count) vs \(f.registry.count)") }
    let x = c.edgeIndex, y = f.edgeIndex
    guard x.ends.count == y.ends.count else { return p + ["edge ends \(x.ends.count) vs \(y.ends.count)"] }
    if x.missingEnds != y.missingEnds { p.append("missing ends \(x.missingEnds) vs \(y.missingEnds)") }
    for k in x.ends.indices {
        let id = k < c.frameInput.edges.count ? c.frameInput.edges[k].id : "#\(k)"
        if endKey(c, x.ends[k].source) != endKey(f, y.ends[k].source) || endKey(c, x.ends[k].target) != endKey(f, y.ends[k].target) {
            p.append("edge \(id): ends \(endKey(c, x.ends[k].source))→\(endKey(c, x.ends[k].target)) vs \(endKey(f, y.ends[k].source))→\(endKey(f, y.ends[k].target))")
        }
        if keyText(c, x.keys[k]) != keyText(f, y.keys[k]) { p.append("edge \(id): key \(keyText(c, x.keys[k])) vs \(keyText(f, y.keys[k]))") }
        let ia = x.cache.info[k], ib = y.cache.info[k]
        if ia.type != ib.type || ia.hidden != ib.hidden || ia.labelSize != ib.labelSize || ia.margin != ib.margin { p.append("edge \(id): info") }
        if x.rects.rect(of: k) != y.rects.rect(of: k) { p.append("edge \(id): indexed rect") }
        if c.edgePath(at: k) != f.edgePath(at: k) { p.append("edge \(id): path") }
    }
    if x.rects.count != y.rects.count { p.append("edge index count \(x.rects.count) vs \(y.rects.count)") }
    if x.cache.selected != y.cache.selected { p.append("selected edges (cache) \(x.cache.selected) vs \(y.cache.selected)") }
    if x.cache.order != y.cache.order { p.append("edge order") }
    if c.editing.selectedNodeIds != f.editing.selectedNodeIds || c.editing.selectedNodeIndices != f.editing.selectedNodeIndices {
        p.append("selected nodes \(c.editing.selectedNodeIds) vs \(f.editing.selectedNodeIds)")
    }
    if c.editing.selectedEdgeIds != f.editing.selectedEdgeIds || c.editing.selectedEdgeIndices != f.editing.selectedEdgeIndices {
        p.append("selected edges \(c.editing.selectedEdgeIds) vs \(f.editing.selectedEdgeIds)")
    }
    if a.visible != b.visible { p.append("visible nodes \(a.visible) vs \(b.visible)") }
    return p
}

private func handleKey(_ h: HandleEntry) -> String {
    "\(h.nodeId).\(h.id):\(h.type):\(h.position)@\(h.anchor.x),\(h.anchor.y):\(h.isConnectable)"
}

/// An edge key spelled out: its ends' node ids and handle ids (the raw key holds indices into
/// each canvas' own tables, which intern names in the order they met them).
private func keyText(_ c: FlowCanvas<JSONValue, JSONValue>, _ k: EdgeKey) -> String {
    func node(_ v: Int32) -> String {
        v >= 0 ? (Int(v) < c.nodeCache.ids.count ? c.nodeCache.ids[Int(v)] : "#\(v)") : "missing " + c.edgeIndex.names[Int(-1 - v)]
    }
    func name(_ v: Int32) -> String { v >= 0 ? c.edgeIndex.names[Int(v)] : "-" }
    return "\(node(k.source)).\(name(k.sourceHandle))→\(node(k.target)).\(name(k.targetHandle))"
}

private func endKey(_ c: FlowCanvas<JSONValue, JSONValue>, _ r: EdgeEndResolution) -> String {
    switch r {
    case .handle(let e): return "\(c.registry[Int(e)].nodeIndex).\(c.registry[Int(e)].id)"
    case .side(let n): return "\(n).side"
    case .missing: return "missing"
    }
}

/// The edges node `n`'s lists hold, ascending.
private func edgeList(_ c: FlowCanvas<JSONValue, JSONValue>, _ n: Int) -> [Int] {
    var found: [Int] = []
    c.forEachEdge(ofNode: n, edgeCount: c.edgeIndex.ends.count) { found.append($0) }
    return found.sorted()
}
