import SwiftFlowCore

/// A value chosen by dragging a knob along a track (SwiftUI's `Slider`). A press on the track
/// moves the knob there; a drag follows the pointer (one undo step per drag); the value is
/// rounded to `step` from the range's start. A NaN value is reported through `onError` and the
/// slider shows a placeholder that takes no input (the value is left as it is). Ideal size 100 by
/// 16 flow units; horizontally flexible.
public struct Slider: View, PrimitiveView {
    let value: Binding<Double>
    let range: ClosedRange<Double>
    let step: Double?

    /// A slider over `bounds` (default 0...1), continuous or in steps of `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil)
    where V.Stride: BinaryFloatingPoint {
        // A `Double` binding is kept as it is (compared by type: no dynamic cast per slider per frame).
        self.value = V.self == Double.self ? unsafeBitCast(value, to: Binding<Double>.self)
            : Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) }, problem: value.problem)
        range = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
    }

    public func _build(into builder: inout LayoutBuilder) {
        let (v, problem) = value.valueAndProblem()
        builder.append(control: .slider(value, range: range, step: step), text: "",
                       problem: problem ?? (v.isNaN ? "the slider's value is NaN" : nil), value: v)
    }
}

/// Minus and plus buttons that step a value (SwiftUI's `Stepper`), within a range; each click
/// is one undo step. Its title leads, the buttons (44 by a line plus 8 flow units) trail.
public struct Stepper: View, PrimitiveView {
    let title: String
    let value: Binding<Double>
    let range: ClosedRange<Double>
    let step: Double

    /// A stepper of an integer value.
    public init<V: BinaryInteger>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V = 1) {
        self.title = title
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V(exactly: $0.rounded()) ?? value.wrappedValue },
                             problem: value.problem)
        range = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = Double(step)
    }

    /// A stepper of a floating-point value.
    public init<V: BinaryFloatingPoint>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V = 1) {
        self.title = title
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) }, problem: value.problem)
        range = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = Double(step)
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.labelled(title) { $0.append(control: .stepper(value, range: range, step: step), text: "", problem: value.problem?()) }
    }
}

/// An on/off switch (SwiftUI's `Toggle`, switch style): a click flips it (one undo step). Its
/// title leads, the switch (32 by 18 flow units) trails.
public struct Toggle: View, PrimitiveView {
    let title: String
    let isOn: Binding<Bool>

    /// A toggle labelled `title`.
    public init(_ title: String, isOn: Binding<Bool>) { self.title = title; self.isOn = isOn }

    public func _build(into builder: inout LayoutBuilder) {
        let (on, problem) = isOn.valueAndProblem()
        builder.labelled(title) { $0.append(control: .toggle(isOn), text: "", problem: problem, isOn: on) }
    }
}

/// A bar showing how much of a task is done (SwiftUI's determinate `ProgressView`). Not
/// interactive. Ideal size 100 by 6 flow units; horizontally flexible.
public struct ProgressView: View, PrimitiveView {
    let title: String
    let fraction: Double?

    /// A bar at `value / total` (clamped to 0...1; nil or a non-finite value draws it empty).
    public init<V: BinaryFloatingPoint>(_ title: String = "", value: V?, total: V = 1) {
        self.title = title
        let f = value.map { Double($0) / Double(total) }
        fraction = f.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
    }

    public func _build(into builder: inout LayoutBuilder) {
        guard !title.isEmpty else { return builder.append(control: .progress(fraction), text: "") }
        builder.container(.stack(.vertical, spacing: 4, alignment: 0)) {
            $0.add(Text(title))
            $0.append(control: .progress(fraction), text: "")
        }
    }
}

/// A colour well that opens a picker (SwiftUI's `ColorPicker`): hue, saturation/value and, with
/// `supportsOpacity`, alpha; each choice in the popup is one undo step per drag. Its title leads,
/// the swatch (36 by 18 flow units) trails.
public struct ColorPicker: View, PrimitiveView {
    let title: String
    let selection: Binding<Color>
    let supportsOpacity: Bool

    /// A colour picker labelled `title` (default: with opacity).
    public init(_ title: String, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.title = title; self.selection = selection; self.supportsOpacity = supportsOpacity
    }

    public func _build(into builder: inout LayoutBuilder) {
        let (color, problem) = selection.valueAndProblem()
        builder.labelled(title) {
            $0.append(control: .colorWell(selection, supportsOpacity: supportsOpacity), text: "", problem: problem, color: color)
        }
    }
}
