import Foundation
import SwiftFlowCore

/// An angle (SwiftUI's `Angle`): `.degrees(90)`, `.radians(.pi / 2)`. Positive angles turn
/// clockwise on screen (y grows downward), as in SwiftUI.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }
    /// Creates an angle of `radians` radians.
    public init(radians: Double) { self.radians = radians }
    /// Creates an angle of `degrees` degrees.
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    /// No turn.
    public static let zero = Angle(radians: 0)
    /// An angle of `radians` radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees` degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// Whether `a` turns less than `b`.
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// A point of a view's frame as fractions of its size (SwiftUI's `UnitPoint`): (0, 0) its
/// top-leading corner, (1, 1) its bottom-trailing one.
public struct UnitPoint: Hashable, Sendable {
    /// Fractions of the frame's width and height.
    public var x: Double, y: Double
    /// The point at fractions `x` of the width and `y` of the height.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The corners, the middles of the sides and the centre.
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// This point of `frame` (flow units).
    func point(in frame: Rect) -> Point { Point(x: frame.minX + frame.width * x, y: frame.minY + frame.height * y) }
}

extension View {
    /// Draws the view turned by `angle` about `anchor` of its frame (default the centre) without
    /// changing its layout (SwiftUI's `rotationEffect`). Shapes are drawn turned (as polygons, in
    /// both backends); text and images stay upright, their centres carried round by the turn (the
    /// glyph atlas and picture textures are drawn axis-aligned); a clip inside becomes the box
    /// around its turned rectangle. Taps, hovers, controls and handles inside keep their
    /// unturned frames for hit testing, as with `.scaleEffect` and `.offset`. A non-finite
    /// angle is no turn; an anchor with a non-finite coordinate is the centre.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        let pivot = anchor.x.isFinite && anchor.y.isFinite ? anchor : .center
        return ContainerView(kind: .rotation(angle.radians.isFinite ? angle.radians : 0, anchor: pivot), content: self)
    }
}
