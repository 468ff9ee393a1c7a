/// ComfyUI group membership: which nodes a group holds, as `parentId`s (see `ComfyUIImport`).
enum ComfyUIGroups {
    /// `groups` followed by `members`, each member (and each group lying wholly inside a larger
    /// one) given the smallest group that holds it as `parentId`, its position made relative to
    /// that group. A node is held when its centre lies inside the group's bounding (ComfyUI's
    /// frontend rule); a group when its whole bounding does. Groups only ever hold strictly larger
    /// areas' children, or equal areas later in the list, so no parent cycle can arise.
    /// O(groups × (groups + members)).
    static func nest(groups: [Node<JSONValue>], members: [Node<JSONValue>]) -> [Node<JSONValue>] {
        guard !groups.isEmpty else { return members }
        let rects = groups.map { Rect(origin: $0.position, size: $0.fixedSize ?? Size(width: 0, height: 0)) }
        func area(_ k: Int) -> Double { rects[k].width * rects[k].height }
        /// The smallest group index holding `holds(k)`, excluding `except`.
        func smallest(except: Int?, _ holds: (Int) -> Bool) -> Int? {
            var best: Int?
            for k in rects.indices where k != except && holds(k) {
                if best == nil || area(k) < area(best!) { best = k }
            }
            return best
        }
        var out = groups
        for k in groups.indices {
            let parent = smallest(except: k) { g in
                (area(g) > area(k) || (area(g) == area(k) && g < k)) && rects[g].contains(rects[k].origin)
                    && rects[g].contains(Point(x: rects[k].maxX, y: rects[k].maxY))
            }
            if let g = parent { out[k].parentId = groups[g].id; out[k].position = rects[k].origin - rects[g].origin }
        }
        for var node in members {
            let size = node.fixedSize ?? Size(width: 0, height: 0)
            let centre = Point(x: node.position.x + size.width / 2, y: node.position.y + size.height / 2)
            if let g = smallest(except: nil, { rects[$0].contains(centre) }) {
                node.parentId = groups[g].id
                node.position = node.position - rects[g].origin
            }
            out.append(node)
        }
        return out
    }
}
