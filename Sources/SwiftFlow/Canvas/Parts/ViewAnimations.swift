import SwiftFlowCore

/// The state of the `.animation(_:value:)` views inside nodes, keyed like the controls' state
/// (node id and place in the view tree), kept while the node lives: a box that `ControlFocus`
/// holds and layout writes through (`LayoutBuilder.animating`), so no canvas field is borrowed
/// while a node is built.
final class ViewAnimations {
    /// One animation view's state.
    struct State {
        /// The `value:` of the last build.
        var value: Any
        /// The animation running, with its start (ms of the frame clock) and the values drawn
        /// when it started; nil when none runs.
        var running: (animation: Animation, start: Double, from: [Double])?
        /// The animatable values drawn in the last build, in build order.
        var shown: [Double] = []
        /// The running animation's progress this frame (1 when none runs).
        var progress = 1.0
    }

    var states: [ControlKey: State] = [:]
    /// The frame clock, ms, set before nodes are built.
    var time = 0.0

    /// Starts the build of the animation view `key` with `value` and `animation`: a value
    /// different from last build's starts `animation` (from what was drawn); one past its
    /// duration stops.
    func begin<V: Equatable>(_ key: ControlKey, value: V, animation: Animation?) {
        guard var s = states[key] else {
            states[key] = State(value: value)
            return
        }
        if (s.value as? V) != value {
            s.value = value
            s.running = animation.map { ($0, time, s.shown) }
        }
        if let r = s.running {
            let seconds = (time - r.start) / 1000
            s.progress = r.animation.progress(seconds)
            if seconds >= r.animation.duration { s.running = nil; s.progress = 1 }
        } else {
            s.progress = 1
        }
        s.shown.removeAll(keepingCapacity: true)
        states[key] = s
    }

    /// The value drawn for the `shown.count`-th animatable value of view `key` whose new value
    /// is `target`: on the way from the drawn value at the change while an animation runs.
    func value(_ key: ControlKey, _ target: Double) -> Double {
        guard let k = states.index(forKey: key) else { return target }
        // Read, then append in place (no copy of the state's arrays per value).
        let n = states.values[k].shown.count
        var v = target
        if let r = states.values[k].running, n < r.from.count, target.isFinite {
            v = r.from[n] + (target - r.from[n]) * states.values[k].progress
        }
        states.values[k].shown.append(v)
        return v
    }

    /// Forgets the views of nodes that are gone (`alive` says which ids remain).
    func dropRemoved(alive: (String) -> Bool) {
        if !states.isEmpty { states = states.filter { alive($0.key.nodeId) } }
    }
}
