import SwiftFlow

/// An example app's root view in SwiftFlow's style: the graph in `@State`, one `SwiftFlow`
/// view drawing every node with `TaskNodeView`, smooth-step edges by default and a dotted
/// background. With SwiftFlowSDL, `SwiftFlowApp.run { ExampleContentView() }` is its `@main`.
struct ExampleContentView: View {
    @State var nodes: [Node<TaskData>] = [
        Node(id: "t1", position: XYPosition(x: 100, y: 100), data: TaskData(title: "Write", note: "Draft the post", done: true), type: "task"),
        Node(id: "t2", position: XYPosition(x: 360, y: 100), data: TaskData(title: "Review", note: "Two readers", done: false), type: "task"),
    ]
    @State var edges: [FlowEdge<EmptyEdgeData>] = []

    var body: some View {
        SwiftFlow(nodes: $nodes, edges: $edges) { node in
            TaskNodeView(node: node)
            Handle(nodeId: node.id, id: "in", type: .target, position: .left)
            Handle(nodeId: node.id, id: "out", type: .source, position: .right)
        }
        .defaultEdgeOptions(DefaultEdgeOptions(type: .smoothstep))
        .configure { $0.components = [Background(variant: .dots)] }
    }
}
