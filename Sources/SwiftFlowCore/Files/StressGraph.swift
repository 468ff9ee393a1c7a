/// The generated stress graph of `--nodes N` (replay.md, "The generated stress graph").
///
/// N nodes on a grid of `ceil(sqrt(N))` columns, 220 apart horizontally and 140 vertically: node
/// `i` has id `"n\(i)"`, type "default", position `((i % cols)·220, (i / cols)·140)`, size 160x80,
/// data `{"label": "Node \(i)"}` and handles target `"in0"`, `"in1"` on the left and source
/// `"out0"`, `"out1"` on the right (spread evenly). Edges: `"e\(i)-a"` from `n_i` out0 to
/// `n_{i+1}` in0, and `"e\(i)-b"` from `n_i` out1 to `n_{i+7}` in1, when the target exists.
/// Deterministic; N ≤ 0 gives an empty graph.
public enum StressGraph {
    /// Horizontal distance between grid columns, flow units: 220.
    public static let columnSpacing = 220.0
    /// Vertical distance between grid rows, flow units: 140.
    public static let rowSpacing = 140.0

    /// The number of grid columns for `nodeCount` nodes: the smallest c with c·c ≥ nodeCount.
    public static func columns(nodeCount: Int) -> Int {
        var c = Int(Double(max(nodeCount, 0)).squareRoot())
        while c * c < nodeCount { c += 1 }
        return c
    }

    /// Builds the graph with `nodeCount` nodes.
    public static func make(nodeCount: Int) -> FlowDocument {
        let n = max(nodeCount, 0)
        let cols = columns(nodeCount: n)
        let handles = [
            NodeHandle(id: "in0", type: .target, position: .left), NodeHandle(id: "in1", type: .target, position: .left),
            NodeHandle(id: "out0", type: .source, position: .right), NodeHandle(id: "out1", type: .source, position: .right),
        ]
        // Each id is formatted once (an edge names two nodes), into arrays reserved at their size;
        // every node is a copy of one, so that they share its box of rare fields (the handles).
        let ids = (0..<n).map { "n\($0)" }
        let template = Node(id: "", position: .zero, data: JSONValue.null, width: 160, height: 80, handles: handles)
        var doc = FlowDocument()
        doc.nodes.reserveCapacity(n)
        for i in 0..<n {
            var node = template
            node.id = ids[i]
            node.position = Point(x: Double(i % cols) * columnSpacing, y: Double(i / cols) * rowSpacing)
            node.data = .object(JSONObject([("label", .string("Node \(i)"))]))
            doc.nodes.append(node)
        }
        doc.edges.reserveCapacity(max(n - 1, 0) + max(n - 7, 0))
        for i in 0..<n {
            if i + 1 < n {
                doc.edges.append(Edge(id: "e\(i)-a", source: ids[i], target: ids[i + 1],
                                      sourceHandle: "out0", targetHandle: "in0", data: .null))
            }
            if i + 7 < n {
                doc.edges.append(Edge(id: "e\(i)-b", source: ids[i], target: ids[i + 7],
                                      sourceHandle: "out1", targetHandle: "in1", data: .null))
            }
        }
        return doc
    }
}
