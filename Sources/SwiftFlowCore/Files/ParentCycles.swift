extension NativeFormat {
    /// Breaks every `parentId` cycle among `nodes` (a node that is its own ancestor), with one
    /// warning per cycle. Walking the nodes in file order, the node whose `parentId` leads back
    /// into the chain being walked loses it (and `parentId` / `parentNode` kept in its stash), so
    /// it becomes a top-level node at its own `position`, where the canvas drew it before, and
    /// the other nodes of the cycle hang below it. Parents are looked up by id, the first of
    /// duplicate ids winning, as the canvas does. Complexity: O(nodes).
    ///
    /// The warning, for nodes a → b → c → a (each pointing at its parent) listed in that order:
    /// `graph.json: nodes[2].parentId: 'a' closes the parent cycle c → a → b → c; removed, 'c' is a top-level node`.
    static func breakParentCycles(_ nodes: inout [Node<JSONValue>], file: String) -> [FlowDiagnostic] {
        guard nodes.contains(where: { $0.parentId != nil }) else { return [] }   // no map of a million ids for nothing
        var index: [String: Int] = [:]
        for (i, n) in nodes.enumerated() where index[n.id] == nil { index[n.id] = i }
        enum Visit { case new, onChain, done }
        var visits = [Visit](repeating: .new, count: nodes.count)
        var diagnostics: [FlowDiagnostic] = []
        for start in nodes.indices where visits[start] == .new {
            var chain: [Int] = []
            var i = start
            while true {
                visits[i] = .onChain
                chain.append(i)
                guard let parent = nodes[i].parentId.flatMap({ index[$0] }) else { break }
                if visits[parent] == .done { break }
                if visits[parent] == .onChain {
                    let cycle = chain[chain.firstIndex(of: parent)!...]
                    let ids = ([i] + cycle).map { "\(nodes[$0].id.messageExcerpt())" }.joined(separator: " → ")
                    let key = nodes[i].data[extraFieldsKey]?["parentNode"] != nil ? "parentNode" : "parentId"
                    diagnostics.append(.fileWarning("\(file): nodes[\(i)].\(key): '\(nodes[parent].id.messageExcerpt())' closes the "
                        + "parent cycle \(ids); removed, '\(nodes[i].id.messageExcerpt())' is a top-level node"))
                    nodes[i].parentId = nil
                    nodes[i].data = withoutStashedParent(nodes[i].data)
                    break
                }
                i = parent
            }
            for j in chain { visits[j] = .done }
        }
        return diagnostics
    }

    /// `data` without `parentId` / `parentNode` in its stash (and without the stash once empty),
    /// as decoding the saved node, which has no parent, gives it.
    private static func withoutStashedParent(_ data: JSONValue) -> JSONValue {
        guard case .object(var object) = data, var extras = object[extraFieldsKey]?.objectValue else { return data }
        extras["parentId"] = nil
        extras["parentNode"] = nil
        object[extraFieldsKey] = extras.members.isEmpty ? nil : .object(extras)
        return .object(object)
    }
}
