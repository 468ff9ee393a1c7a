import SwiftFlowCore

extension FlowCanvas {
    /// The lines of text node `id`'s view drew in the last frame, in drawing order, each with its
    /// rectangle in screen points: the line box's top-left through the viewport, its size measured
    /// by `textMeasurer` at the line's font size and face, times the zoom. For finding a control by
    /// what it shows in a scripted test (a `Picker`'s selected option, a `Button`'s title, a text
    /// field's text or placeholder; the title of a `Toggle`, `Picker` or `Stepper` leads its
    /// control and belongs to the node), as a React Flow test finds an element by its text.
    ///
    /// Each line of a multi-line `Text` is one entry; rotated text is at its upright place. Empty
    /// when no node has `id` or its view was not built in the last frame: hidden, beyond the
    /// culling margin around the canvas, or drawn from the overview picture when zoomed far out.
    /// O(the node's draw ops).
    public func drawnTexts(ofNode id: String) -> [(text: String, frame: Rect)] {
        guard let i = nodeCache.index(of: id), nodeCache.states[i].opsFrame == frameInput.number else { return [] }
        let state = nodeCache.states[i], zoom = viewport.zoom
        return nodeCache.ops[state.opsRange].compactMap { op in
            guard case .text(let string, let origin, let fontSize, let face, _) = op else { return nil }
            let size = textMeasurer.measure(string, fontSize: fontSize, face: face)
            let topLeft = flowToScreenPosition(Point(x: state.origin.x + origin.x, y: state.origin.y + origin.y))
            return (string, Rect(origin: topLeft, size: Size(width: size.width * zoom, height: size.height * zoom)))
        }
    }
}
