import CSDL2
import SwiftFlow

/// A `RenderBackend` over OpenGL 3.3 core (`SDL_GL_CreateContext`, functions from
/// `SDL_GL_GetProcAddress`): draws the instance form of a `DrawList` — one `ShapeInstance` per
/// circle, rounded rectangle, stroke segment, glyph, fan triangle or flat level-of-detail quad,
/// rectangle or hairline point — with the programs of `Shaders/canvas.vert` + `canvas.frag`,
/// which expand each shape to a 4-vertex quad anti-aliased by signed distance, a
/// level-of-detail rectangle to one point sprite and a hairline to one line strip. The shaders
/// are compiled once per kind of shape, and each run of one kind is drawn with its own program,
/// so no shader branches on the kind (llvmpipe would execute every branch for every pixel).
///
/// Per frame: large boxes are split into a rim and an opaque interior drawn without blending
/// (`BoxSplit`), the instances are batched into runs of one kind where the picture allows
/// (`InstanceBatcher`) and uploaded into a buffer texture once, then each run (and each clip
/// rectangle or atlas page change) is one draw: `glDrawElements` over a static index buffer of
/// quads, whose vertex shader fetches its instance by `gl_VertexID / 4` ("vertex pulling":
/// instancing as one plain indexed draw, which software rasterisers like Mesa's llvmpipe
/// process in large batches); `glDrawArrays(GL_POINTS)` for rectangles; and
/// `glDrawElements(GL_LINE_STRIP)` for hairlines, over indices built per frame with a primitive
/// restart between strips; and `glDrawArrays(GL_LINES)` for strokes, one wide line per segment
/// (`GLBackend+Segments.swift`). A `glFlush` follows every `flushInstances` instances drawn, so
/// a software rasteriser works on the flushed part of the frame while the rest is submitted.
/// Glyphs come from the same `GlyphAtlas` pages as the SDL backend,
/// pictures from the same `SDLImageCache` (`GLBackend+Images.swift`). A
/// list in the triangle form is drawn as it is, like the SDL backend draws it
/// (`GLTrianglePass`). Main thread only.
@MainActor
public final class GLBackend: RenderBackend {
    public let kind = RenderBackendKind.gl
    /// The glyph atlas whose pages this backend uploads as textures.
    public let atlas: GlyphAtlas
    /// "OpenGL <version> (<renderer>)", from the driver.
    public let rendererName: String
    /// A list in the instance form; the triangle form is drawn too, without the GPU's anti-aliasing.
    public func makeDrawList() -> DrawList { DrawList(form: .instances) }
    public var displayScale: Double

