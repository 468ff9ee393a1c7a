/// The data of an edge that carries none (SwiftFlow's `EmptyEdgeData`): `FlowEdge<EmptyEdgeData>`.
///
/// Encodes as `{}` and decodes from anything, a missing or `null` `data` included.
public struct EmptyEdgeData: Codable, Hashable, Sendable {
    /// Creates the empty data.
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: JSONKey.self) }
}
