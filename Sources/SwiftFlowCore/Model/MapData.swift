extension Node {
    /// The same node with its data converted by `transform` (every other field kept).
    public func mapData<T>(_ transform: (Data) throws -> T) rethrows -> Node<T> {
        Node<T>(id: id, position: position, data: try transform(data), type: type, width: width, height: height,
                selected: selected, hidden: hidden, draggable: draggable, selectable: selectable, connectable: connectable,
                deletable: deletable, zIndex: zIndex, parentId: parentId, extent: extent, sourcePosition: sourcePosition,
                targetPosition: targetPosition, handles: handles)
    }
}

extension Edge {
    /// The same edge with its data converted by `transform` (every other field kept).
    public func mapData<T>(_ transform: (Data) throws -> T) rethrows -> Edge<T> {
        Edge<T>(id: id, source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle,
                data: try transform(data), type: type, label: label, animated: animated, markerStart: markerStart,
                markerEnd: markerEnd, selected: selected, selectable: selectable, hidden: hidden, deletable: deletable,
                reconnectable: reconnectable, zIndex: zIndex, interactionWidth: interactionWidth, style: style,
                labelStyle: labelStyle, labelShowBg: labelShowBg, labelBgStyle: labelBgStyle, labelBgPadding: labelBgPadding,
                labelBgBorderRadius: labelBgBorderRadius)
    }
}
