#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loading and saving graph files: native JSON (`NativeFormat`) or ComfyUI/LiteGraph workflows
/// (`ComfyUIImport`, `ComfyUIExport`).
///
/// Errors are `FlowFileError`s naming the file by the path as given (`/tmp/x/graph.json`, or
/// `graph.json` for a relative one), so a mistyped folder shows in the message.
public enum FlowFile {
    /// Reads and decodes the file at `path`, detecting its format (see `decode(_:file:objectInfo:)`).
    /// Throws `FlowFileError` (`.unreadable`, `.malformedJSON`, `.invalidValue`, `.unknownFormat`).
    public static func load(path: String, objectInfo: ComfyUIObjectInfo? = nil) throws -> FlowDocument {
        try decode(try readBytes(path: path, file: path), file: path, objectInfo: objectInfo)
    }

    /// Decodes UTF-8 JSON: a ComfyUI workflow when `ComfyUIImport.isWorkflow` says so (its widgets
    /// named and typed with `objectInfo` where the file does not say), else a native graph when
    /// the top level is an object with `nodes`; anything else is `.unknownFormat`.
    public static func decode(_ bytes: [UInt8], file: String, objectInfo: ComfyUIObjectInfo? = nil) throws -> FlowDocument {
        // A native graph's nodes and edges straight from the bytes; anything else through the tree.
        if let document = NativeStreamDecoder.decode(bytes, file: file) { return document }
        let json = try parseJSON(bytes, file: file)
        if ComfyUIImport.isWorkflow(json) { return try ComfyUIImport.decode(json, file: file, objectInfo: objectInfo) }
        guard json["nodes"] != nil else { throw FlowFileError.unknownFormat(file: file) }
        return try NativeFormat.decode(json, file: file)
    }

    /// Saves `document` as pretty JSON in `format` (default: native): writes a temporary file in
    /// the same directory, then renames it over `path`, so a failed save leaves the old file
    /// intact. A native file is written node by node in chunks of 1 MiB (`NativeStreamEncoder`:
    /// memory about one chunk, not the whole text); a ComfyUI workflow is built whole, then
    /// written. Returns warnings about what could not be saved (ComfyUI: edges whose handles are
    /// not slots). Throws `.writeFailed` naming the file and the reason, or the error loading
    /// the file would give (`.invalidValue`) for a value written as text loading rejects, before
    /// anything is written: a native file is checked by `NativeFormat.checkSavable` (a coordinate
    /// beyond ±1e15, a `zIndex` of `Int.max`, …), a workflow (small) decoded from its text (a
    /// NaN or far-out position). O(document).
    @discardableResult
    public static func save(_ document: FlowDocument, to path: String, format: FlowFileFormat = .native) throws -> [FlowDiagnostic] {
        switch format {
        case .native:
            try NativeFormat.checkSavable(document, file: path)
            try write(to: path) { emit in try NativeStreamEncoder.write(document, to: emit) }
            return []
        case .comfyUI:
            let (json, warnings) = ComfyUIExport.encode(document)
            let bytes = JSONWriter.bytes(json, pretty: true)
            _ = try decode(bytes, file: path)
            try write(bytes, to: path)
            return warnings
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsync, then
    /// rename over `path`, so a failure leaves any old file intact. Throws `.writeFailed` naming
    /// `path` as given and the reason.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { emit in try emit(bytes) }
    }

    /// Writes what `produce` hands to its `emit` function, in order, to `path` atomically (as
    /// `write(_:to:)`). A failure, of `emit` or of `produce`, closes and removes the temporary
    /// file and rethrows; `emit` throws `.writeFailed` ("write: " and the system's reason).
    /// A `path` that is a symbolic link is written through: the file it leads to is replaced (its
    /// temporary file beside it) and the link kept. The replaced file's permission bits are kept.
    static func write(to given: String, _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void) throws {
        let path = linkTarget(given) ?? given
        let directoryEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temporary = String(path[..<directoryEnd]) + ".\(fileName(path)).\(getpid()).tmp"
        func failure(_ what: String) -> FlowFileError {
            let reason = "\(what): \(String(cString: strerror(errno)))"
            unlink(temporary)
            return .writeFailed(file: given, reason: reason)
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FlowFileError.writeFailed(file: given, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        var old = stat()
        if stat(path, &old) == 0 { _ = fchmod(fd, old.st_mode & 0o777) }   // a private file stays private
        do {
            try produce { bytes in
                guard writeAll(bytes, to: fd) else { throw failure("write") }
            }
            guard fsync(fd) == 0 else { throw failure("write") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else { throw failure("close") }
        guard rename(temporary, path) == 0 else { throw failure("rename") }
    }

    /// Where `path` leads when it is a symbolic link (every link on the way resolved), else nil
    /// (also for a link to nothing, which a save then replaces).
    private static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes; false on an error
    /// (`errno` says which).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            var written = 0
            while written < raw.count {
                #if canImport(Glibc)
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                #else
                let n = Darwin.write(fd, raw.baseAddress! + written, raw.count - written)
                #endif
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
    }

    /// Parses JSON, turning a syntax error into `FlowFileError.malformedJSON` for `file`.
    static func parseJSON(_ bytes: [UInt8], file: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw FlowFileError.malformedJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        }
    }

    /// The last path component of `path` as given ("graph.json" for "/tmp/graph.json").
    static func fileName(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    static func readBytes(path: String, file: String) throws -> [UInt8] {
        func failure() -> FlowFileError { .unreadable(file: file, reason: String(cString: strerror(errno))) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure() }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FlowFileError.unreadable(file: file, reason: "not a regular file") }
        // Straight into one array of the file's size and a byte more (to see the end): no zeroing
        // and no copy, each worth a second of page faults for a file of a gigabyte.
        var reachedEnd = false
        var bytes = try [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0) + 1) { buffer, count in
            while count < buffer.count {
                let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 { if errno == EINTR { continue }; throw failure() }
                if n == 0 { reachedEnd = true; return }
                count += n
            }
        }
        // A file that grew since `fstat`: the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: reachedEnd ? 0 : 1 << 16)
        while !reachedEnd {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw failure() }
            if n == 0 { reachedEnd = true } else { bytes.append(contentsOf: chunk[..<n]) }
        }
        return bytes
    }
}
