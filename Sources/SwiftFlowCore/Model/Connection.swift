/// A proposed or made link between two handles, always read source → target.
public struct Connection: Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var target: String
    public var sourceHandle: String?
    public var targetHandle: String?

    /// Creates a connection; nil handle ids mean "the node's first handle of that type".
    public init(source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil) {
        self.source = source; self.target = target; self.sourceHandle = sourceHandle; self.targetHandle = targetHandle
    }

    public var description: String {
        "\(source)[\(sourceHandle ?? "-")] → \(target)[\(targetHandle ?? "-")]"
    }
}
