import SwiftFlowCore

/// Where the GLSL 330 core sources of `Shaders/` are at run time. SwiftPM copies them as
/// resources of this target into the bundle directory `SwiftFlow_SwiftFlowShaders.resources`
/// beside the executable (or the test bundle); `SWIFTFLOW_SHADERS` names another directory.
///
/// Files: `canvas.vert` and `canvas.frag` (one program for every primitive), which pull in
/// `shapes.glsl` (rounded rectangles, circles, convex polygons), `strokes.glsl` (edge segments)
/// and `text.glsl` (glyph quads) with `#include "file"` lines; `triangles.vert` and
/// `triangles.frag` draw a draw list's triangle form.
public enum ShaderResources {
    /// The resource bundle's directory name, as SwiftPM names it (`<package>_<target>.resources`).
    public static let bundleName = "SwiftFlow_SwiftFlowShaders.resources"

    /// The directory to read shaders from: `$SWIFTFLOW_SHADERS` when set (even when it does not
    /// exist, so that a wrong path gives a "missing shader" error), else the resource bundle
    /// beside the running executable. Nil when neither is there.
    public static var directory: String? {
        ResourceBundle.directory(bundleName: bundleName, environmentVariable: "SWIFTFLOW_SHADERS")
    }
}
