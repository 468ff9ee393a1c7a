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

    /// Builds the graph with `nodeCount` nodes. The ids, nodes and edges are made in parallel
    /// chunks (`ParallelChunks`) straight into their arrays' storage, each element at the place
    /// it has in the serial order: the result does not depend on the chunks. O(nodeCount).
    public static func make(nodeCount: Int) -> FlowDocument {
        let n = max(nodeCount, 0)
        let cols = columns(nodeCount: n)
        let handles = [
            NodeHandle(id: "in0", type: .target, position: .left), NodeHandle(id: "in1", type: .target, position: .left),
            NodeHandle(id: "out0", type: .source, position: .right), NodeHandle(id: "out1", type: .source, position: .right),
        ]
        // Each id is formatted once (an edge names two nodes); every node is a copy of one, so
        // that they share its box of rare fields (the handles).
        let ids = [String](unsafeUninitializedCapacity: n) { ids, initialized in
            nonisolated(unsafe) let ids = ids
            ParallelChunks.run(n, minimumChunk: minimumChunk) { _, range in
                for i in range { (ids.baseAddress! + i).initialize(to: "n\(i)") }
            }
            initialized = n
        }
        let template = Node(id: "", position: .zero, data: JSONValue.null, width: 160, height: 80, handles: handles)
        var doc = FlowDocument()
        doc.nodes = [Node<JSONValue>](unsafeUninitializedCapacity: n) { nodes, initialized in
            nonisolated(unsafe) let nodes = nodes
            ParallelChunks.run(n, minimumChunk: minimumChunk) { _, range in
                for i in range {
                    var node = template
                    node.id = ids[i]
                    node.position = Point(x: Double(i % cols) * columnSpacing, y: Double(i / cols) * rowSpacing)
                    node.data = .object(JSONObject([("label", .string("Node \(i)"))]))
                    (nodes.baseAddress! + i).initialize(to: node)
                }
            }
            initialized = n
        }
        // Node i's edges start at edgesBefore(i): its "-a" edge, then its "-b" edge.
        doc.edges = [Edge<JSONValue>](unsafeUninitializedCapacity: edgesBefore(n, nodeCount: n)) { edges, initialized in
            nonisolated(unsafe) let edges = edges
            ParallelChunks.run(n, minimumChunk: minimumChunk) { _, range in
                var k = edgesBefore(range.lowerBound, nodeCount: n)
                for i in range {
                    if i + 1 < n {
                        (edges.baseAddress! + k).initialize(to: Edge(id: "e\(i)-a", source: ids[i], target: ids[i + 1],
                                                                     sourceHandle: "out0", targetHandle: "in0", data: .null))
                        k += 1
                    }
                    if i + 7 < n {
                        (edges.baseAddress! + k).initialize(to: Edge(id: "e\(i)-b", source: ids[i], target: ids[i + 7],
                                                                     sourceHandle: "out1", targetHandle: "in1", data: .null))
                        k += 1
                    }
                }
            }
            initialized = edges.count
        }
        return doc
    }

    /// Nodes per chunk at least: under this the threads' start-up costs more than the work.
    private static let minimumChunk = 4_096

    /// The number of edges of the nodes before node `i` (0 ≤ i ≤ nodeCount): one "-a" edge for
    /// each node with a next one, one "-b" edge for each node with one 7 places on.
    static func edgesBefore(_ i: Int, nodeCount n: Int) -> Int {
        max(min(i, n - 1), 0) + max(min(i, n - 7), 0)
    }
}
