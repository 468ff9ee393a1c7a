@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `FlowStore.connect`'s duplicate check through the connection counts, built at the first
/// `onConnect`: random edge additions, removals (front, middle, end), replacements that change an
/// edge's ends, whole arrays set, duplicated edge ids, frames and undo before and between
/// connections. Each connection must add what `addEdge` adds to the edges as they were: nothing
/// when an edge joins the same handles. Seeded and reproducible.
final class ConnectionCountHuntTests: XCTestCase {
    private func connection(_ r: inout SeededRandom) -> Connection {
        let handles: [String?] = [nil, "a", "b"]
        return Connection(source: "n\(r.int(3))", target: "n\(r.int(3))", sourceHandle: handles[r.int(3)], targetHandle: handles[r.int(3)])
    }

    private func edge(_ id: String, _ c: Connection) -> Edge<JSONValue> {
        Edge(id: id, source: c.source, target: c.target, sourceHandle: c.sourceHandle, targetHandle: c.targetHandle, data: .null)
    }

    func testConnectionsAddWhatAddEdgeAddsAfterRandomEdits() {
        var r = SeededRandom(seed: 0x5EED_0222)
        var failures: [String] = []
        for g in 0..<30 {
            let nodes = (0..<3).map { Node<JSONValue>(id: "n\($0)", position: Point(x: Double(100 * $0), y: 0), data: .null) }
            let d = EmbeddedCanvas(nodes: nodes, edges: (0..<r.int(4)).map { edge("s\($0)", connection(&r)) },
                                   makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<60 {
                let edges = d.store.edges
                next += 1
                switch r.int(9) {
                case 0, 1:
                    let c = connection(&r)
                    d.store.apply([EdgeChange.add(edge("x\(next)", c))])
                    log.append("add \(c)")
                case 2:
                    guard !edges.isEmpty else { continue }
                    let i = [0, edges.count - 1, edges.count / 2][r.int(3)]
                    d.store.apply([EdgeChange<JSONValue>.remove(id: edges[i].id)])
                    log.append("remove \(edges[i].id)")
                case 3:
                    guard !edges.isEmpty else { continue }
                    let i = r.int(edges.count)
                    d.store.apply([EdgeChange.replace(edge(edges[i].id, connection(&r)))])
                    log.append("replace \(edges[i].id)")
                case 4:
                    d.store.edges = edges.filter { _ in r.int(3) > 0 }
                    log.append("set edges")
                case 5:
                    guard !edges.isEmpty else { continue }
                    d.store.apply([EdgeChange.add(edge(edges[r.int(edges.count)].id, connection(&r)))])   // a duplicated id
                    log.append("duplicate id")
                case 6:
                    d.frame([.keyDown("z", modifiers: .ctrl), .keyUp("z", modifiers: .ctrl)])
                    log.append("undo")
                default:
                    let c = connection(&r)
                    let expected = addEdge(c, to: edges, data: JSONValue.null).map { "\($0.id) \($0.connection)" }
                    d.canvas.onConnect?(c)
                    log.append("connect \(c)")
                    let got = d.store.edges.map { "\($0.id) \($0.connection)" }
                    if got != expected {
                        failures.append("graph \(g) after \(log.suffix(6)): \(got) vs \(expected)")
                    }
                }
                if r.int(2) == 0 { d.frame() }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }
}
