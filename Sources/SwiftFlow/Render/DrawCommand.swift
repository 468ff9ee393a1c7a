import SwiftFlowCore

/// Identifies a texture a backend knows how to bind; `.none` draws untextured (vertex colour only).
public struct TextureID: Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// No texture.
    public static let none = TextureID(rawValue: 0)
}

/// A run of a draw list sharing one texture and clip rectangle: triangles (a range of `indices`
/// over a range of `vertices`) in the triangle form, `ShapeInstance`s (a range of `instances`) in
/// the instance form.
public struct DrawCommand: Hashable, Sendable {
    /// First index (into `DrawList.indices`, or `DrawList.instances` in the instance form).
    public var indexOffset: Int
    /// Number of indices (a multiple of 3), or of instances in the instance form.
    public var indexCount: Int
    /// First vertex of the run (into `DrawList.vertices`); its indices count from it, so a
    /// backend submits only `vertexOffset..<vertexOffset + vertexCount`. 0 in the instance form.
    public var vertexOffset: Int
    /// Number of vertices of the run; 0 in the instance form.
    public var vertexCount: Int
    public var texture: TextureID
    /// Clip rectangle in screen points; nil = the whole canvas.
    public var clip: Rect?

    /// Creates a command.
    public init(indexOffset: Int, indexCount: Int, vertexOffset: Int = 0, vertexCount: Int = 0, texture: TextureID, clip: Rect?) {
        self.indexOffset = indexOffset; self.indexCount = indexCount
        self.vertexOffset = vertexOffset; self.vertexCount = vertexCount
        self.texture = texture; self.clip = clip
    }
}
