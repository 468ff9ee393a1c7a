/// One widget of an imported ComfyUI node: where its value sits in the node's `widgets_values`,
/// its name and kind, a number's bounds, a combo's choices, and whether a link drives it.
/// `ComfyUIImport` keeps a node's widgets in `data.widgets` (`json` form) and its values in
/// `data.widgets_values`, a copy of the file's, which controls edit and `ComfyUIExport` saves.
public struct ComfyUIWidget: Hashable, Sendable {
    /// What a widget edits.
    public enum Kind: String, Hashable, Sendable {
        case int = "INT", float = "FLOAT", string = "STRING", boolean = "BOOLEAN", combo = "COMBO"
        /// An upload button's value (LoadImage's `"image"`): kept, not shown.
        case upload = "UPLOAD"
        /// A value of no known kind (null, an array, an object): shown as text, not edited.
        case other = "*"
    }

    /// The widget's name: from the node's typed widget inputs, else object_info, else the
    /// `widgets_values` object's key, else its index as a string.
    public var name: String
    /// The value's index in `widgets_values` (an array), or its member's index (an object).
    public var index: Int
    /// The value's member name when `widgets_values` is an object; nil for an array.
    public var key: String?
    /// The kind: as the file or object_info declares it, else inferred from the value.
    public var kind: Kind
    /// A combo's choices when known (object_info); nil when unknown (then edited as text).
    public var options: [String]?
    /// A number's bounds and step (object_info), when given.
    public var min: Double?, max: Double?, step: Double?
    /// A FLOAT's rounding (object_info's `round`), when given.
    public var round: Double?
    /// A string edited on several lines: object_info's `multiline`, a value with a newline, or a note.
    public var multiline: Bool
    /// The index of the `control_after_generate` value that follows a seed (fixed, increment,
    /// decrement, randomize), when there is one.
    public var control: Int?
    /// The input slot of the node's typed widget input for this widget, when the file has one.
    public var slot: Int?
    /// True when a link drives the widget (its input slot has a `link` in the file as loaded; a
    /// link connected later does not change it): shown as a slot, not edited.
    public var linked: Bool

    /// The choices of a `control_after_generate` value, in ComfyUI's order.
    public static let controlChoices = ["fixed", "increment", "decrement", "randomize"]

    /// Creates a widget (see the properties; `kind` `.other` and no bounds by default).
    public init(name: String, index: Int, key: String? = nil, kind: Kind = .other, options: [String]? = nil,
                min: Double? = nil, max: Double? = nil, step: Double? = nil, round: Double? = nil, multiline: Bool = false,
                control: Int? = nil, slot: Int? = nil, linked: Bool = false) {
        self.name = name; self.index = index; self.key = key; self.kind = kind; self.options = options
        self.min = min; self.max = max; self.step = step; self.round = round; self.multiline = multiline
        self.control = control; self.slot = slot; self.linked = linked
    }

    /// Whether the node view shows it as a row (linked widgets and upload buttons are not).
    public var isShown: Bool { !linked && kind != .upload }

    /// The widget as node data: `{name, index, kind, …}` with the optional members only when set.
    public var json: JSONValue {
        var o = JSONObject([("name", .string(name)), ("index", .number(Double(index))), ("kind", .string(kind.rawValue))])
        o["key"] = key.map(JSONValue.string)
        o["options"] = options.map { .array($0.map(JSONValue.string)) }
        o["min"] = min.map(JSONValue.number)
        o["max"] = max.map(JSONValue.number)
        o["step"] = step.map(JSONValue.number)
        o["round"] = round.map(JSONValue.number)
        if multiline { o["multiline"] = .bool(true) }
        o["control"] = control.map { .number(Double($0)) }
        o["slot"] = slot.map { .number(Double($0)) }
        if linked { o["linked"] = .bool(true) }
        return .object(o)
    }

    /// Reads the `json` form back; nil when `name`, `index` or `kind` is missing or of another type.
    public init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue, let index = json["index"]?.doubleValue.flatMap({ Int(exactly: $0) }),
              let kind = json["kind"]?.stringValue.flatMap(Kind.init(rawValue:)) else { return nil }
        self.init(name: name, index: index, key: json["key"]?.stringValue, kind: kind,
                  options: json["options"]?.arrayValue?.compactMap(\.stringValue),
                  min: json["min"]?.doubleValue, max: json["max"]?.doubleValue, step: json["step"]?.doubleValue,
                  round: json["round"]?.doubleValue,
                  multiline: json["multiline"]?.boolValue ?? false, control: json["control"]?.doubleValue.flatMap { Int(exactly: $0) },
                  slot: json["slot"]?.doubleValue.flatMap { Int(exactly: $0) }, linked: json["linked"]?.boolValue ?? false)
    }

    /// The spacing of a number's values: a FLOAT's `round`, else its `step`; an INT's `step`.
    public var grid: Double? { kind == .float ? round ?? step : step }

    /// `value` kept within `min`…`max` and on the `grid` counted from `min` (from 0 without
    /// one), with the grid's decimals only (0.1 · 3 gives 0.3, not 0.30000000000000004).
    public func clamped(_ value: Double) -> Double {
        var v = value
        if let step = grid, step > 0, step.isFinite {
            let base = min ?? 0
            v = base + ((v - base) / step).rounded() * step
            let decimals = Self.decimals(of: step)
            if decimals > 0 {
                let scale = pow10(decimals)
                v = (v * scale).rounded() / scale
            }
        }
        if let lo = min, v < lo { v = lo }
        if let hi = max, v > hi { v = hi }
        return v
    }

    /// The decimals a step's grid needs: 0 for 1 or more, 1 for 0.1 or 0.5, 2 for 0.01… (at most 10).
    public static func decimals(of step: Double) -> Int {
        guard step > 0, step < 1, step.isFinite else { return 0 }
        var d = 0, s = step
        while d < 10, (s - s.rounded()).magnitude > 1e-9 { s *= 10; d += 1 }
        return d
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
