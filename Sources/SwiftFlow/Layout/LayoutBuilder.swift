import SwiftFlowCore

/// Values inherited down the view tree (SwiftUI's environment): font and text layout, text
/// colour, the theme's colours the semantic colours stand for, and the opacity of `.opacity`
/// modifiers.
struct LayoutEnvironment {
    var font: Font
    /// `.fontWeight` / `.bold()` on a view: the weight of the text inside, whatever its font.
    var fontWeight: Font.Weight?
    /// `.italic()` / `.monospaced()` on a view: the text inside is slanted / monospaced.
    var italic = false, monospaced = false
    /// `.lineLimit`: at most this many lines; nil for no limit.
    var lineLimit: Int?
    /// `.multilineTextAlignment`: how the lines of a text align with one another.
    var multilineTextAlignment = TextAlignment.leading
    /// `.truncationMode`: where the ellipsis goes when a line is cut.
    var truncationMode = Text.TruncationMode.tail
    var foreground: Color
    /// What `Color.primary`, `.secondary` and `.accentColor` are drawn as.
    var primary: Color, secondary: Color, accent: Color
    /// The theme's node background (what a `Material` is made of).
    var background: Color
    /// The product of the `.opacity` modifiers around the view being built, 0...1.
    var opacity = 1.0
    /// False inside `.disabled(true)`: controls are drawn faded and take no input.
    var isEnabled = true
    /// False inside `.allowsHitTesting(false)`: buttons, tap gestures and controls inside take
    /// no input (a press goes to the node), drawn as they are.
    var allowsHitTesting = true
    /// How `Button`s inside draw (`.buttonStyle`).
    var buttonStyle = ButtonStyle.Kind.borderless
    /// What Return in a `TextField` inside runs (`.onSubmit`).
    var onSubmit: (() -> Void)?

    /// The environment at the root of a node view drawn in `theme`: a regular font of its size, and
    /// `nodeText` as the text colour and `Color.primary`, `nodeText` at 60% as `.secondary`,
    /// `accentColor` as `.accentColor`.
    init(theme: FlowTheme) {
        font = Font(size: theme.fontSize)
        foreground = theme.nodeText
        primary = theme.nodeText
        secondary = theme.nodeText.opacity(0.6)
        accent = theme.accentColor
        background = theme.nodeBackground
    }

    /// `color` as drawn here: a semantic colour (`Color.primary`…) replaced by the theme's
    /// colour at its opacity, then faded by the `.opacity` modifiers.
    func resolve(_ color: Color) -> Color {
        var c = color
        if let role = color.semanticRole {
            c = (role == .primary ? primary : role == .secondary ? secondary : accent).opacity(color.opacity)
        }
        return opacity == 1 ? c : c.opacity(opacity)
    }
}

/// Collects a view tree into a flat arena of `LayoutNode`s (pre-order: parents before children)
/// and their kinds (`kinds[i]` is node i's). Reused across nodes and frames so building a view
/// allocates no arena storage.
public struct LayoutBuilder {
    var nodes: [LayoutNode] = []
    var kinds: [LayoutKind] = []
    /// The side tables of `LayoutKind`'s texts, handles, resizers, button actions and images.
    var texts: [String] = []
    var handles: [HandleSpec] = []
    var resizers: [ResizerSpec] = []
    var actions: [TapAction] = []
    /// The side table of `LayoutKind.control`.
    var controls: [ControlSpec] = []
    /// While a `Picker` collects its options (`collectOptions`): the tagged views met so far.
    var options: [PickerOption]?
    /// While a context menu collects its items (`collectMenuItems`): the buttons met so far.
    var menuItems: [MenuItem]?
    /// The side table of `LayoutKind.contextMenu`.
    var menus: [[MenuItem]] = []
    /// The side table of `LayoutKind.hover`.
    var hovers: [HoverSpec] = []
    /// The state of the focused control or open popup when it is in the node being built (set
    /// by the canvas before building that node; nil for every other node), drawn live.
    var live: LiveControl?
    /// The vertical scroll of the node's scrolled multi-line fields, by `ControlSpec.path`.
    var scrolls: [UInt64: Double] = [:]
    /// Makes the node-data bindings of `NodeType`s whose view takes one (a `NodeDataSource` of
    /// the canvas' node data type).
    var dataSource: AnyObject?
    var images: [ImageSpec] = []
    /// Where image views get their pictures (`FlowCanvas.imageProvider`).
    var imageProvider: ImageProvider?
    var current: Int32 = -1
    /// Structural identity (`ControlSpec.path`): the identity of the current parent or group
    /// element, the place of the next view in it, and the identity of the node appended last.
    /// A group element (`addElement`) takes one place whether it builds a view or none, so an
    /// `if` that shows or hides views does not change the identity of the views after it.
    var identityScope: UInt64 = 0xcbf2_9ce4_8422_2325, identityPlace: UInt64 = 0, lastIdentity: UInt64 = 0
    var environment: LayoutEnvironment
    /// How many resizers, toolbars and buttons the current tree holds (most hold none); counted
    /// by `append(resizer:)`, `toolbar` and `button`.
    var toolCount = 0
    /// The containers of modifiers on the group being built, outermost first: each element
    /// of the group is built inside them (`addElement`).
    var elementModifiers: [LayoutKind] = []
    /// The state of the node's animation views (`.animation(_:value:)`), the id of the node
    /// being built (their keys') and the animation views around the view being built,
    /// innermost last. Without a store (layout outside a canvas) nothing animates.
    var animations: ViewAnimations?
    var animationNode = ""
    var animationScopes: [ControlKey] = []
    /// Set by a `NodeResizer` or `NodeResizeControl`: the root lays the view out from the
    /// node's top-leading corner (a resizable node, as on macOS), not centred.
    var alignsTopLeading = false

