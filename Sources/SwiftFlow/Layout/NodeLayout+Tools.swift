import SwiftFlowCore

extension NodeLayoutEngine {
    /// Records the laid-out tree's resizers, toolbars (with their content's draw ops), buttons
    /// and controls (not those inside a toolbar) for node `node` into `tools`. Call it after `place`, only for trees that hold any
    /// (`LayoutBuilder.toolCount > 0`). A node's later resizers add their grips to its first.
    /// `tree` is only read (`inout` as in `emit`).
    func emitTools(_ tree: inout LayoutBuilder, node: Int32, size: Size, into tools: inout FrameTools) {
        var discardedHandles: [LaidOutHandle] = []
        let nodes = tree.nodes, kinds = tree.kinds
        for i in nodes.indices {
            switch kinds[i] {
            case .resizer(let k):
                // A later resizer (several `NodeResizeControl`s) adds its grips to the first's.
                if let first = tools.resizerOfNode[node] {
                    tools.resizers[first].spec.controls.formUnion(tree.resizers[Int(k)].controls)
                    tools.resizers[first].spec.sideHandles.formUnion(tree.resizers[Int(k)].sideHandles)
                    tools.resizers[first].spec.lineWidth = max(tools.resizers[first].spec.lineWidth, tree.resizers[Int(k)].lineWidth)
                    continue
                }
                tools.resizerOfNode[node] = tools.resizers.count
                tools.resizers.append(FrameResizer(node: node, spec: tree.resizers[Int(k)]))
            case .toolbar(let spec):
                let content = Int(nodes[i].firstChild)
                let start = tools.ops.count
                emitNode(content, tree, size, &tools.ops, &discardedHandles)
                tools.toolbars.append(FrameToolbar(node: node, spec: spec, size: nodes[content].frame.size,
                                                   opsStart: start, opsCount: tools.ops.count - start))
            case .hover(let k):
                tools.hovers.append(FrameHover(node: node, rect: nodes[i].frame, path: tree.hovers[Int(k)].path, spec: tree.hovers[Int(k)]))
            case .contextMenu(let k):
                tools.contextMenus.append(FrameContextMenu(node: node, rect: nodes[i].frame, items: tree.menus[Int(k)]))
            case .control(let k):
                // A control inside a toolbar is drawn there but takes no input: its frame is in the
                // toolbar's coordinates, and recorded as the node's it would be a hidden target in the body.
                guard toolbar(containing: i, nodes, kinds, tools) < 0 else { continue }
                tools.controls.append(FrameControl(node: node, rect: nodes[i].frame, spec: tree.controls[Int(k)]))
            case .button(let k):
                tools.buttons.append(FrameButton(node: node, toolbar: toolbar(containing: i, nodes, kinds, tools), rect: nodes[i].frame,
                                                 action: tree.actions[Int(k)].action, count: tree.actions[Int(k)].count,
                                                 isButton: tree.actions[Int(k)].isButton, drag: tree.actions[Int(k)].drag))
            default:
                break
            }
        }
    }

    /// The index in `tools.toolbars` of the toolbar around arena node `i` (toolbars come before
    /// their content in the arena, so it is already recorded), or -1.
    private func toolbar(containing i: Int, _ nodes: [LayoutNode], _ kinds: [LayoutKind], _ tools: FrameTools) -> Int32 {
        var p = nodes[i].parent, toolbarsAfter = 0
        while p >= 0 {
            if case .toolbar = kinds[Int(p)] {
                // Count the toolbars between p and i in the arena: they were recorded after p's.
                for k in Int(p) + 1..<i { if case .toolbar = kinds[k] { toolbarsAfter += 1 } }
                return Int32(tools.toolbars.count - 1 - toolbarsAfter)
            }
            p = nodes[Int(p)].parent
        }
        return -1
    }
}
