extension Node {
    /// The same node with its data converted by `transform` (every other field kept).
    public func mapData<T>(_ transform: (Data) throws -> T) rethrows -> Node<T> {
        replacingData(try transform(data))
    }
}

extension Edge {
    /// The same edge with its data converted by `transform` (every other field kept).
    public func mapData<T>(_ transform: (Data) throws -> T) rethrows -> Edge<T> {
        replacingData(try transform(data))
    }
}
