import SwiftFlow

/// Seeded mutations of JSON documents for the fuzz tests: each `mutate` call changes one thing
/// (a deleted key, a value of another type, a huge or non-finite number, a duplicated node, a link
/// to a missing node or slot, a parent cycle), chosen by a `SeededRandom`, so a seed replays exactly.
struct JSONMutator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func int(_ n: Int) -> Int { random.int(n) }
    mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

    /// A value of another kind than usual, or a hostile number.
    mutating func hostileValue() -> JSONValue {
        switch int(11) {
        case 0: return .null
        case 1: return .string("zero")
        case 2: return .bool(true)
        case 3: return .array([])
        case 4: return .object(JSONObject())
        case 5: return .number(1e308)
        case 6: return .number(-1e308)
        case 7: return .number(-1)
        case 8: return .number(0)
        case 9: return .number(2_147_483_648.5)
        default: return .array([.number(1e308), .number(-1e308), .number(1e308), .number(1e308)])
        }
    }

    /// A random path to an existing value: a walk from the root, stopping at random or at a leaf.
    mutating func randomPath(in value: JSONValue, maxDepth: Int = 6) -> [PathStep] {
        var path: [PathStep] = []
        var current = value
        while path.count < maxDepth {
            switch current {
            case .object(let o) where !o.members.isEmpty:
                let m = o.members[int(o.members.count)]
                path.append(.key(m.key)); current = m.value
            case .array(let a) where !a.isEmpty:
                let i = int(a.count)
                path.append(.index(i)); current = a[i]
            default: return path
            }
            if chance(15) { return path }
        }
        return path
    }

    enum PathStep { case key(String), index(Int) }

    static func get(_ v: JSONValue, _ path: ArraySlice<PathStep>) -> JSONValue? {
        guard let step = path.first else { return v }
        switch (step, v) {
        case (.key(let k), .object(let o)): return o[k].flatMap { get($0, path.dropFirst()) }
        case (.index(let i), .array(let a)) where a.indices.contains(i): return get(a[i], path.dropFirst())
        default: return nil
        }
    }

    /// Replaces (nil: deletes) the value at `path`.
    static func set(_ v: inout JSONValue, _ path: ArraySlice<PathStep>, _ newValue: JSONValue?) {
        guard let step = path.first else { if let n = newValue { v = n }; return }
        switch (step, v) {
        case (.key(let k), .object(var o)):
            if path.count == 1 { o[k] = newValue } else if var child = o[k] { set(&child, path.dropFirst(), newValue); o[k] = child }
            v = .object(o)
        case (.index(let i), .array(var a)) where a.indices.contains(i):
            if path.count == 1 { if let n = newValue { a[i] = n } else { a.remove(at: i) } } else { set(&a[i], path.dropFirst(), newValue) }
            v = .array(a)
        default: break
        }
    }

    /// One structural mutation of a document (ComfyUI workflow or native graph); returns its name.
    mutating func mutate(_ doc: inout JSONValue) -> String {
        let nodes = doc["nodes"]?.arrayValue ?? []
        switch int(9) {
        case 0, 1:
            let path = randomPath(in: doc)
            Self.set(&doc, path[...], nil)
            return "delete \(path)"
        case 2, 3:
            let path = randomPath(in: doc)
            Self.set(&doc, path[...], hostileValue())
            return "replace \(path)"
        case 4:   // a coordinate of a node becomes huge or negative
            guard !nodes.isEmpty else { return "none" }
            let i = int(nodes.count)
            let key = ["pos", "size", "position", "width", "height", "bounding"][int(6)]
            let value: JSONValue = chance(50) ? .number([1e308, -1e308, 1e300, -5][int(4)])
                : .array([.number(1e308), .number(-1e308), .number(1e308), .number(1e308)])
            Self.set(&doc, [.key("nodes"), .index(i), .key(key)][...], value)
            return "huge nodes[\(i)].\(key)"
        case 5:   // duplicate ids
            guard !nodes.isEmpty else { return "none" }
            var a = nodes
            a.append(nodes[int(nodes.count)])
            doc = replacing(doc, "nodes", .array(a))
            return "duplicate node"
        case 6:   // links / edges to missing nodes or slots
            if var links = doc["links"]?.arrayValue, !links.isEmpty {
                let i = int(links.count)
                if case .array(var l) = links[i], l.count >= 5 { l[int(2) == 0 ? 1 : 3] = .number(987_654); l[int(2) == 0 ? 2 : 4] = .number(57); links[i] = .array(l) }
                doc = replacing(doc, "links", .array(links))
                return "dangling link \(i)"
            }
            if var edges = doc["edges"]?.arrayValue, !edges.isEmpty {
                let i = int(edges.count)
                if case .object(var e) = edges[i] { e[chance(50) ? "source" : "targetHandle"] = .string("missing"); edges[i] = .object(e) }
                doc = replacing(doc, "edges", .array(edges))
                return "dangling edge \(i)"
            }
            return "none"
        case 7:   // parent cycles (native) / group bounding wrapping everything (ComfyUI)
            guard nodes.count >= 2 else { return "none" }
            var a = nodes
            let i = int(a.count), j = int(a.count)
            for (x, y) in [(i, j), (j, i)] {
                if case .object(var o) = a[x], let id = a[y]["id"] { o["parentId"] = id; a[x] = .object(o) }
            }
            doc = replacing(doc, "nodes", .array(a))
            return "parent cycle \(i)↔\(j)"
        default:  // swapped types of a whole top-level member
            let key = ["nodes", "links", "edges", "groups", "viewport", "extra", "definitions"][int(7)]
            guard doc[key] != nil else { return "none" }
            doc = replacing(doc, key, hostileValue())
            return "swap \(key)"
        }
    }

    private func replacing(_ doc: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var o) = doc else { return doc }
        o[key] = value
        return .object(o)
    }

    /// Text-level damage: truncation, or a number token replaced by `NaN`, `Infinity` or `1e999`.
    mutating func damage(_ text: [UInt8]) -> ([UInt8], String) {
        guard !text.isEmpty else { return (text, "none") }
        if chance(50) {
            let n = int(text.count)
            return (Array(text[..<n]), "truncate at \(n)")
        }
        var bytes = text
        let start = int(bytes.count)
        guard let i = bytes[start...].firstIndex(where: { (0x30...0x39).contains($0) }) else { return (bytes, "none") }
        var j = i
        while j < bytes.count, (0x30...0x39).contains(bytes[j]) || bytes[j] == UInt8(ascii: ".") { j += 1 }
        let token = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e308"][int(6)]
        bytes.replaceSubrange(i..<j, with: Array(token.utf8))
        return (bytes, "number at \(i) → \(token)")
    }
}
