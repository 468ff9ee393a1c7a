import CSDL2
import Foundation
import SwiftFlow

/// A picture decoded for upload: an RGBA32 surface (bytes R, G, B, A, straight alpha) no larger
/// than the decoder's maximum side, the source's own size, and its mean colour. Owns the surface.
/// Main thread only.
@MainActor
final class DecodedImage {
    /// The pixels to upload (`SDL_PIXELFORMAT_RGBA32`), possibly downscaled from the source.
    let surface: UnsafeMutablePointer<SDL_Surface>
    /// The source's size in pixels (before any downscaling).
    let sourceWidth: Int, sourceHeight: Int
    /// The alpha-weighted mean colour of the pixels.
    let averageColor: Color

    /// The surface's size in bytes.
    var bytes: Int { Int(surface.pointee.pitch) * Int(surface.pointee.h) }

    private init(surface: UnsafeMutablePointer<SDL_Surface>, sourceWidth: Int, sourceHeight: Int) {
        self.surface = surface
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        averageColor = Self.meanColor(surface)
    }

    isolated deinit { SDL_FreeSurface(surface) }

    /// Decodes `source`: a file through SDL2_image (`IMG_Load`: PNG, JPEG and the other formats
    /// it was built with), or the app's pixels; converted to RGBA32 and, when either side is over
    /// `maximumSide`, downscaled once (bilinear, `SDL_SoftStretchLinear`) to fit it at the same
    /// aspect ratio (at least one pixel a side). A PNG whose header declares more than
    /// `maximumPixels` pixels is refused before decoding.
    static func decode(_ source: ImageSource, maximumSide: Int, maximumPixels: Int) -> Result<DecodedImage, ImageLoadError> {
        let original: UnsafeMutablePointer<SDL_Surface>
        switch source {
        case .file(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return .failure(.fileNotFound(path))
            }
            if let (w, h) = pngHeaderSize(path), w.multipliedReportingOverflow(by: h).partialValue > maximumPixels || w.multipliedReportingOverflow(by: h).overflow {
                return .failure(.tooLarge(width: w, height: h, limit: maximumPixels))
            }
            guard let loaded = IMG_Load(path) else { return .failure(.undecodable(path: path, reason: lastError())) }
            original = loaded
        case .symbol(let name):
            return .failure(.platform("'\(name)' is not a symbol name SwiftFlow knows (SymbolGlyphs.characters)"))
        case .pixels(let p):
            guard p.isValid else {
                return .failure(.invalidPixels("'\(p.id)': \(p.width)x\(p.height) needs \(p.width)·\(p.height)·4 bytes, got \(p.rgba.count)"))
            }
            guard p.width * p.height <= maximumPixels else { return .failure(.tooLarge(width: p.width, height: p.height, limit: maximumPixels)) }
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(p.width), Int32(p.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
                return .failure(.platform("SDL_CreateRGBSurfaceWithFormat failed: " + lastError()))
            }
            let pitch = Int(s.pointee.pitch), row = p.width * 4
            p.rgba.withUnsafeBytes { src in
                for y in 0..<p.height { (s.pointee.pixels! + y * pitch).copyMemory(from: src.baseAddress! + y * row, byteCount: row) }
            }
            original = s
        }
        let w = Int(original.pointee.w), h = Int(original.pointee.h)
        guard w > 0, h > 0 else {
            SDL_FreeSurface(original)
            return .failure(.undecodable(path: "\(source)", reason: "no pixels"))
        }
        var rgba = original
        if original.pointee.format.pointee.format != SDL_PIXELFORMAT_RGBA32.rawValue {
            let converted = SDL_ConvertSurfaceFormat(original, SDL_PIXELFORMAT_RGBA32.rawValue, 0)
            SDL_FreeSurface(original)
            guard let converted else { return .failure(.platform("SDL_ConvertSurfaceFormat failed: " + lastError())) }
            rgba = converted
        }
        if max(w, h) > maximumSide {
            let scale = Double(maximumSide) / Double(max(w, h))
            let tw = max(1, min(maximumSide, Int((Double(w) * scale).rounded()))), th = max(1, min(maximumSide, Int((Double(h) * scale).rounded())))
            let small = downscale(rgba, width: tw, height: th)
            SDL_FreeSurface(rgba)
            guard let small else { return .failure(.platform("downscaling \(w)x\(h) to \(tw)x\(th) failed: " + lastError())) }
            rgba = small
        }
        return .success(DecodedImage(surface: rgba, sourceWidth: w, sourceHeight: h))
    }

    /// `source` (RGBA32) scaled to `width` × `height`: bilinear where SDL can
    /// (`SDL_SoftStretchLinear`), else nearest (`SDL_BlitScaled` without blending).
    private static func downscale(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let target = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        if SDL_SoftStretchLinear(source, nil, target, nil) == 0 { return target }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        if SDL_UpperBlitScaled(source, nil, target, nil) == 0 { return target }
        SDL_FreeSurface(target)
        return nil
    }

    /// The width and height a PNG file's header (IHDR) declares, or nil when `path` is not a PNG
    /// (or is too short to say).
    static func pngHeaderSize(_ path: String) -> (Int, Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
        let b = [UInt8](data)
        guard b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be32(16), be32(20))
    }

    /// The alpha-weighted mean of `s`'s pixels (RGBA32), from at most about 65,536 of them
    /// spread over the picture.
    private static func meanColor(_ s: UnsafeMutablePointer<SDL_Surface>) -> Color {
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        let step = max(1, Int((Double(w * h) / 65_536).squareRoot().rounded(.up)))
        let base = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var r = 0.0, g = 0.0, b = 0.0, a = 0.0, n = 0.0
        for y in stride(from: 0, to: h, by: step) {
            let row = base + y * pitch
            for x in stride(from: 0, to: w, by: step) {
                let p = row + 4 * x, alpha = Double(p[3])
                r += Double(p[0]) * alpha; g += Double(p[1]) * alpha; b += Double(p[2]) * alpha
                a += alpha; n += 1
            }
        }
        guard a > 0 else { return .clear }
        return Color(red: r / a / 255, green: g / a / 255, blue: b / a / 255, opacity: a / n / 255)
    }

    private static func lastError() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "unknown error" : message
    }
}
