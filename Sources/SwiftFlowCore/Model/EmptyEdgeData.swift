/// The data of an edge that carries none (SwiftFlow's `EmptyEdgeData`): `FlowEdge<EmptyEdgeData>`.
///
/// Encodes as `{}` and decodes from anything, a missing or `null` `data` included.
public struct EmptyEdgeData: Codable, Hashable, Sendable {
    /// Creates the empty data.
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: JSONKey.self) }
}

extension Edge where Data == EmptyEdgeData {
    /// Creates an edge that carries no data, as SwiftFlow's `FlowEdge(id:source:target:…)` does
    /// without a `data:` argument; the fields not named here keep their defaults (see
    /// `init(id:source:target:sourceHandle:targetHandle:data:…)`) and can be set on the value.
    public init(id: String, source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil,
                type: EdgeType = .bezier, label: String? = nil, animated: Bool = false, markerStart: EdgeMarker? = nil,
                markerEnd: EdgeMarker? = nil, style: EdgeStyle = EdgeStyle()) {
        self.init(id: id, source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle, data: EmptyEdgeData(),
                  type: type, label: label, animated: animated, markerStart: markerStart, markerEnd: markerEnd, style: style)
    }
}
