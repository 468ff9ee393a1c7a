import SwiftFlowCore

/// `.animation(_:value:)` while a node's view is built: the animatable values of the kinds
/// appended inside an animation view go through its state (`ViewAnimations`).
extension LayoutBuilder {
    /// Builds `body` as the content of an animation view with `animation` and `value`.
    mutating func animating<V: Equatable>(_ animation: Animation?, value: V, _ body: (inout LayoutBuilder) -> Void) {
        guard let store = animations else { return body(&self) }
        // The place of the view it animates, told apart from the controls' keys and from an
        // animation view directly around this one (same place, one scope deeper).
        let key = ControlKey(nodeId: animationNode, path: Self.identity(Self.identity(identityScope, identityPlace) ^ 0xA11A, UInt64(animationScopes.count)))
        store.begin(key, value: value, animation: animation)
        animationScopes.append(key)
        body(&self)
        animationScopes.removeLast()
    }

    /// `kind` with its animatable values (offset, scale, turn, fixed frame size, shape and text
    /// colours) as drawn by the innermost animation view around it.
    func animated(_ kind: LayoutKind) -> LayoutKind {
        guard let key = animationScopes.last, let store = animations else { return kind }
        func v(_ x: Double) -> Double { store.value(key, x) }
        func color(_ c: Color) -> Color { Color(red: v(c.red), green: v(c.green), blue: v(c.blue), opacity: v(c.opacity)) }
        switch kind {
        case .offset(let p): return .offset(Point(x: v(p.x), y: v(p.y)))
        case .scale(let f): return .scale(max(v(f), 0))
        case .rotation(let a, let anchor): return .rotation(v(a), anchor: anchor)
        case .frame(var f):
            f.width = f.width.map { max(v($0), 0) }
            f.height = f.height.map { max(v($0), 0) }
            return .frame(f)
        case .shape(var p):
            p.fill = p.fill.map(color)
            p.stroke = p.stroke.map(color)
            return .shape(p)
        case .text(let t, let spec, let c): return .text(t, spec, color: color(c))
        default: return kind
        }
    }
}
