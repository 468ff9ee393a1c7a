import SwiftFlowTesting
import XCTest

/// `EmbeddedCanvas.location(ofText:inNode:)` and `FlowCanvas.drawnTexts(ofNode:)`: controls
/// found by what they show, then clicked and typed into by script.
final class LocationOfTextTests: XCTestCase {
    struct Shader: Codable, Equatable { var name: String; var mode: String }

    /// Node "a" at (100, 100): a 160x24 text field over a 160x24 picker ("Mode" leads, the
    /// button trails), on a 1280x800 canvas at the default viewport.
    func make() -> EmbeddedCanvas<Shader, EmptyEdgeData> {
        let driver = EmbeddedCanvas<Shader, EmptyEdgeData>(
            nodes: [Node(id: "a", position: Point(x: 100, y: 100), data: Shader(name: "", mode: "add"), type: "shader")])
        driver.canvas.nodeTypes["shader"] = NodeType { _, data in
            VStack(alignment: .leading, spacing: 0) {
                TextField("Name", text: data.name).frame(width: 160, height: 24)
                Picker("Mode", selection: data.mode) {
                    ForEach(["add", "multiply", "screen"], id: \.self) { Text($0).tag($0) }
                }
                .frame(width: 160, height: 24)
            }
        }
        driver.frame()
        return driver
    }

    func testTextsAreFoundInScreenPointsAndClickedByScript() throws {
        let driver = make()
        // Fixed-advance text: 0.6 em wide, 1.2 em high, 12 points. The field's placeholder sits
        // 6 in and 4.8 down; the picker's title leads its row and its button trails it, the label 6 in.
        let texts = driver.canvas.drawnTexts(ofNode: "a")
        XCTAssertEqual(texts.map(\.text), ["Name", "Mode", "add", "▾"])
        XCTAssertEqual(texts[0].frame.origin, Point(x: 106, y: 104.8))
        XCTAssertEqual(texts[0].frame.width, 28.8, accuracy: 1e-9)
        XCTAssertEqual(texts[0].frame.height, 14.4, accuracy: 1e-9)
        XCTAssertEqual(texts[1].frame.origin, Point(x: 100, y: 128.8))
        XCTAssertEqual(texts[2].frame.origin.x, 218.4, accuracy: 1e-9)
        XCTAssertEqual(texts[2].frame.width, 21.6, accuracy: 1e-9)

        let field = try XCTUnwrap(driver.location(ofText: "Name", inNode: "a"))
        try driver.play("click \(field.x) \(field.y)\ntext Ada\nkey Return")
        let mode = try XCTUnwrap(driver.location(ofText: "add", inNode: "a"))
        try driver.play("click \(mode.x) \(mode.y)\nkey Down\nkey Return")
        XCTAssertEqual(driver.store.nodes[0].data, Shader(name: "Ada", mode: "multiply"))
        XCTAssertEqual(driver.store.nodes[0].position, Point(x: 100, y: 100), "no click reached the node")
        XCTAssertNil(driver.location(ofText: "add", inNode: "a"), "the picker shows its new choice")
        XCTAssertNil(driver.location(ofText: "Name", inNode: "missing"))
        _ = driver.drainOutbound()
        XCTAssertEqual(driver.finish(), .clean)
    }

    func testFramesFollowTheViewport() {
        let driver = make()
        driver.canvas.viewport = Viewport(x: 10, y: -20, zoom: 2)
        driver.frame()
        // Flow (106, 104.8) → screen (106·2 + 10, 104.8·2 − 20), the size doubled.
        let name = driver.canvas.drawnTexts(ofNode: "a")[0]
        XCTAssertEqual(name.text, "Name")
        XCTAssertEqual(name.frame.origin.x, 222, accuracy: 1e-9)
        XCTAssertEqual(name.frame.origin.y, 189.6, accuracy: 1e-9)
        XCTAssertEqual(name.frame.width, 57.6, accuracy: 1e-9)
        XCTAssertEqual(name.frame.height, 28.8, accuracy: 1e-9)
        // Panned off the canvas (beyond the culling margin), the view is not built: nothing drawn.
        driver.canvas.viewport = Viewport(x: -100_000, y: 0, zoom: 1)
        driver.frame()
        XCTAssertEqual(driver.canvas.drawnTexts(ofNode: "a").count, 0)
    }
}