    private let target: RenderTarget
    private let window: OpaquePointer
    private let context: SDL_GLContext
    let gl: GLFunctions
    /// One program per kind (`ShapeInstance.Kind` and `BoxSplit`'s), indexed by its raw value,
    /// then the two segment-lines programs (`GLProgram.segmentLines`).
    let programs: [GLuint]
    /// The locations of each program's `viewportPixels`, `pixelsPerPoint` and `clipMargin`
    /// uniforms (same indices).
    private let frameUniforms: [(viewport: GLint, scale: GLint, margin: GLint)]
    /// The widest and tallest GL viewport (`GL_MAX_VIEWPORT_DIMS`, pixels).
    private let maxViewport: Int
    /// How far past each side of the drawable the instance form's GL viewport reaches (pixels),
    /// so that a shape a little off the canvas has no vertex outside the clip volume: a
    /// primitive with one is clipped, and Mesa's draw module (llvmpipe) then sends the whole
    /// batch of vertices it is in through its per-primitive pipeline instead of straight to the
    /// rasteriser. Pixels outside the drawable are not drawn either way; every shader computes
    /// its coverage from the pixel's position, so the pixels are the same. (Settable for tests.)
    var clipMarginPixels = 2048
    private let triangles: GLTrianglePass
    private let vertexArray: GLuint
    /// The instances (`GL_TEXTURE_BUFFER`, read through `instanceTexture`).
    private let instanceBuffer: GLuint
    private let instanceTexture: GLuint
    /// Indices 4k + (0, 1, 2, 2, 1, 3) for quads k < `indexedQuads`.
    private let indexBuffer: GLuint
    private var indexedQuads = 0
    /// The vertex array and index buffer of hairline strips (`restartIndex` between strips),
    /// refilled per run from `stripIndices`.
    private let stripVertexArray: GLuint
    private let stripIndexBuffer: GLuint
    private var stripIndices: [UInt32] = []
    private static let restartIndex = UInt32.max
    /// The most instances the buffer texture holds (GL_MAX_TEXTURE_BUFFER_SIZE / 4 texels; at
    /// least 16,384 by the specification); longer lists are drawn in windows.
    /// (Settable for tests.)
    var maxInstances: Int
    /// The instances of this frame now in the buffer texture.
    private(set) var uploaded = 0..<0
    /// The widest line the driver draws (pixels; `GL_ALIASED_LINE_WIDTH_RANGE`, 1 in a
    /// forward-compatible context, which refuses wider ones): segments that need wider lines are
    /// drawn as quads (`GLBackend+Segments.swift`). (Settable for tests.)
    var maxLineWidth: Float
    /// Whether large boxes are drawn as a rim and an opaque interior (`BoxSplit`). (Settable for tests.)
    var splitsBoxes = true
    /// The most instances drawn between two `glFlush` calls, and in one draw (nil: none before
    /// `finish` or the swap), so that llvmpipe rasterises a flushed part of the frame on its
    /// threads while this one submits the rest (vertex shading, set-up, binning). A smaller frame
    /// flushes halfway. (Settable for tests.)
    var flushInstances: Int? = 2048
    /// The fewest instances between two flushes (each starts a scene, whose set-up llvmpipe repeats).
    static let leastFlushInstances = 512
    /// This frame's flush interval (instances), from `flushInstances` and the frame's size.
    private var flushEvery: Int?
    /// Instances drawn since the last `glFlush` this frame.
    private var sinceFlush = 0
    /// This frame's instances in batches of one kind (what is uploaded and drawn).
    private var batcher = InstanceBatcher()
    /// One texture per atlas page, created on first use (`GLBackend+Atlas.swift`).
    var textures: [GLuint] = []
    /// The pictures whose textures this backend makes (`GLBackend+Images.swift`).
    public let images: SDLImageCache?
    /// Textures of `images`' pictures, made on first use, destroyed when unused.
    var imageTextures = ImageTextureTable<GLuint>()

