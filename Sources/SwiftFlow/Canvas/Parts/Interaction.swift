import SwiftFlowCore

/// The interaction part: the pointer gesture in progress (an enum whose cases carry their own
/// payload, so cancelling is setting `.idle`) and the component that captured the pointer.
/// Written by the `interact` stage (and re-found by `revalidateGesture` after the index stage
/// rebuilt the registry); read by `draw` and the cursor. The selection and focus are
/// `EditingState`.
struct Interaction<NodeData, EdgeData> {
    var gesture = Gesture<NodeData, EdgeData>.idle
    /// The component that took the last primary press and gets the pointer until its release.
    var capturedComponent: (any FlowComponent)?

    /// The connection line of a connection or reconnect gesture; setting it updates that
    /// gesture's line (and does nothing in any other gesture).
    var connection: ConnectionInProgress? {
        get {
            switch gesture {
            case .connecting(let c), .reconnecting(_, let c): return c
            default: return nil
            }
        }
        set {
            guard let c = newValue else { return }
            switch gesture {
            case .connecting: gesture = .connecting(c)
            case .reconnecting(let r, _): gesture = .reconnecting(r, c)
            default: break
            }
        }
    }

    /// The problems found (empty when all hold): a pressed handle's entry names its handle, and
    /// a connection's start entry is its `from` handle.
    func _checkInvariants(registry: HandleRegistry) -> [String] {
        var problems: [String] = []
        if let c = connection, !(c.fromIndex < registry.count && registry[c.fromIndex].nodeId == c.from.nodeId) {
            problems.append("interaction: connection from \(c.from.nodeId).\(c.from.id) is not entry \(c.fromIndex)")
        }
        if case .pressHandle(let entry, let ref, _) = gesture,
           !(entry < registry.count && registry[entry].nodeId == ref.nodeId && registry[entry].id == ref.id) {
            problems.append("interaction: pressed handle \(ref.nodeId).\(ref.id) is not entry \(entry)")
        }
        return problems
    }
}
