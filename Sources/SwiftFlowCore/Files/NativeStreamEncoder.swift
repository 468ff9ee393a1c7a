/// Writes a document as native pretty JSON in chunks, node by node and edge by edge: exactly the
/// bytes of `JSONWriter.bytes(NativeFormat.encode(document), pretty: true)`, without holding the
/// document's tree or its whole text (`FlowFile.save` writes each chunk to the file as it comes).
///
/// Each node and edge is encoded alone (`NativeFormat.encodeNode` / `encodeEdge`: a tree of a few
/// members, freed once written), then the members after them (`NativeFormat.membersAfterEdges`:
/// the viewport and the kept top-level members of `extra`). Memory: about one chunk plus the
/// largest node or edge, instead of the document's tree and text (3.1 GB at a million stress
/// nodes, BENCHMARKS.md History 23); time O(document).
enum NativeStreamEncoder {
    /// The chunk size `FlowFile.save` writes: 1 MiB.
    static let defaultChunkSize = 1 << 20

    /// Hands the text of `document` to `emit` in order, in chunks of at least `chunkSize` bytes
    /// (each ends after a node or an edge, so it may pass `chunkSize` by one of them; the last one
    /// may be shorter). Rethrows the first error of `emit`, after which nothing more is emitted.
    static func write(_ document: FlowDocument, chunkSize: Int = defaultChunkSize, to emit: ([UInt8]) throws -> Void) throws {
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + chunkSize / 4)
        // The root object at indent 0, as `JSONWriter` writes it: a member per line at indent 1.
        out.append(UInt8(ascii: "{"))
        member("nodes", first: true, &out)
        try writeArray(document.nodes, encode: NativeFormat.encodeNode, into: &out, chunkSize: chunkSize, emit: emit)
        member("edges", first: false, &out)
        try writeArray(document.edges, encode: NativeFormat.encodeEdge, into: &out, chunkSize: chunkSize, emit: emit)
        for (key, value) in NativeFormat.membersAfterEdges(document) {
            member(key, first: false, &out)
            JSONWriter.write(value, pretty: true, indent: 1, to: &out)
        }
        JSONWriter.newline(0, &out)
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
        try emit(out)
    }

    /// Starts a member of the root object: the separator, its line and its key.
    private static func member(_ key: String, first: Bool, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        JSONWriter.newline(1, &out)
        JSONWriter.writeString(key, to: &out)
        out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
    }

    /// A root member's array (at indent 1), one element per line at indent 2, handing `out` to
    /// `emit` whenever it holds `chunkSize` bytes.
    private static func writeArray<Element>(_ elements: [Element], encode: (Element) -> JSONValue, into out: inout [UInt8],
                                            chunkSize: Int, emit: ([UInt8]) throws -> Void) throws {
        out.append(UInt8(ascii: "["))
        for i in elements.indices {
            if i > elements.startIndex { out.append(UInt8(ascii: ",")) }
            JSONWriter.newline(2, &out)
            JSONWriter.write(encode(elements[i]), pretty: true, indent: 2, to: &out)
            if out.count >= chunkSize {
                try emit(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !elements.isEmpty { JSONWriter.newline(1, &out) }
        out.append(UInt8(ascii: "]"))
    }
}
