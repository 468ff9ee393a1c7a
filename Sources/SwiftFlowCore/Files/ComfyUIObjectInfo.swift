/// The node types a ComfyUI server knows, read from its `/object_info` JSON: for each type its
/// display name, category, inputs (with each widget's kind, options and bounds) and outputs.
///
/// The format: `{ "KSampler": {"input": {"required": {"seed": ["INT", {"default": 0, "min": 0,
/// "max": …, "control_after_generate": true}], "sampler_name": [["euler", …], {}], …},
/// "optional": {…}}, "input_order": {"required": [names], "optional": [names]}, "output":
/// ["LATENT"], "output_name": ["LATENT"], "output_is_list": [false], "name": …, "display_name":
/// …, "category": …}, … }`. An input is `[type]` or `[type, options]`, its type a string (`"INT"`,
/// `"MODEL"`, `"COMBO"` with `options.options` listing the choices) or an array of choices (the
/// older combo form). `ComfyUIImport.decode(_:file:objectInfo:)` uses it to name and type widgets.
public struct ComfyUIObjectInfo: Hashable, Sendable {
    /// One input of a node type: a widget (INT, FLOAT, STRING, BOOLEAN, COMBO) or a slot type.
    public struct Input: Hashable, Sendable {
        /// The input's name (its key in `required` / `optional`).
        public var name: String
        /// `"INT"`, `"FLOAT"`, `"STRING"`, `"BOOLEAN"`, `"COMBO"` (also for the array form), or a
        /// slot type such as `"MODEL"`.
        public var type: String
        /// True for an input listed under `optional`.
        public var isOptional: Bool
        /// A combo's choices (non-string choices as their JSON text); nil for other types.
        public var options: [String]?
        /// Bounds and step of a number widget (`min`, `max`, `step`), when given.
        public var min: Double?, max: Double?, step: Double?
        /// A FLOAT widget's rounding (`round`: its values are multiples of it), when given as a number.
        public var round: Double?
        /// A STRING widget edited on several lines (`multiline: true`).
        public var multiline: Bool
        /// An INT widget followed by ComfyUI's `control_after_generate` value (fixed, increment,
        /// decrement, randomize): `control_after_generate` present and not false.
        public var controlAfterGenerate: Bool
        /// A combo followed by an upload button's value in `widgets_values` (`image_upload`,
        /// `video_upload`, … true).
        public var hasUpload: Bool
        /// `forceInput: true`: a slot only, never a widget.
        public var forceInput: Bool
        /// The widget's `default` value, when given.
        public var defaultValue: JSONValue?

        /// Whether ComfyUI draws this input as a widget (and keeps a `widgets_values` entry for it).
        public var isWidget: Bool {
            !forceInput && ["INT", "FLOAT", "STRING", "BOOLEAN", "COMBO"].contains(type)
        }
    }

    /// One output slot of a node type.
    public struct Output: Hashable, Sendable {
        /// The slot's name (`output_name`, else its type).
        public var name: String
        /// The slot's type (`output`).
        public var type: String
        /// `output_is_list`.
        public var isList: Bool
    }

    /// One node type.
    public struct NodeType: Hashable, Sendable {
        /// The type name (its key in the file; a workflow node's `type`).
        public var name: String
        /// `display_name`, else the name.
        public var displayName: String
        /// `category` (slash-separated path, e.g. "sampling"), else "".
        public var category: String
        /// `description`, else "".
        public var description: String
        /// Inputs in `input_order` (else in file order), required ones first.
        public var inputs: [Input]
        /// Output slots in order.
        public var outputs: [Output]

        /// The widget inputs, in the order of the node's `widgets_values` (ignoring the extra
        /// values of seed controls and upload buttons).
        public var widgets: [Input] { inputs.filter(\.isWidget) }
    }

    /// The node types in file order.
    public private(set) var nodeTypes: [NodeType]
    private var index: [String: Int]

    /// Creates a catalogue of `nodeTypes` (a later repeated name replaces the earlier one in lookups).
    public init(nodeTypes: [NodeType] = []) {
        self.nodeTypes = nodeTypes
        index = Dictionary(nodeTypes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { _, b in b })
    }

