import Foundation
import SwiftFlowCore

/// One slot of a node template: the handle it is on the node the template makes, its name and
/// the type of value it carries ("*" or "" accepts any; several types separated by commas, as
/// ComfyUI's "INT,FLOAT").
public struct NodeSlot: Hashable, Sendable {
    /// The handle's id on the made node (e.g. "in0").
    public var handle: String
    /// The slot's name as shown.
    public var name: String
    /// The type of value, compared by `accepts(_:_:)`.
    public var type: String

    /// Creates a slot.
    public init(handle: String, name: String, type: String) {
        self.handle = handle; self.name = name; self.type = type
    }

    /// Whether values of `a` may flow into a slot of `b` (or back): either is "*" or empty, or the
    /// two share a type (ignoring case; each may list several separated by commas). O(length).
    public static func accepts(_ a: String, _ b: String) -> Bool {
        func types(_ s: String) -> [String] { s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let x = types(a.uppercased()), y = types(b.uppercased())
        if x.isEmpty || y.isEmpty || x.contains("*") || y.contains("*") { return true }
        return x.contains { y.contains($0) }
    }
}

/// A kind of node an app offers to add (the node search box lists them): its type name, the
/// title shown, a category, its input and output slots, and how to make one.
public struct NodeTemplate<NodeData> {
    /// The type name (e.g. ComfyUI's "KSampler"); searched like the title.
    public var type: String
    /// The name shown in the search box.
    public var title: String
    /// A category (e.g. "sampling"); searched too, after the title and type. May be empty.
    public var category: String
    /// Slots a connection can end on (target handles of the made node).
    public var inputs: [NodeSlot]
    /// Slots a connection can start from (source handles of the made node).
    public var outputs: [NodeSlot]
    /// Makes the node with id `id` at `position` (its top-left, flow units, absolute). The canvas
    /// sets the id and position of what it returns to these.
    public var make: (_ id: String, _ position: Point) -> Node<NodeData>

    /// Creates a template.
    public init(type: String, title: String? = nil, category: String = "", inputs: [NodeSlot] = [], outputs: [NodeSlot] = [],
                make: @escaping (_ id: String, _ position: Point) -> Node<NodeData>) {
        self.type = type; self.title = title ?? type; self.category = category
        self.inputs = inputs; self.outputs = outputs; self.make = make
    }

    /// The first slot a connection from a handle of `role` carrying `type` can end on: an input
    /// when the connection comes from a source handle, an output when from a target; nil if none.
    public func slot(connectingFrom role: HandleType, type: String) -> NodeSlot? {
        (role == .source ? inputs : outputs).first { NodeSlot.accepts($0.type, type) }
    }
}

/// The kinds of node an app offers (set as `FlowCanvas.nodeCatalog`): the node search box a
/// double-click on empty canvas or a connection dropped there opens lists them.
///
/// The catalogue also says which value type a handle of an existing node carries (`slotType`),
/// so that a dropped connection lists only templates it can connect to, and how new nodes get
/// their ids (`newNodeId`).
public struct NodeCatalog<NodeData> {
    /// The templates, in the order listed when nothing is typed. Setting them prepares their
    /// search keys (O(templates)).
    public var templates: [NodeTemplate<NodeData>] {
        didSet { searchKeys = templates.map(SearchKeys.init) }
    }
    /// Each template's title, type and category as searched, prepared once (`search`).
    private(set) var searchKeys: [SearchKeys]
    /// The value type carried by handle `handleId` of `node`. The default looks for the template
    /// whose `type` is the node's `type` and returns its slot's type on that handle, else "*".
    public var slotType: (_ node: Node<NodeData>, _ handleId: String) -> String
    /// A fresh id for a new node, given the graph's nodes. The default: one more than the largest
    /// id that is a decimal integer (1 when none), skipping ids in use. O(nodes).
    public var newNodeId: (_ nodes: [Node<NodeData>]) -> String

    /// Creates a catalogue of `templates` with the default `slotType` and `newNodeId`.
    public init(_ templates: [NodeTemplate<NodeData>]) {
        self.templates = templates
        searchKeys = templates.map(SearchKeys.init)
        var byType: [String: Int] = [:]
        for (i, t) in templates.enumerated() where byType[t.type] == nil { byType[t.type] = i }
        slotType = { node, handle in
            guard let i = byType[node.type] else { return "*" }
            let t = templates[i]
            return (t.inputs + t.outputs).first { $0.handle == handle }?.type ?? "*"
        }
        newNodeId = { Self.nextIntegerId(after: 0, in: $0) }
    }

    /// One more than the largest of `floor` and every node id that is a decimal integer, as a
    /// string, skipping ids in use (and "node-<n>" when integers run out). O(nodes).
    public static func nextIntegerId(after floor: Int, in nodes: [Node<NodeData>]) -> String {
        var top = max(floor, 0)
        for n in nodes { if let i = Int(n.id), i > top { top = i } }
        let (next, overflow) = top.addingReportingOverflow(1)
        let taken = Set(nodes.lazy.map(\.id))
        if !overflow, !taken.contains(String(next)) { return String(next) }
        var k = nodes.count + 1
        while taken.contains("node-\(k)") { k += 1 }
        return "node-\(k)"
    }
}

/// A template's title, type and category as the search reads them: lower-cased Unicode scalars
/// (one for one: a scalar whose lower case is several stays as it is) and where words start.
struct SearchKeys {
    var fields: [(lower: [Unicode.Scalar], wordStart: [Bool])]

    init<NodeData>(_ t: NodeTemplate<NodeData>) {
        fields = [t.title, t.type, t.category].map { field in
            let scalars = Array(field.unicodeScalars)
            let starts = scalars.indices.map { i in
                // After a separator, or a capital after a small letter ("Sampler" in "KSamplerAdvanced").
                i == 0 || " _-./:".unicodeScalars.contains(scalars[i - 1])
                    || (scalars[i].properties.isUppercase && scalars[i - 1].properties.isLowercase)
            }
            return (scalars.map(SearchKeys.lower), starts)
        }
    }

    /// `s` lower-cased when its lower case is one scalar, else `s`.
    static func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let m = s.properties.lowercaseMapping.unicodeScalars
        return m.count == 1 ? m.first! : s
    }
}
