import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// ComfyUI workflows drawn through the SDL software renderer: node modes, collapsed nodes,
/// Reroute dots, groups and link-type colours at known pixels.
@MainActor
final class ComfyUIDrawingTests: XCTestCase {
    private let workflow = #"""
        {"nodes": [
          {"id": 1, "type": "A", "pos": [0, 30], "size": [200, 100], "mode": 0,
           "inputs": [], "outputs": [{"name": "o", "type": "LATENT", "links": [1]}]},
          {"id": 2, "type": "B", "pos": [300, 30], "size": [200, 100], "mode": 2, "inputs": [], "outputs": []},
          {"id": 3, "type": "C", "pos": [600, 30], "size": [180, 100], "mode": 4, "inputs": [], "outputs": []},
          {"id": 4, "type": "D", "pos": [0, 300], "size": [200, 100], "flags": {"collapsed": true}, "inputs": [], "outputs": []},
          {"id": 5, "type": "Reroute", "pos": [300, 300], "size": [75, 26],
           "inputs": [{"name": "", "type": "*", "link": 1}], "outputs": [{"name": "", "type": "LATENT", "links": []}]}],
         "links": [[1, 1, 0, 5, 0, "LATENT"]],
         "groups": [{"title": "G", "bounding": [560, -20, 235, 440], "color": "#88A"}]}
        """#

    private func render() throws -> (PixelBuffer, FlowCanvas<JSONValue, JSONValue>) {
        let doc = try FlowFile.decode(Array(workflow.utf8), file: "wf.json")
        let host = try SDLHost(headlessSize: Size(width: 800, height: 450))
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .dark, textMeasurer: host.text)
        ComfyUINodeTypes.register(on: canvas)
        var list = DrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        try host.render(list, clear: canvas.theme.background)
        let px = try host.readPixels()
        host.present()
        return (px, canvas)
    }

    private func assertClose(_ p: PackedColor, _ c: Color, tolerance: Int = 2, _ what: String, line: UInt = #line) {
        let e = PackedColor(c)
        XCTAssertTrue(abs(Int(p.r) - Int(e.r)) <= tolerance && abs(Int(p.g) - Int(e.g)) <= tolerance && abs(Int(p.b) - Int(e.b)) <= tolerance,
                      "\(what): \(p) is not \(e)", line: line)
    }

    func testModesCollapsedRerouteGroupsAndLinkColours() async throws {
        let (px, canvas) = try render()
        let background = canvas.theme.background
        // A node in mode 0: LiteGraph's default body colour, away from its text.
        assertClose(px[180, 115], ComfyUINodeView.defaultBody, "normal node body")
        // Muted (mode 2): the body under 60 % of the background (ComfyUI draws it at 40 %).
        let dimmed = Color(red: 0.4 * ComfyUINodeView.defaultBody.red + 0.6 * background.red,
                           green: 0.4 * ComfyUINodeView.defaultBody.green + 0.6 * background.green,
                           blue: 0.4 * ComfyUINodeView.defaultBody.blue + 0.6 * background.blue)
        assertClose(px[480, 115], dimmed, "muted node body")
        // Bypassed (mode 4): purple.
        assertClose(px[760, 115], ComfyUINodeView.bypassedBody, "bypassed node body")
        let purple = px[760, 115]
        XCTAssertTrue(purple.r > purple.g + 40 && purple.b > purple.g + 40)
        // Collapsed: only the 30-unit title bar (y 270...300), as wide as its title ("D": 8.4 + 60);
        // below and beside it is background.
        assertClose(px[50, 285], ComfyUINodeView.defaultTitle, "collapsed node's title bar")
        assertClose(px[50, 340], background, "nothing below a collapsed node's title")
        assertClose(px[120, 285], background, "nothing beside it")
        // Reroute: a LATENT-coloured 16-unit dot centred on LiteGraph's 75×26 box.
        assertClose(px[337, 309], ComfyUIPalette.color(type: "LATENT"), "reroute dot (above its slot handles)")
        assertClose(px[337, 325], background, "outside the reroute dot")
        // The link and the slots it joins have the LATENT colour.
        let path = try XCTUnwrap(canvas.edgePath(at: 0))
        XCTAssertEqual(path.start, Point(x: 200, y: 44))
        XCTAssertEqual(path.end, Point(x: 329.5, y: 313))
        assertClose(px[Int(path.labelPoint.x), Int(path.labelPoint.y)], ComfyUIPalette.color(type: "LATENT"), "LATENT link")
        assertClose(px[200, 44], ComfyUIPalette.color(type: "LATENT"), "LATENT output slot")
        // The group holds node 3 (its parent now) and is drawn behind it: node 3's body above stays
        // purple; beside the node, the group's colour at 35 % over the background.
        let doc = try FlowFile.decode(Array(workflow.utf8), file: "wf.json")
        XCTAssertEqual(doc.nodes.first { $0.id == "3" }?.parentId, "group-0")
        let g = Color(css: "#88A")!
        assertClose(px[570, 390], Color(red: 0.35 * g.red + 0.65 * background.red, green: 0.35 * g.green + 0.65 * background.green,
                                        blue: 0.35 * g.blue + 0.65 * background.blue), tolerance: 3, "group fill")
    }
}