    /// The node type named `name`, or nil. O(1).
    public subscript(name: String) -> NodeType? { index[name].map { nodeTypes[$0] } }

    /// Reads an object_info file. Throws `FlowFileError` (`.unreadable`, `.malformedJSON`,
    /// `.invalidValue` naming the path, e.g. `KSampler.input.required.seed`).
    public static func load(path: String) throws -> ComfyUIObjectInfo {
        try decode(FlowFile.readBytes(path: path, file: path), file: path)
    }

    /// Decodes object_info JSON text. Throws `FlowFileError.malformedJSON` or `.invalidValue`.
    public static func decode(_ bytes: [UInt8], file: String) throws -> ComfyUIObjectInfo {
        try decode(FlowFile.parseJSON(bytes, file: file), file: file)
    }

    /// Decodes parsed object_info JSON (see the type's documentation). Throws
    /// `FlowFileError.invalidValue` naming the path of the first malformed member. O(size).
    public static func decode(_ json: JSONValue, file: String) throws -> ComfyUIObjectInfo {
        let root = try JSONCursor(json, file: file).asObject()
        var types: [NodeType] = []
        for (name, _) in json.objectValue!.members {
            let c = try root.object(name)
            var inputs: [Input] = []
            let input = try c.optionalObject("input")
            let order = try c.optionalObject("input_order")
            for (group, optional) in [("required", false), ("optional", true)] {
                guard let specs = try input?.optionalObject(group) else { continue }
                var names = specs.value.objectValue!.keys
                if let listed = try order?.optionalArray(group) {
                    let ordered = try listed.map { try $0.asString() }
                    names = ordered.filter { specs.value[$0] != nil } + names.filter { !ordered.contains($0) }
                }
                for key in names {
                    inputs.append(try decodeInput(specs.member(key, expected: "[type, options]"), name: key, optional: optional))
                }
            }
            let types_ = try c.optionalArray("output")?.map { try $0.asString() } ?? []
            let names = try c.optionalArray("output_name")?.map { try $0.asString() } ?? []
            let lists = try c.optionalArray("output_is_list")?.map { try $0.asBool() } ?? []
            let outputs = types_.enumerated().map { i, t in
                Output(name: i < names.count ? names[i] : t, type: t, isList: i < lists.count && lists[i])
            }
            types.append(NodeType(name: name, displayName: try c.optionalString("display_name") ?? name,
                                  category: try c.optionalString("category") ?? "", description: try c.optionalString("description") ?? "",
                                  inputs: inputs, outputs: outputs))
        }
        return ComfyUIObjectInfo(nodeTypes: types)
    }

    /// `[type]` or `[type, options]`, the type a string or an array of combo choices.
    private static func decodeInput(_ c: JSONCursor, name: String, optional: Bool) throws -> Input {
        let parts = try c.elements()
        guard let first = parts.first else { throw c.mismatch("[type, options]") }
        let config = parts.count > 1 && parts[1].value != .null ? try parts[1].asObject() : nil
        func choices(_ list: [JSONCursor]) -> [String] { list.map { $0.value.stringValue ?? JSONWriter.string($0.value) } }
        var type: String, options: [String]? = nil
        if first.value.arrayValue != nil {
            type = "COMBO"
            options = choices(try first.elements())
        } else {
            type = try first.asString()
            if let list = try config?.optionalArray("options"), type == "COMBO" { options = choices(list) }
        }
        let upload = config?.value.objectValue?.members.contains { $0.key.hasSuffix("_upload") && $0.value == .bool(true) } ?? false
        return Input(name: name, type: type, isOptional: optional, options: options,
                     min: try config?.optionalDouble("min"), max: try config?.optionalDouble("max"), step: try config?.optionalDouble("step"),
                     round: config?.value["round"]?.doubleValue,
                     multiline: try config?.optionalBool("multiline") ?? false,
                     controlAfterGenerate: (config?.value["control_after_generate"]).map { $0 != .bool(false) && $0 != .null } ?? false,
                     hasUpload: upload, forceInput: try config?.optionalBool("forceInput") ?? false,
                     defaultValue: config?.value["default"])
    }
}
