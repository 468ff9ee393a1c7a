import SwiftFlowCore

/// The edges a padding applies to (SwiftUI's `Edge.Set`).
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = EdgeSet(rawValue: 1)
    public static let leading = EdgeSet(rawValue: 2)
    public static let bottom = EdgeSet(rawValue: 4)
    public static let trailing = EdgeSet(rawValue: 8)
    public static let horizontal: EdgeSet = [.leading, .trailing]
    public static let vertical: EdgeSet = [.top, .bottom]
    public static let all: EdgeSet = [.horizontal, .vertical]
}

/// A view with one layout container around it — around each of its elements when it is a
/// group (`View._isGroup`).
struct ContainerView<Content: View>: View, PrimitiveView {
    let kind: LayoutKind
    let content: Content
    public func _build(into builder: inout LayoutBuilder) { builder.add(content, modifiedBy: kind) }
    static var _isGroup: Bool { Content._isGroup }
}

/// A view with a second view behind or in front of it. Each is wrapped in a ZStack so that
/// content or decorations of several views (`ForEach`, tuples) stay one child each.
struct DecoratedView<Content: View, Decoration: View>: View, PrimitiveView {
    let kind: LayoutKind
    let content: Content
    let decoration: Decoration
    public func _build(into builder: inout LayoutBuilder) {
        builder.container(kind) {
            $0.container(.zstack(.center)) { $0.add(content) }
            $0.container(.zstack(.center)) { $0.add(decoration) }
        }
    }
}

/// A view built with a changed environment (font, colour).
struct EnvironmentView<Content: View>: View, PrimitiveView {
    let change: (inout LayoutEnvironment) -> Void
    let content: Content
    public func _build(into builder: inout LayoutBuilder) { builder.withEnvironment(change) { $0.add(content) } }
    static var _isGroup: Bool { Content._isGroup }
}

extension View {
    /// Pads `edges` by `length` flow units (default 16, SwiftUI's default padding).
    public func padding(_ edges: EdgeSet = .all, _ length: Double? = nil) -> some View {
        let l = length ?? 16
        return ContainerView(kind: .padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                                       bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)),
                             content: self)
    }
    /// Pads every side by `length` flow units.
    public func padding(_ length: Double) -> some View { padding(.all, length) }
    /// Pads by explicit insets (flow units).
    public func padding(_ insets: EdgeInsets) -> some View { ContainerView(kind: .padding(insets), content: self) }

    /// Gives the view a fixed width and/or height (flow units); nil keeps the measured one.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        ContainerView(kind: .frame(FrameSpec(width: width, height: height, alignment: alignment)), content: self)
    }
    /// Bounds the view's size (flow units); `.infinity` as a maximum makes it fill the space offered.
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> some View {
        ContainerView(kind: .frame(FrameSpec(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
                                             alignment: alignment)), content: self)
    }

    /// Draws `background` behind the view, sized to it. Several views (a `ForEach`, a tuple) are
    /// decorated as one group overlaid in a ZStack — SwiftUI would decorate each element.
    public func background<Background: View>(_ background: Background) -> some View {
        DecoratedView(kind: .background, content: self, decoration: background)
    }
    /// Draws `overlay` in front of the view, sized to it.
    public func overlay<Overlay: View>(_ overlay: Overlay) -> some View {
        DecoratedView(kind: .overlay, content: self, decoration: overlay)
    }
    /// Places the view's centre at `(x, y)` in its parent's space (flow units); the result fills
    /// the space offered (SwiftUI's `position`).
    public func position(x: Double, y: Double) -> some View { ContainerView(kind: .position(Point(x: x, y: y)), content: self) }

    /// Moves the view's drawing (and the handles inside) by `x`, `y` flow units without changing
    /// its layout (SwiftUI's `offset`). Defaults 0.
    public func offset(x: Double = 0, y: Double = 0) -> some View { ContainerView(kind: .offset(Point(x: x, y: y)), content: self) }

    /// Rounds the corners of the shapes that fill the view's frame (a background, a colour) to at
    /// least `radius` flow units. Unlike SwiftUI nothing is clipped: content inside keeps its shape.
    public func cornerRadius(_ radius: Double) -> some View { ContainerView(kind: .cornerRadius(radius), content: self) }

    /// Draws the view scaled by `scale` about its centre without changing its layout (SwiftUI's
    /// `scaleEffect`; anchor: the centre). Handles inside stay where layout put them.
    public func scaleEffect(_ scale: Double) -> some View {
        ContainerView(kind: .scale(scale.isFinite && scale >= 0 ? scale : 1), content: self)
    }

    /// Clips what the view draws to its frame (SwiftUI's `clipped`); nested clips narrow.
    public func clipped() -> some View { ContainerView(kind: .clip(cornerRadius: 0), content: self) }

    /// Clips what the view draws to its frame, the shapes filling the frame taking `shape`'s
    /// corners (SwiftUI's `clipShape`). The clip itself is the frame's rectangle: content that
    /// reaches into a rounded corner or outside a circle's curve still shows there.
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        ContainerView(kind: .clip(cornerRadius: shape.cornerRadius), content: self)
    }

    /// Gives the view its ideal size in the axes named, whatever the space offered (SwiftUI's
    /// `fixedSize`): a text keeps its one line instead of wrapping or being cut. Both by default.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        ContainerView(kind: .fixedSize(horizontal: horizontal, vertical: vertical), content: self)
    }

    /// Draws the view in this order among its siblings in a stack (SwiftUI's `zIndex`): higher
    /// on top; siblings with the same value keep their order. Default 0. Layout is unchanged.
    public func zIndex(_ value: Double) -> some View { ContainerView(kind: .zIndex(value), content: self) }

    /// Draws a soft shadow of `color` under the view's filled shapes, `radius` flow units of blur,
    /// moved by `x`, `y` (SwiftUI's `shadow`; defaults black at 33%, radius as given, no offset).
    /// The blur is approximated by three nested shapes; text casts no shadow.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        ContainerView(kind: .shadow(ShadowSpec(color: color, radius: max(radius, 0), offset: Point(x: x, y: y))), content: self)
    }

    /// Draws a border of `color`, `width` flow units wide (default 1), inside the view's frame
    /// (SwiftUI's `border`).
    public func border(_ color: Color, width: Double = 1) -> some View {
        overlay(Rectangle().stroke(color, lineWidth: width).padding(width / 2))
    }

    /// Multiplies the opacity of everything the view draws by `opacity` (0...1; SwiftUI's
    /// `opacity`). Handles are drawn by the canvas and keep theirs.
    public func opacity(_ opacity: Double) -> some View { EnvironmentView(change: { $0.opacity *= opacity }, content: self) }

    /// Sets the colour of the text inside.
    public func foregroundColor(_ color: Color) -> some View { EnvironmentView(change: { $0.foreground = color }, content: self) }
    /// Sets the colour of the text inside (SwiftUI's newer spelling).
    public func foregroundStyle(_ color: Color) -> some View { foregroundColor(color) }
}
