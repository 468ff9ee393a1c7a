import SwiftFlowCore

/// The widget rows of an imported ComfyUI node (`data.widgets`, values in `data.widgets_values`),
/// at the places `ComfyUIWidgetLayout` gives, each the widget's name and the control of its
/// kind: INT and FLOAT a drag-number field (INT by 1 per point, FLOAT by 0.01; kept within the
/// widget's `min`/`max` and on its `grid`) with a seed's `control_after_generate` picker beside
/// it; STRING a text field, or a `TextEditor` filling the row when multi-line; BOOLEAN a toggle;
/// COMBO a picker of its choices (number or Bool choices picked back as JSON; a text field when
/// the choices are unknown; a value not among them is shown as it is). A value of another JSON
/// type than its kind's, null, an array or an object is shown as text, not edited. Linked
/// widgets and upload buttons have no row; rows below the node's bottom are left out. With a
/// constant `data` binding (a read-only canvas) the controls show the values and edit nothing.
struct ComfyUIWidgetRows: View {
    /// The node's widgets (`data.widgets`) and their rows (`ComfyUIWidgetLayout.rows`).
    let widgets: [ComfyUIWidget]
    let rows: [(y: Double, height: Double)?]
    let data: Binding<JSONValue>
    let size: Size

    var body: some View {
        let placed = widgets.indices.compactMap { k in rows[k].flatMap { $0.y + $0.height <= size.height ? (widgets[k], $0) : nil } }
        ZStack(alignment: .topLeading) {
            ForEach(placed.indices) { k in
                row(placed[k].0, labelWidth: labelWidth(widgets, for: placed[k].0))
                    .frame(width: max(size.width - 20, 0), height: placed[k].1.height)
                    .position(x: size.width / 2, y: placed[k].1.y + placed[k].1.height / 2)
            }
        }
        .font(.system(size: 11))
        .foregroundColor(Color(hex: 0xC8C8C8))
    }

    /// The width of a row's name (flow units): the longest shown name at about 7 units per
    /// character, within 40 and 35 % of the node's width; a seed row with its control picker
    /// takes only what its own name needs, leaving the digits room.
    private func labelWidth(_ widgets: [ComfyUIWidget], for w: ComfyUIWidget) -> Double {
        func needed(_ name: String) -> Double { Double(name.count) * 7 + 4 }
        let longest = w.control != nil ? needed(w.name) : widgets.filter(\.isShown).map { needed($0.name) }.max() ?? 40
        return min(max(longest, 40), max(size.width * 0.35, 40))
    }

    @ViewBuilder private func row(_ w: ComfyUIWidget, labelWidth: Double) -> some View {
        let value = self.value(w.key, w.index)
        let current = value.wrappedValue
        if w.kind == .string && w.multiline, current.stringValue != nil {
            TextEditor(text: value.string)
        } else {
            let controlWidth = max(size.width - 20 - labelWidth - 6, 20)
            HStack(spacing: 6) {
                Text(w.name).lineLimit(1).frame(width: labelWidth, alignment: .leading)
                control(w, value, current, width: controlWidth).frame(width: controlWidth, alignment: .leading)
            }
        }
    }

    @ViewBuilder private func control(_ w: ComfyUIWidget, _ value: Binding<JSONValue>, _ current: JSONValue, width controlWidth: Double) -> some View {
        if w.kind == .boolean, current.boolValue != nil {
            Toggle("", isOn: value.bool)
        } else if w.kind == .combo, let options = w.options, let text = current.stringValue {
            // A value the choices lack (a file not in this object_info's list) is shown, and kept
            // as the first entry, as ComfyUI shows it.
            let shown = options.contains(text) ? options : [text] + options
            Picker("", selection: value.string) { ForEach(shown, id: \.self) { Text($0).tag($0) } }
        } else if w.kind == .combo, let options = w.options, current.doubleValue != nil || current.boolValue != nil {
            // Choices that are numbers or Bools (listed as their JSON text): picked back as JSON.
            let text = JSONWriter.string(current)
            let shown = options.contains(text) ? options : [text] + options
            Picker("", selection: Binding<String>(get: { JSONWriter.string(value.wrappedValue) },
                                                  set: { value.wrappedValue = (try? JSONParser.parse(Array($0.utf8))) ?? .string($0) })) {
                ForEach(shown, id: \.self) { Text($0).tag($0) }
            }
        } else if w.kind == .string || w.kind == .combo, current.stringValue != nil {
            TextField(w.name, text: value.string)
        } else if w.kind == .int || w.kind == .float, let d = current.doubleValue, abs(d) <= Self.largestNumber {
            let seedControl = w.control.map { self.value(nil, $0) }.flatMap { $0.wrappedValue.stringValue != nil ? $0 : nil }
            HStack(spacing: 4) {
                number(w, value, integral: w.kind == .int && d == d.rounded())
                    .frame(width: seedControl == nil ? controlWidth : max(controlWidth - 4 - Self.seedControlWidth, 10))
                if let seedControl {
                    Picker("", selection: seedControl.string) {
                        ForEach(ComfyUIWidget.controlChoices, id: \.self) { Text($0).tag($0) }
                    }
                    .frame(width: Self.seedControlWidth)
                }
            }
        } else {
            Text(Self.text(current)).foregroundColor(Color(hex: 0xA8A8A8))
        }
    }

    /// The width of a seed's `control_after_generate` picker, flow units: 92 ("randomize" and its arrow).
    static let seedControlWidth = 92.0

    @ViewBuilder private func number(_ w: ComfyUIWidget, _ value: Binding<JSONValue>, integral: Bool) -> some View {
        if integral {
            let raw = value.int
            TextField(w.name, value: Binding<Int>(get: { raw.wrappedValue }, set: { raw.wrappedValue = Int(exactly: w.clamped(Double($0)).rounded()) ?? $0 }),
                      format: ComfyUIIntegerFormat())
        } else {
            let raw = value.double
            let limit = Self.largestNumber
            TextField(w.name, value: Binding<Double>(get: { raw.wrappedValue }, set: { raw.wrappedValue = min(max(w.clamped($0), -limit), limit) }),
                      format: ComfyUIDecimalFormat(decimals: w.grid.map(ComfyUIWidget.decimals(of:))))
        }
    }

    /// The largest magnitude a number field takes (typed or dragged) and shows: 9·10^15 − 1, the
    /// integer field's bound; a value beyond it is shown as text.
    static let largestNumber = 9.0e15 - 1

    /// The value of entry `index` (or member `key`) of `data.widgets_values`: reads null when it
    /// is missing; a write replaces that entry only, and none when the entry is missing.
    private func value(_ key: String?, _ index: Int) -> Binding<JSONValue> {
        let data = self.data
        if let key { return data["widgets_values"][key] }
        return Binding(get: {
            let values = data.wrappedValue["widgets_values"]?.arrayValue ?? []
            return index < values.count ? values[index] : .null
        }, set: { newValue in
            guard var values = data.wrappedValue["widgets_values"]?.arrayValue, index < values.count else { return }
            values[index] = newValue
            data["widgets_values"].wrappedValue = .array(values)
        })
    }

    /// A value shown as text: a string as it is, numbers with at most 6 significant digits
    /// (`0.2`, not `0.20000000000000004`), other JSON as its text; at most 60 characters.
    static func text(_ v: JSONValue) -> String {
        let text: String
        if let d = v.doubleValue {
            text = ComfyUIDecimalFormat(decimals: nil).format(d)
        } else {
            text = v.stringValue ?? JSONWriter.string(v)
        }
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }
}
