import SwiftFlowCore

/// The two layout axes.
public enum Axis: Hashable, Sendable { case horizontal, vertical }

/// Horizontal placement of a child in a larger space.
public enum HorizontalAlignment: Hashable, Sendable {
    case leading, center, trailing
    var fraction: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

/// Vertical placement of a child in a larger space.
public enum VerticalAlignment: Hashable, Sendable {
    case top, center, bottom
    var fraction: Double { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

/// Placement of a child in both axes (SwiftUI's `Alignment`).
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Insets on the four sides, flow units.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// What a handle view asked for, before layout puts it on the border.
struct HandleSpec {
    var id: String
    var type: HandleType
    var position: Position
    var color: Color?
    var isConnectable: Bool
}

/// How a text view is set: font size and face, and how its lines are broken, cut and aligned.
struct TextSpec {
    /// Flow units.
    var fontSize: Double
    var face = FontFace.regular
    /// At most this many lines; nil for no limit.
    var lineLimit: Int?
    var alignment = TextAlignment.leading
    var truncation = Text.TruncationMode.tail
}

/// A `.shadow`: its colour, blur radius and offset (flow units).
struct ShadowSpec {
    var color: Color
    var radius: Double
    var offset: Point
}

/// Size constraints of a `.frame(…)` modifier, flow units.
struct FrameSpec {
    var width: Double?, height: Double?
    var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    var alignment: Alignment
}

/// One element of a laid-out view tree. Plain data: the strings and closures of texts, handles,
/// resizers, buttons and images are in the arena's side tables (`LayoutBuilder.texts`, `handles`,
/// `resizers`, `actions`, `images`) at the index the case holds, so reading a kind retains nothing.
enum LayoutKind {
    case stack(Axis, spacing: Double, alignment: Double)
    case zstack(Alignment)
    case text(Int32, TextSpec, color: Color)
    case spacer(minLength: Double)
    case handle(Int32)
    case shape(ShapePaintStyle)
    case padding(EdgeInsets)
    case frame(FrameSpec)
    /// Children: the content, then the background view.
    case background
    /// Children: the content, then the overlay view.
    case overlay
    /// The child's centre goes to this point of the parent's space.
    case position(Point)
    /// A `NodeResizer`: no size, no draw ops (the canvas draws its grips).
    case resizer(Int32)
    /// A `NodeToolbar`: no size in the node; its one child is laid out in its own space
    /// (screen points) and emitted apart from the node's ops.
    case toolbar(ToolbarSpec)
    /// A `Button` around its one child (the label), sized like it.
    case button(Int32)
    /// `.offset`: its one child sized like it, drawn moved by this much (flow units).
    case offset(Point)
    /// `.cornerRadius`: its one child sized like it, whose shapes filling its frame get corners
    /// of at least this radius (flow units).
    case cornerRadius(Double)
    /// A control (`TextField`, `Slider`, `Toggle`, `Picker`…): index in `LayoutBuilder.controls`.
    case control(Int32)
    /// `.fixedSize`: its one child at its ideal size in the axes named, whatever the space offered.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `.contextMenu`: its one child sized like it; `LayoutBuilder.menus` at the index holds the items.
    case contextMenu(Int32)
    /// `.onHover` / `.help`: its one child sized like it; `LayoutBuilder.hovers` at the index.
    case hover(Int32)
    /// `.scaleEffect`: its one child sized like it, drawn scaled by this factor about its centre.
    case scale(Double)
    /// `.rotationEffect`: its one child sized like it, drawn turned by this many radians
    /// (clockwise on screen) about the anchor point of its frame.
    case rotation(Double, anchor: UnitPoint)
    /// `.clipped()` / `.clipShape`: its one child sized like it, drawn clipped to its frame; the
    /// shapes filling the frame get corners of at least this radius.
    case clip(cornerRadius: Double)
    /// `.zIndex`: its one child sized like it, drawn in this order among its siblings.
    case zIndex(Double)
    /// `.shadow`: its one child sized like it, its filled shapes drawn first as a soft shadow.
    case shadow(ShadowSpec)
    /// An `Image` (`LayoutBuilder.images` at the index): `size` is a non-resizable image's
    /// fixed size (flow units); nil for a resizable one, which is flexible.
    case image(Int32, size: Size?)
}

/// A node of the flat layout arena: tree links, measured ideal size, flexibility and frame.
/// Plain data (its kind is in the arena's parallel `kinds` array), so that reading a node while
/// measuring and placing copies a few words, not a kind's strings and closures.
struct LayoutNode {
    var parent: Int32
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var ideal = Size.zero
    var flexX = false
    var flexY = false
    /// The largest size the node takes however much room it is offered (a flexible node's
    /// bounds from `.frame(maxWidth:maxHeight:)` below it); infinite when unbounded.
    var maxSize = Size(width: .infinity, height: .infinity)
    /// The widest its ancestors let the node be (flow units; `NodeLayoutEngine.limitWidths`):
    /// infinite in the first measuring pass; a text wider than it is measured again wrapped at it.
    var widthLimit = Double.infinity
    /// Placed frame in node-local flow units.
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
}
