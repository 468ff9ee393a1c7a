@testable import SwiftFlow
import XCTest

/// SwiftUI views and modifiers that node views port with: exact layout values and paints.
final class ViewParityTests: XCTestCase {
    func testSemanticColoursFollowTheTheme() {
        for theme in [FlowTheme.light, .dark] {
            let p = LayoutProbe(theme: theme) { _ in
                VStack(spacing: 0) {
                    Color.primary.frame(width: 10, height: 10)
                    Rectangle().fill(.secondary).frame(width: 10, height: 10)
                    Circle().stroke(Color.accentColor.opacity(0.5)).frame(width: 10, height: 10)
                    Text("a").foregroundColor(.secondary)
                }
            }
            let paints = p.paintedShapes.map(\.1)
            XCTAssertEqual(paints[0].fill, theme.nodeText)
            XCTAssertEqual(paints[1].fill, theme.nodeText.opacity(0.6))
            XCTAssertEqual(paints[2].stroke, theme.accentColor.opacity(0.5))
            XCTAssertEqual(p.textColors, [theme.nodeText.opacity(0.6)])
        }
        XCTAssertEqual(FlowTheme.light.accentColor, Color(hex: 0x007AFF))
        XCTAssertEqual(FlowTheme.dark.accentColor, Color(hex: 0x0A84FF))
    }

    func testDividerIsAOnePointLineAcrossItsStack() {
        let column = LayoutProbe { _ in
            VStack(spacing: 0) { Color.red.frame(width: 40, height: 10); Divider(); Color.red.frame(width: 40, height: 10) }
        }
        XCTAssertEqual(column.shapes[1], Rect(x: 0, y: 10, width: 40, height: 1))
        XCTAssertEqual(column.paintedShapes[1].1.fill, FlowTheme.light.nodeText.opacity(0.3))
        let row = LayoutProbe { _ in
            HStack(spacing: 0) { Color.red.frame(width: 10, height: 30); Divider(); Color.red.frame(width: 10, height: 30) }
        }
        XCTAssertEqual(row.shapes[1], Rect(x: 10, y: 0, width: 1, height: 30))
        XCTAssertEqual(row.size, Size(width: 21, height: 30))
    }

    func testCircleCapsuleAndEllipseFillTheirFrameAsSwiftUIDoes() {
        let p = LayoutProbe { _ in
            VStack(spacing: 0) {
                Circle().fill(.red).frame(width: 40, height: 20)
                Capsule().fill(.red).frame(width: 40, height: 20)
                Ellipse().fill(.red).frame(width: 40, height: 20)
            }
        }
        let shapes = p.paintedShapes
        XCTAssertEqual(shapes[0].0, Rect(x: 10, y: 0, width: 20, height: 20), "the largest circle, centred")
        XCTAssertEqual(shapes[0].1.outline, .circle)
        XCTAssertEqual(shapes[1].0, Rect(x: 0, y: 20, width: 40, height: 20))
        XCTAssertEqual(shapes[1].1.cornerRadius, .infinity, "half circles: drawn with half the height")
        XCTAssertEqual(shapes[2].0, Rect(x: 0, y: 40, width: 40, height: 20))
        XCTAssertEqual(shapes[2].1.outline, .ellipse)
    }

    func testOffsetMovesTheDrawingNotTheLayout() {
        let p = LayoutProbe { _ in
            HStack(spacing: 0) { Color.red.frame(width: 10, height: 10).offset(x: 3, y: -2); Color.blue.frame(width: 10, height: 10) }
        }
        XCTAssertEqual(p.shapes, [Rect(x: 3, y: -2, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)])
        XCTAssertEqual(p.size, Size(width: 20, height: 10))
    }

    func testCornerRadiusRoundsTheShapesFillingTheFrame() {
        let p = LayoutProbe { _ in Text("ab").padding(4).background(Color.red).cornerRadius(6) }
        XCTAssertEqual(p.paintedShapes.map(\.0), [Rect(x: 0, y: 0, width: 22.4, height: 22.4)])
        XCTAssertEqual(p.paintedShapes[0].1.cornerRadius, 6)
        let inner = LayoutProbe { _ in ZStack { Color.red; Color.blue.frame(width: 5, height: 5) }.frame(width: 20, height: 20).cornerRadius(6) }
        XCTAssertEqual(inner.paintedShapes.map(\.1.cornerRadius), [6, 0], "only what fills the frame")
    }

    func testBorderIsDrawnInsideTheFrame() {
        let p = LayoutProbe { _ in Color.red.frame(width: 40, height: 20).border(.blue, width: 4) }
        XCTAssertEqual(p.size, Size(width: 40, height: 20))
        let border = p.paintedShapes[1]
        XCTAssertEqual(border.0, Rect(x: 2, y: 2, width: 36, height: 16), "a 4-unit stroke centred 2 units in")
        XCTAssertEqual(border.1.stroke, .blue)
        XCTAssertEqual(border.1.lineWidth, 4)
    }

    func testOpacityFadesEverythingInsideAndMultiplies() {
        let p = LayoutProbe { _ in
            VStack(spacing: 0) { Color.red.frame(width: 10, height: 10); Text("a").opacity(0.5) }.opacity(0.5)
        }
        XCTAssertEqual(p.paintedShapes[0].1.fill, Color.red.opacity(0.5))
        XCTAssertEqual(p.textColors, [FlowTheme.light.nodeText.opacity(0.25)])
    }
}
