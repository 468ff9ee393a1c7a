import SwiftFlow

/// A render backend's textures of `SDLImageCache` pictures (`Handle`: an `SDL_Texture` pointer
/// or a GL texture name), made on first use and destroyed when unused: after
/// `framesUntilEviction` rendered frames in which they were not drawn, or, least recently drawn
/// first, while the textures hold more than `byteBudget` bytes (never one drawn in the frame
/// being rendered). A texture that could not be made is remembered as failed (not retried
/// every frame) and forgotten the same way.
struct ImageTextureTable<Handle> {
    struct Slot {
        /// Nil when making the texture failed.
        var handle: Handle?
        var bytes: Int
        var lastFrame: Int
        /// The version of the pixels it was made from (`DrawPicture.version`; 0 for images).
        var version = 0
    }

    /// Frames without drawing after which a texture is destroyed. Default 120 (2 s at 60 fps).
    var framesUntilEviction = 120
    /// The most bytes of textures kept once a frame is rendered. Default 256 MiB.
    var byteBudget = 256 << 20
    private(set) var slots: [Int32: Slot] = [:]
    /// Bytes of the textures held now.
    private(set) var bytes = 0
    /// Frames rendered (`endFrame` calls).
    private(set) var frame = 0

    /// The textures held now (not counting failed ones).
    var count: Int { slots.values.reduce(0) { $0 + ($1.handle == nil ? 0 : 1) } }

    /// The texture for `id` at pixels `version`, made by `make` (the texture and its size in
    /// bytes, or nil on failure) on first use or when `version` changed, the old one destroyed
    /// by `destroy`; marks it drawn this frame.
    mutating func texture(for id: TextureID, version: Int = 0, make: () -> (Handle, bytes: Int)?,
                          destroy: (Handle) -> Void = { _ in }) -> Handle? {
        if let slot = slots[id.rawValue], slot.version != version { remove(id.rawValue, slot, destroy) }
        if slots[id.rawValue] != nil {
            slots[id.rawValue]!.lastFrame = frame
            return slots[id.rawValue]!.handle
        }
        let made = make()
        slots[id.rawValue] = Slot(handle: made?.0, bytes: made?.bytes ?? 0, lastFrame: frame, version: version)
        bytes += made?.bytes ?? 0
        return made?.0
    }

    /// Ends a rendered frame: destroys (`destroy`) the textures not drawn for
    /// `framesUntilEviction` frames, then the least recently drawn while over `byteBudget`.
    mutating func endFrame(destroy: (Handle) -> Void) {
        defer { frame += 1 }
        guard !slots.isEmpty else { return }
        if slots.values.contains(where: { frame - $0.lastFrame >= framesUntilEviction }) {
            for (id, slot) in slots where frame - slot.lastFrame >= framesUntilEviction { remove(id, slot, destroy) }
        }
        if bytes > byteBudget {
            for (id, slot) in slots.sorted(by: { $0.value.lastFrame < $1.value.lastFrame }) where bytes > byteBudget && slot.lastFrame < frame {
                remove(id, slot, destroy)
            }
        }
    }

    /// Destroys every texture.
    mutating func removeAll(destroy: (Handle) -> Void) {
        for slot in slots.values { if let h = slot.handle { destroy(h) } }
        slots.removeAll()
        bytes = 0
    }

    private mutating func remove(_ id: Int32, _ slot: Slot, _ destroy: (Handle) -> Void) {
        if let h = slot.handle { destroy(h) }
        bytes -= slot.bytes
        slots.removeValue(forKey: id)
    }
}
