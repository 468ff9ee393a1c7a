/// Which handle pairs may connect (React Flow's `connectionMode`).
public enum ConnectionMode: String, Hashable, Sendable {
    /// Only a source with a target (default).
    case strict
    /// Any two handles; the start keeps the role of its type.
    case loose
}
