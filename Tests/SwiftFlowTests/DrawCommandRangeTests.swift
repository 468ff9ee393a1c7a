import SwiftFlow
import XCTest

/// Each command of the triangle form owns a range of vertices, and its indices count from the
/// range's start, so a backend submits only that range.
final class DrawCommandRangeTests: XCTestCase {
    private let page = TextureID(rawValue: 1)

    func testCommandsOwnContiguousVertexRangesAndTheirIndicesCountFromTheirStart() {
        var l = DrawList()
        l.addSolidRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .black)
        l.addSolidRect(Rect(x: 10, y: 0, width: 4, height: 4), color: .black)   // merged into the first run
        l.addImage(page, rect: Rect(x: 0, y: 10, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        l.setClip(Rect(x: 0, y: 0, width: 50, height: 50))
        l.addSolidRect(Rect(x: 20, y: 20, width: 4, height: 4), color: .black)
        XCTAssertEqual(l.commands, [
            DrawCommand(indexOffset: 0, indexCount: 12, vertexOffset: 0, vertexCount: 8, texture: .none, clip: nil),
            DrawCommand(indexOffset: 12, indexCount: 6, vertexOffset: 8, vertexCount: 4, texture: page, clip: nil),
            DrawCommand(indexOffset: 18, indexCount: 6, vertexOffset: 12, vertexCount: 4, texture: .none,
                        clip: Rect(x: 0, y: 0, width: 50, height: 50)),
        ])
        XCTAssertEqual(l.indices, [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7,   0, 1, 2, 0, 2, 3,   0, 1, 2, 0, 2, 3])
        XCTAssertEqual(l.vertices.count, 16)
    }

    /// Every primitive's indices stay inside its command's vertex range, and each range is used
    /// from its first vertex to its last.
    func testEveryPrimitiveIndexesExactlyItsCommandsRange() {
        var l = DrawList()
        for k in 0..<3 {
            let x = Double(40 * k)
            l.addCircleFill(center: Point(x: x + 10, y: 10), radius: 6, color: .black)
            l.addRectStroke(Rect(x: x, y: 20, width: 30, height: 20), color: .black, thickness: 1, cornerRadius: 4)
            l.addThinPolyline([Point(x: x, y: 50), Point(x: x + 30, y: 60), Point(x: x + 5, y: 70)], color: .black)
            l.addImage(page, rect: Rect(x: x, y: 80, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(l.commands.count, 6, "untextured and glyph runs alternate")
        var nextVertex = 0, nextIndex = 0
        for c in l.commands {
            XCTAssertEqual(c.vertexOffset, nextVertex)
            XCTAssertEqual(c.indexOffset, nextIndex)
            let own = l.indices[c.indexOffset..<c.indexOffset + c.indexCount]
            XCTAssertEqual(own.min(), 0)
            XCTAssertEqual(own.max(), Int32(c.vertexCount - 1))
            nextVertex += c.vertexCount; nextIndex += c.indexCount
        }
        XCTAssertEqual(nextVertex, l.vertices.count)
        XCTAssertEqual(nextIndex, l.indices.count)
    }
}