    init(environment: LayoutEnvironment) { self.environment = environment }

    /// Clears the arena and starts a root ZStack (centre-aligned) that the node's views go under.
    mutating func reset(environment env: LayoutEnvironment) {
        nodes.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        handles.removeAll(keepingCapacity: true)
        resizers.removeAll(keepingCapacity: true)
        actions.removeAll(keepingCapacity: true)
        if !controls.isEmpty { controls.removeAll(keepingCapacity: true) }
        if !menus.isEmpty { menus.removeAll(keepingCapacity: true) }
        if !hovers.isEmpty { hovers.removeAll(keepingCapacity: true) }
        live = nil
        if !scrolls.isEmpty { scrolls.removeAll() }
        images.removeAll(keepingCapacity: true)
        environment = env
        current = -1
        toolCount = 0
        alignsTopLeading = false
        identityScope = 0xcbf2_9ce4_8422_2325; identityPlace = 0
        current = append(.zstack(.center))
    }

    /// Appends a node under the current parent and returns its index.
    @discardableResult
    mutating func append(_ kind: LayoutKind) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(LayoutNode(parent: current))
        kinds.append(animationScopes.isEmpty ? kind : animated(kind))
        lastIdentity = Self.identity(identityScope, identityPlace)
        identityPlace &+= 1
        if current >= 0 {
            let p = Int(current)
            if nodes[p].lastChild >= 0 { nodes[Int(nodes[p].lastChild)].nextSibling = index } else { nodes[p].firstChild = index }
            nodes[p].lastChild = index
        }
        return index
    }

    /// Appends a text node: `text` laid out as `spec` says in `color` (resolved, `LayoutEnvironment.resolve`).
    mutating func append(text: String, spec: TextSpec, color: Color) {
        texts.append(text)
        append(.text(Int32(texts.count - 1), spec, color: environment.resolve(color)))
    }

    /// Appends a shape node painted with `paint`, its colours resolved (`LayoutEnvironment.resolve`).
    mutating func append(shape paint: ShapePaintStyle) {
        var p = paint
        p.fill = p.fill.map { environment.resolve($0) }
        p.stroke = p.stroke.map { environment.resolve($0) }
        append(.shape(p))
    }

    /// Appends a handle node.
    mutating func append(handle: HandleSpec) {
        handles.append(handle)
        append(.handle(Int32(handles.count - 1)))
    }

    /// Appends a resizer node.
    mutating func append(resizer: ResizerSpec) {
        resizers.append(resizer)
        append(.resizer(Int32(resizers.count - 1)))
        toolCount += 1
    }

    /// Appends a toolbar node and builds its content inside `body`.
    mutating func toolbar(_ spec: ToolbarSpec, _ body: (inout LayoutBuilder) -> Void) {
        container(.toolbar(spec), body)
        toolCount += 1
    }

    /// Appends a button node running `action` and builds its label inside `body`; without
    /// hit testing (`.allowsHitTesting(false)` around it) or inside `.disabled(true)` only the label.
    mutating func button(_ action: TapAction, _ body: (inout LayoutBuilder) -> Void) {
        if menuItems != nil, action.isButton {
            // Collecting a context menu's items: the button's label texts and its action.
            let start = texts.count
            body(&self)
            menuItems?.append(MenuItem(texts[start...].joined(separator: " "), action: action.action))
            return
        }
        guard environment.allowsHitTesting, environment.isEnabled else { return body(&self) }
        actions.append(action)
        container(.button(Int32(actions.count - 1)), body)
        toolCount += 1
    }

    /// Appends a container node and builds its children inside `body`.
    mutating func container(_ kind: LayoutKind, _ body: (inout LayoutBuilder) -> Void) {
        let saved = current, savedIdentity = (identityScope, identityPlace)
        current = append(kind)
        (identityScope, identityPlace) = (lastIdentity, 0)
        body(&self)
        current = saved
        (identityScope, identityPlace) = savedIdentity
    }

    /// The identity of the place `place` in the scope `scope` (FNV-1a step over 64-bit words).
    static func identity(_ scope: UInt64, _ place: UInt64) -> UInt64 { (scope ^ place) &* 0x100_0000_01b3 }

    /// Builds `body` with a modified environment, restoring it afterwards.
    mutating func withEnvironment(_ change: (inout LayoutEnvironment) -> Void, _ body: (inout LayoutBuilder) -> Void) {
        let saved = environment
        change(&environment)
        body(&self)
        environment = saved
    }
}