    /// Creates an OpenGL 3.3 core context on `target`'s window (created with `SDL_WINDOW_OPENGL`
    /// after `GLBackend.requestCoreContext()`), loads the entry points and builds the shader
    /// program from `shaderDirectory` (default: `ShaderResources.directory`).
    /// - Throws: `GLError` — no context, a missing function, a missing shader or a compile or
    ///   link failure with the driver's log. Nothing is left behind on failure.
    init(target: RenderTarget, atlas: GlyphAtlas, images: SDLImageCache? = nil, displayScale: Double, shaderDirectory: String? = nil) throws {
        guard let window = target.window else { throw GLError.noContext("no window") }
        guard let context = SDL_GL_CreateContext(window) else { throw GLError.noContext(String(cString: SDL_GetError())) }
        let gl: GLFunctions, programs: [GLuint], triangles: GLTrianglePass
        do {
            var major: Int32 = 0, minor: Int32 = 0, profile: Int32 = 0
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, &major)
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, &minor)
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, &profile)
            guard major * 10 + minor >= 33, profile == Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue) else {
                throw GLError.noContext("got OpenGL \(major).\(minor)\(profile == Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue) ? " core" : "")")
            }
            gl = try GLFunctions()
            var pointSizes: [GLfloat] = [0, 0]
            gl.getFloatv(GLenum(GL_POINT_SIZE_RANGE), &pointSizes)
            let needed = 2 * DrawList.maximumPointPixels + 2  // a rectangle's sprite (Shaders/shapes.glsl rectPointSize)
            guard pointSizes[1] >= needed else { throw GLError.pointSizeTooSmall(maximum: pointSizes[1], needed: needed) }
            programs = try GLProgram.canvas(gl, directory: shaderDirectory)
            do { triangles = try GLTrianglePass(gl, shaderDirectory: shaderDirectory) } catch {
                for p in programs { gl.deleteProgram(p) }
                throw error
            }
        } catch {
            SDL_GL_DeleteContext(context)
            throw error
        }
        self.target = target
        self.window = window
        self.context = context
        self.gl = gl
        self.programs = programs
        self.triangles = triangles
        self.atlas = atlas
        self.images = images
        self.displayScale = displayScale
        rendererName = "OpenGL \(gl.string(GL_VERSION)) (\(gl.string(GL_RENDERER)))"
        var names: [GLuint] = [0, 0, 0]
        gl.genVertexArrays(2, &names); vertexArray = names[0]; stripVertexArray = names[1]
        gl.genBuffers(3, &names); instanceBuffer = names[0]; indexBuffer = names[1]; stripIndexBuffer = names[2]
        gl.genTextures(1, &names); instanceTexture = names[0]
        var lineWidths: [GLfloat] = [1, 1]
        var flags: GLint = 0
        gl.getFloatv(GLenum(GL_ALIASED_LINE_WIDTH_RANGE), &lineWidths)
        gl.getIntegerv(GLenum(GL_CONTEXT_FLAGS), &flags)
        maxLineWidth = flags & GLint(GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT) != 0 ? 1 : lineWidths[1]
        var texels: GLint = 0
        gl.getIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &texels)
        maxInstances = max(Int(texels) / 4, 1024)
        gl.bindVertexArray(stripVertexArray)
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), stripIndexBuffer)
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        gl.bindBuffer(GLenum(GL_TEXTURE_BUFFER), instanceBuffer)
        gl.activeTexture(GLenum(GL_TEXTURE1))
        gl.bindTexture(GLenum(GL_TEXTURE_BUFFER), instanceTexture)
        gl.texBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32UI), instanceBuffer)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        for program in programs {
            gl.useProgram(program)
            gl.uniform1i(gl.getUniformLocation(program, "atlas"), 0)
            gl.uniform1i(gl.getUniformLocation(program, "instances"), 1)
        }
        frameUniforms = programs.map {
            (gl.getUniformLocation($0, "viewportPixels"), gl.getUniformLocation($0, "pixelsPerPoint"), gl.getUniformLocation($0, "clipMargin"))
        }
        var viewportDims: [GLint] = [0, 0]
        gl.getIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewportDims)
        maxViewport = Int(min(viewportDims[0], viewportDims[1]))
        gl.enable(GLenum(GL_PROGRAM_POINT_SIZE))  // rectangles' point sprites take their size from the shader
        gl.enable(GLenum(GL_PRIMITIVE_RESTART))
        gl.primitiveRestartIndex(Self.restartIndex)
        gl.enable(GLenum(GL_BLEND))
        gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))  // the shaders output premultiplied colour
        SDL_GL_SetSwapInterval(1)
    }

    isolated deinit {
        SDL_GL_MakeCurrent(window, context)
        textures.withUnsafeBufferPointer { gl.deleteTextures(GLsizei($0.count), $0.baseAddress) }
        imageTextures.removeAll { name in var n = name; gl.deleteTextures(1, &n) }
        var names = [instanceBuffer, indexBuffer, stripIndexBuffer]
        gl.deleteBuffers(3, &names)
        names = [instanceTexture]
        gl.deleteTextures(1, &names)
        names = [vertexArray, stripVertexArray]
        gl.deleteVertexArrays(2, &names)
        for program in programs { gl.deleteProgram(program) }
        SDL_GL_DeleteContext(context)
    }

    /// Sets the window attributes for an OpenGL 3.3 core, double-buffered RGBA8 context; call
    /// before creating the window, and `SDL_GL_ResetAttributes()` after a failure.
    static func requestCoreContext() {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        for a in [SDL_GL_RED_SIZE, SDL_GL_GREEN_SIZE, SDL_GL_BLUE_SIZE, SDL_GL_ALPHA_SIZE] { SDL_GL_SetAttribute(a, 8) }
    }

    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    public func render(_ list: DrawList, clear: Color) throws(SDLError) {
        SDL_GL_MakeCurrent(window, context)
        defer { endImageFrame() }
        let (w, h) = pixelSize
        gl.viewport(0, 0, GLsizei(w), GLsizei(h))
        gl.disable(GLenum(GL_SCISSOR_TEST))
        let c = PackedColor(clear)
        gl.clearColor(Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, Float(c.a) / 255)
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard !list.commands.isEmpty else { return }
        uploadAtlas()
        if list.form == .triangles {
            triangles.begin(list, width: w, height: h, scale: displayScale)
        } else {
            beginInstances(list, width: w, height: h)
            batcher.reorder(list, width: Float(Double(w) / displayScale), height: Float(Double(h) / displayScale),
                            splittingBoxesAt: splitsBoxes ? Float(displayScale) : nil)
            flushEvery = flushInstances.map { min($0, max(Self.leastFlushInstances, batcher.batched.count / 2)) }
        }
        var clip: Rect?? = .none
        for (c, command) in list.commands.enumerated() where command.indexCount > 0 {
            if clip != .some(command.clip) {
                clip = .some(command.clip)
                setScissor(command.clip, height: h)
            }
            if command.texture != .none {
                if let page = atlas.pageIndex(for: command.texture) {
                    guard page < textures.count else { continue }
                    gl.bindTexture(GLenum(GL_TEXTURE_2D), textures[page])
                } else {
                    guard let name = imageTexture(command.texture, in: list) else { continue }
                    gl.bindTexture(GLenum(GL_TEXTURE_2D), name)
                }
            }
            if list.form == .triangles {
                triangles.draw(command)
            } else {
                drawByKind(batcher.batched, batcher.ranges[c])
            }
        }
    }

    /// Sets the canvas programs' uniforms and the viewport, `clipMarginPixels` past the
    /// drawable on every side as far as the driver allows (the instances are uploaded by the
    /// first draw).
    private func beginInstances(_ list: DrawList, width w: Int, height h: Int) {
        let margin = max(0, min(clipMarginPixels, (maxViewport - max(w, h)) / 2))
        gl.viewport(GLint(-margin), GLint(-margin), GLsizei(w + 2 * margin), GLsizei(h + 2 * margin))
        for (program, u) in zip(programs, frameUniforms) {
            gl.useProgram(program)
            gl.uniform2f(u.viewport, Float(w), Float(h))
            gl.uniform1f(u.scale, Float(displayScale))
            gl.uniform1f(u.margin, Float(margin))
        }
        gl.bindVertexArray(vertexArray)
        uploaded = 0..<0
        sinceFlush = 0
    }

    public func present() { SDL_GL_SwapWindow(window) }

    public func finish() {
        SDL_GL_MakeCurrent(window, context)
        gl.finish()
    }

    /// Reads the back buffer with `glReadPixels` (rows bottom-up, flipped to top-down).
    public func readPixels() throws -> PixelBuffer {
        SDL_GL_MakeCurrent(window, context)
        let (w, h) = pixelSize
        var bottomUp = [UInt8](repeating: 0, count: w * h * 4)
        gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bottomUp.withUnsafeMutableBytes {
            gl.readPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        let error = gl.getError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw SDLError.callFailed(function: "glReadPixels", message: "GL error 0x\(String(error, radix: 16))")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let row = w * 4
        for y in 0..<h { rgba[(y * row)..<((y + 1) * row)] = bottomUp[((h - 1 - y) * row)..<((h - y) * row)] }
        return PixelBuffer(width: w, height: h, rgba: rgba)
    }

    /// Draws `range` of `instances` in runs of one kind, each with that kind's program,
    /// uploading the window of instances that holds each run's start when it is not in the buffer.
    private func drawByKind(_ instances: [ShapeInstance], _ range: Range<Int>) {
        instances.withUnsafeBufferPointer { shapes in
            var start = range.lowerBound
            while start < range.upperBound {
                if !uploaded.contains(start) {
                    // A window never starts inside a hairline strip: it takes the point before.
                    let from = shapes[start].kind == ShapeInstance.Kind.hairline.rawValue && shapes[start].b0 == 0 && start > 0 ? start - 1 : start
                    uploaded = from..<min(shapes.count, from + max(maxInstances, 2))
                    let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: shapes[uploaded]))
                    gl.bindBuffer(GLenum(GL_TEXTURE_BUFFER), instanceBuffer)
                    gl.bufferData(GLenum(GL_TEXTURE_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
                    indexQuads(4 * uploaded.count)  // a box rim is four quads
                }
                let kind = shapes[start].kind
                var end = start + 1
                let limit = min(range.upperBound, uploaded.upperBound, flushEvery.map { start + max($0 - sinceFlush, 1) } ?? .max)
                while end < limit && shapes[end].kind == kind { end += 1 }
                if kind != ShapeInstance.Kind.segment.rawValue { gl.useProgram(programs[Int(kind)]) }
                let first = start - uploaded.lowerBound
                switch ShapeInstance.Kind(rawValue: kind) {
                case .rect:
                    gl.drawArrays(GLenum(GL_POINTS), GLint(first), GLsizei(end - start))
                case .hairline:
                    drawStrips(shapes, start..<end)
                case .segment:
                    drawSegments(shapes, start..<end)
                case nil where kind == BoxSplit.rim:
                    gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(24 * (end - start)), GLenum(GL_UNSIGNED_INT),
                                    UnsafeRawPointer(bitPattern: 24 * MemoryLayout<UInt32>.size * first))
                case nil where kind == BoxSplit.interior:
                    gl.disable(GLenum(GL_BLEND))  // opaque: nothing to read back
                    gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(6 * (end - start)), GLenum(GL_UNSIGNED_INT),
                                    UnsafeRawPointer(bitPattern: 6 * MemoryLayout<UInt32>.size * first))
                    gl.enable(GLenum(GL_BLEND))
                default:
                    gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(6 * (end - start)), GLenum(GL_UNSIGNED_INT),
                                    UnsafeRawPointer(bitPattern: 6 * MemoryLayout<UInt32>.size * first))
                }
                sinceFlush += end - start
                if let most = flushEvery, sinceFlush >= most {
                    gl.flush()
                    sinceFlush = 0
                }
                start = end
            }
        }
    }

    /// Draws the hairline points `run` (all in the uploaded window) as line strips: one index per
    /// point, a restart before each strip's first point. A run that starts inside a strip (a
    /// window was cut there) starts from the point before, which the window holds.
    private func drawStrips(_ shapes: UnsafeBufferPointer<ShapeInstance>, _ run: Range<Int>) {
        stripIndices.removeAll(keepingCapacity: true)
        var from = run.lowerBound
        if shapes[from].b0 == 0, from > uploaded.lowerBound { from -= 1 }
        for k in from..<run.upperBound {
            if shapes[k].b0 != 0, k != from { stripIndices.append(Self.restartIndex) }
            stripIndices.append(UInt32(k - uploaded.lowerBound))
        }
        gl.bindVertexArray(stripVertexArray)
        stripIndices.withUnsafeBytes { gl.bufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        gl.drawElements(GLenum(GL_LINE_STRIP), GLsizei(stripIndices.count), GLenum(GL_UNSIGNED_INT), nil)
        gl.bindVertexArray(vertexArray)
    }

    /// Grows the index buffer (bound in the vertex array) to cover `count` quads, doubling.
    private func indexQuads(_ count: Int) {
        guard count > indexedQuads else { return }
        var quads = max(indexedQuads, 1024)
        while quads < count { quads *= 2 }
        var indices = [UInt32](repeating: 0, count: 6 * quads)
        for k in 0..<quads {
            let v = UInt32(4 * k), i = 6 * k
            indices[i] = v; indices[i + 1] = v + 1; indices[i + 2] = v + 2
            indices[i + 3] = v + 2; indices[i + 4] = v + 1; indices[i + 5] = v + 3
        }
        indices.withUnsafeBytes { gl.bufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        indexedQuads = quads
    }

    /// The scissor box of a clip rectangle in points, rounded outward like the SDL backend's.
    private func setScissor(_ rect: Rect?, height: Int) {
        guard let r = rect else { gl.disable(GLenum(GL_SCISSOR_TEST)); return }
        let s = displayScale
        let x0 = (r.minX.rounded(.down) * s).rounded(), y0 = (r.minY.rounded(.down) * s).rounded()
        let x1 = (r.maxX.rounded(.up) * s).rounded(), y1 = (r.maxY.rounded(.up) * s).rounded()
        gl.enable(GLenum(GL_SCISSOR_TEST))
        gl.scissor(GLint(x0), GLint(Double(height) - y1), GLsizei(max(0, x1 - x0)), GLsizei(max(0, y1 - y0)))
    }
}
