import SwiftFlowCore

/// The interaction part: the pointer gesture in progress (an enum whose cases carry their own
/// payload, so cancelling is setting `.idle`) and the component that captured the pointer.
/// Written by the `interact` stage; read by `draw` and the cursor. The connection line of a
/// connection gesture is `FlowCanvas.connection` (public), the selection and focus are
/// `EditingState`.
struct Interaction {
    var gesture = Gesture.idle
    /// The component that took the last primary press and gets the pointer until its release.
    var capturedComponent: (any FlowComponent)?

    /// The problems found (empty when all hold): a connection exactly during a connection or
    /// reconnect gesture (`hasConnection`); a pressed handle's entry naming its handle.
    func _checkInvariants(hasConnection: Bool, registry: HandleRegistry) -> [String] {
        var problems: [String] = []
        switch gesture {
        case .connecting, .reconnecting:
            if !hasConnection { problems.append("interaction: a connection gesture without a connection") }
        default:
            if hasConnection { problems.append("interaction: a connection outside a connection gesture") }
        }
        if case .pressHandle(let entry, let ref, _) = gesture,
           !(entry < registry.entries.count && registry.entries[entry].nodeId == ref.nodeId && registry.entries[entry].id == ref.id) {
            problems.append("interaction: pressed handle \(ref.nodeId).\(ref.id) is not entry \(entry)")
        }
        return problems
    }
}
