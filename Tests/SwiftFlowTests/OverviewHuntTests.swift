@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The overview picture's tiles after edits while zoomed out, against the tiles a canvas built
/// from scratch over the same arrays and viewport rasterises: every tile of the frame's level
/// the two keep must hold the same pixels.
final class OverviewHuntTests: XCTestCase {
    static func configure(_ c: FlowCanvas<JSONValue, JSONValue>) {
        c.overviewPicture = true
        c.overviewTileBudget = .max
        c.minZoom = 0.01
    }

    /// Nodes of 100x50 spread over 3000x2000 flow units with handles, edges between them, at
    /// zoom 1/16 from the origin on an 800x600 canvas.
    private func zoomedOut(nodes n: Int = 30) -> EmbeddedCanvas<JSONValue, JSONValue> {
        var rng = SplitMix64(seed: 0x0E1E_17)
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]
        let nodes = (0..<n).map { testNode("n\($0)", x: Double(rng.next() % 3000), y: Double(rng.next() % 2000), handles: handles) }
        let edges = (0..<n).map { k in
            Edge<JSONValue>(id: "e\(k)", source: "n\(k)", target: "n\((k * 7 + 3) % n)", sourceHandle: "out", targetHandle: "in", data: .null)
        }
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        Self.configure(d.canvas)
        d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
        d.frame()
        d.frame()
        return d
    }

    /// The tiles of the current level whose pixels differ from those a fresh canvas rasterises.
    static func staleTiles(_ d: EmbeddedCanvas<JSONValue, JSONValue>, configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> [String] {
        var frames = 0
        while d.canvas.needsAnotherFrame && frames < 50 { d.frame(); frames += 1 }
        let fresh = EmbeddedCanvas(nodes: d.store.nodes, edges: d.store.edges, makeEdgeData: { _ in .null }, size: d.canvas.size)
        Self.configure(fresh.canvas)
        fresh.canvas.theme = d.canvas.theme
        configure(fresh.canvas)
        fresh.canvas.viewport = d.canvas.viewport
        fresh.frame()
        fresh.frame()
        XCTAssertTrue(d.canvas.usesOverview && fresh.canvas.usesOverview, "both draw from the picture")
        let level = OverviewPicture.level(zoom: d.canvas.viewport.zoom, displayScale: d.canvas.displayScale)
        var stale: [String] = []
        for (key, tile) in fresh.canvas.overview.tiles where key.level == level {
            guard let mine = d.canvas.overview.tiles[key], mine.lastFrame == d.canvas.frameInput.number else { continue }
            if mine.dirty || mine.rgba != tile.rgba {
                let differing = stride(from: 0, to: tile.rgba.count, by: 4).filter { mine.rgba[$0..<$0 + 4] != tile.rgba[$0..<$0 + 4] }.count
                stale.append("tile \(key.x),\(key.y): \(differing) pixels differ\(mine.dirty ? " (dirty)" : "")")
            }
        }
        return stale.sorted()
    }

    func testTilesMatchAFreshCanvasAfterDeleteUndoRedo() {
        let d = zoomedOut()
        XCTAssertEqual(Self.staleTiles(d), [])
        for id in ["n29", "n0", "n12"] {
            d.canvas.deleteElements(nodes: [id])
            d.frame(); d.frame()
            XCTAssertEqual(Self.staleTiles(d), [], "after deleting \(id)")
            d.frame([.keyDown("z", modifiers: .ctrl)])
            d.frame()
            XCTAssertEqual(Self.staleTiles(d), [], "after undoing the deletion of \(id)")
            d.frame([.keyDown("y", modifiers: .ctrl)])
            d.frame()
            XCTAssertEqual(Self.staleTiles(d), [], "after redoing the deletion of \(id)")
            d.frame([.keyDown("z", modifiers: .ctrl)])
            d.frame()
        }
    }
}

