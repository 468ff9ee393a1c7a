import SwiftFlowCore

extension LayoutBuilder {
    /// Appends a control of `kind` showing `text`, in the environment's font and colours, with
    /// its structural identity (`LayoutBuilder.lastIdentity`), `problem` (a binding whose value
    /// has the wrong shape) and the bound value its binding gave (`ControlSpec.value`, `isOn`, `color`).
    mutating func append(control kind: ControlSpec.Kind, text: String, problem: String? = nil,
                         value: Double = 0, isOn: Bool = false, color: Color = .clear) {
        let env = environment
        let face = env.font.weight(env.fontWeight ?? env.font.weight).face
        // Made in the array: no local copy of the spec to retain and release.
        controls.append(ControlSpec(kind: kind, text: text, value: value, isOn: isOn, color: color, fontSize: env.font.size, face: face,
                                    foreground: env.resolve(env.foreground), secondary: env.resolve(.secondary),
                                    accent: env.resolve(.accentColor), disabled: !env.isEnabled, problem: problem,
                                    allowsHitTesting: env.allowsHitTesting))
        append(.control(Int32(controls.count - 1)))
        controls[controls.count - 1].path = lastIdentity
        toolCount += 1
    }

    /// A labelled control: `title` (when not empty) leading, the control trailing, a flexible
    /// space between (SwiftUI's layout of `Toggle`, `Picker`, `Stepper` and `ColorPicker` in a form).
    mutating func labelled(_ title: String, _ control: (inout LayoutBuilder) -> Void) {
        guard !title.isEmpty else { return control(&self) }
        container(.stack(.horizontal, spacing: 8, alignment: 0.5)) {
            $0.add(Text(title))
            $0.append(.spacer(minLength: 0))
            control(&$0)
        }
    }

    /// The options `content`'s `.tag`ged views declare (a `Picker`'s content): each tag with its
    /// label (the texts inside the tagged view, joined by spaces). Asks the views
    /// (`View._collectOptions`: tagged texts in `ForEach`es and blocks need no building); when
    /// they cannot tell, builds `content` and removes what it built from the arena (the
    /// structural identity of the views after it is the same either way).
    mutating func collectOptions<Content: View>(_ content: Content) -> [PickerOption] {
        let outer = options
        options = []
        options?.reserveCapacity(8)
        if !content._collectOptions(into: &self) {
            options?.removeAll(keepingCapacity: true)
            buildDiscarding { $0.add(content) }
        }
        let collected = options ?? []
        options = outer
        return collected
    }

    /// Builds `body` only to collect the `Button`s it holds (a context menu's items), then
    /// removes what it built from the arena.
    mutating func collectMenuItems(_ body: (inout LayoutBuilder) -> Void) -> [MenuItem] {
        let outer = menuItems
        menuItems = []
        buildDiscarding(body)
        let collected = menuItems ?? []
        menuItems = outer
        return collected
    }

    /// Builds `body` under the current node, then removes everything it appended (nodes and
    /// side-table entries) and restores the current node's child links.
    private mutating func buildDiscarding(_ body: (inout LayoutBuilder) -> Void) {
        let counts = (nodes.count, texts.count, handles.count, resizers.count, actions.count, controls.count, menus.count, hovers.count)
        let parent = current, savedTools = toolCount
        let links = parent >= 0 ? (nodes[Int(parent)].firstChild, nodes[Int(parent)].lastChild) : (-1, -1)
        container(.zstack(.center), body)
        menus.removeSubrange(counts.6...)
        hovers.removeSubrange(counts.7...)
        nodes.removeSubrange(counts.0...)
        kinds.removeSubrange(counts.0...)
        texts.removeSubrange(counts.1...)
        handles.removeSubrange(counts.2...)
        resizers.removeSubrange(counts.3...)
        actions.removeSubrange(counts.4...)
        controls.removeSubrange(counts.5...)
        toolCount = savedTools
        if parent >= 0 {
            nodes[Int(parent)].firstChild = links.0
            nodes[Int(parent)].lastChild = links.1
            if links.1 >= 0 { nodes[Int(links.1)].nextSibling = -1 }
        }
    }
}

/// One option of a `Picker`: the value its `.tag` gives and the label its view shows.
struct PickerOption {
    var tag: AnyHashable
    var label: String
}