extension OverviewHuntTests {
    /// Random edits while zoomed out — moves, drags, deletions, undo, redo, hidden nodes, new
    /// and removed edges, edge selection and colours, zooms across levels, pans, resizes, theme
    /// colours, the picture switched off and on — with the budget at 4 tiles a frame, then frames
    /// until no tile is pending: the tiles must be those a fresh canvas draws.
    func testRandomEditsKeepTheTilesTrue() {
        var rng = SplitMix64(seed: 0x0E1E_18)
        func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var failures: [String] = []
        for g in 0..<6 {
            let d = zoomedOut(nodes: 20 + int(40))
            d.canvas.overviewTileBudget = 4
            var log: [String] = []
            for step in 0..<40 {
                let nodes = d.store.nodes, edges = d.store.edges
                switch int(14) {
                case 0:
                    guard !nodes.isEmpty else { continue }
                    let id = nodes[int(nodes.count)].id
                    let far = [Double.nan, 1e12, -1e12, .infinity][int(4)]
                    let p = int(4) == 0 ? Point(x: far, y: 10) : Point(x: Double(int(3000)), y: Double(int(2000)))
                    d.store.apply([NodeChange<JSONValue>.position(id: id, position: p, dragging: false)])
                    log.append("move \(id) to \(p)")
                case 1:
                    guard !nodes.isEmpty else { continue }
                    let ids = [nodes[int(nodes.count)].id, nodes.last!.id]
                    d.canvas.deleteElements(nodes: ids)
                    log.append("delete \(ids)")
                case 2: d.frame([.keyDown("z", modifiers: .ctrl)]); log.append("undo")
                case 3: d.frame([.keyDown("y", modifiers: .ctrl)]); log.append("redo")
                case 4:
                    guard !nodes.isEmpty else { continue }
                    var n = nodes[int(nodes.count)]
                    n.hidden.toggle()
                    d.store.apply([NodeChange.replace(n)])
                    log.append("hidden \(n.hidden) \(n.id)")
                case 5:
                    guard !nodes.isEmpty else { continue }
                    let e = Edge<JSONValue>(id: "x\(g)-\(step)", source: nodes[int(nodes.count)].id, target: nodes[int(nodes.count)].id,
                                            sourceHandle: "out", targetHandle: "in", data: .null)
                    d.store.apply([EdgeChange.add(e)])
                    log.append("add edge \(e.source)→\(e.target)")
                case 6:
                    guard !edges.isEmpty else { continue }
                    var e = edges[int(edges.count)]
                    switch int(5) {
                    case 0: e.selected.toggle()
                    case 1: e.hidden.toggle()
                    case 2: e.type = EdgeType.allCases[int(EdgeType.allCases.count)]
                    case 3: e.style.strokeWidth = [0.5, 1, 8, 40][int(4)]
                    default: e.style.stroke = Color(hex: UInt32(int(0xFFFFFF)))
                    }
                    d.store.apply([EdgeChange.replace(e)])
                    log.append("edge \(e.id) selected \(e.selected) hidden \(e.hidden) \(e.type) \(e.style)")
                case 7:
                    let zoom = [1.0 / 16, 1.0 / 32, 1.0 / 8, 0.05, 0.09][int(5)]
                    d.canvas.viewport = Viewport(x: -Double(int(400)), y: -Double(int(300)), zoom: zoom)
                    log.append("viewport \(d.canvas.viewport)")
                case 8:
                    let p = Point(x: Double(50 + int(700)), y: Double(50 + int(500)))
                    d.frame([.wheel(p, dx: 0, dy: int(2) == 0 ? 3 : -3, modifiers: [])])
                    log.append("wheel at \(p)")
                case 9:
                    let size = Size(width: Double(300 + int(900)), height: Double(200 + int(700)))
                    d.frame([.resize(size)])
                    log.append("resize \(size)")
                case 10:
                    d.canvas.theme.edgeColor = Color(hex: UInt32(int(0xFFFFFF)))
                    log.append("edge colour")
                case 11:
                    d.canvas.overviewPicture = false
                    d.frame()
                    if int(2) == 0, !nodes.isEmpty {
                        d.store.apply([NodeChange<JSONValue>.position(id: nodes[0].id, position: Point(x: Double(int(3000)), y: 0), dragging: false)])
                        d.frame()
                    }
                    d.canvas.overviewPicture = true
                    log.append("picture off and on")
                case 12:
                    // A drag of a node across a zoom level.
                    guard let i = nodes.indices.randomElement(using: &rng), let s = d.canvas.nodeCache.states[safe: i], s.laidOut else { continue }
                    let p = d.canvas.flowToScreenPosition(Point(x: s.origin.x + s.size.width / 2, y: s.origin.y + s.size.height / 2))
                    guard p.x > 60, p.x < 740, p.y > 60, p.y < 540 else { continue }
                    d.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1)])
                    d.frame([.pointerMove(Point(x: p.x + 5, y: p.y + 3), modifiers: [])])
                    d.frame([.wheel(p, dx: 0, dy: 3, modifiers: [])])
                    d.frame([.pointerMove(Point(x: p.x + 9, y: p.y + 8), modifiers: [])])
                    d.frame([.pointerUp(Point(x: p.x + 9, y: p.y + 8), button: .primary, modifiers: [])])
                    log.append("drag \(nodes[i].id) with a zoom")
                default:
                    guard let e = edges.last else { continue }
                    d.store.apply([EdgeChange<JSONValue>.remove(id: e.id)])
                    log.append("remove edge \(e.id)")
                }
                d.frame()
                d.frame()
                guard d.canvas.usesOverview else { continue }
                let stale = Self.staleTiles(d)
                if !stale.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(5)): \(stale.prefix(3))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

extension OverviewHuntTests {
    /// The theme's handle size sets the handle squares in the tiles: a new one redraws them.
    func testANewHandleSizeRedrawsTheTiles() {
        let d = zoomedOut()
        d.canvas.theme.handleSize = 40
        d.frame()
        XCTAssertEqual(Self.staleTiles(d), [])
    }
}

extension OverviewHuntTests {
    /// fitView over no node, one node, and two nodes far apart, zoomed out: the canvas stays
    /// within its zoom limits and, drawing from the picture, draws what a fresh canvas draws.
    func testFittingZeroOneAndFarApartNodes() {
        for count in [0, 1, 2] {
            let nodes = (0..<count).map { testNode("n\($0)", x: Double($0) * 200_000, y: 0, handles: []) }
            let d = EmbeddedCanvas<JSONValue, JSONValue>(nodes: nodes, edges: [], makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            Self.configure(d.canvas)
            d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 0.02)
            d.frame()
            d.canvas.fitView()
            d.frame()
            d.frame()
            let v = d.canvas.viewport
            XCTAssertTrue(v.zoom >= d.canvas.minZoom && v.zoom <= d.canvas.maxZoom && v.x.isFinite && v.y.isFinite, "\(count) nodes: \(v)")
            if d.canvas.usesOverview { XCTAssertEqual(Self.staleTiles(d), [], "\(count) nodes") }
        }
    }
}
