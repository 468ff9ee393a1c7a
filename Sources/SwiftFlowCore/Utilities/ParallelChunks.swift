// Data-parallel loops over index ranges, for the passes over every element of a huge graph
// (a million nodes' first frame). libdispatch's `concurrentPerform` does the work; this file only
// decides the chunks, so that every caller splits its range the same way.

import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs a loop over `0..<count` on every core of the machine, in contiguous chunks.
///
/// The chunks are fixed by `count`, `minimumChunk` and ``cores`` alone, so a caller that writes
/// chunk `c`'s results to slots of its own (or to `partials[c]`) gets the same result on any
/// schedule. The body runs on libdispatch's worker threads and the calling thread at once: it
/// must write only to memory no other chunk touches (typically through an
/// `UnsafeMutableBufferPointer` captured as `nonisolated(unsafe)`) and read only what no chunk
/// writes. `run` returns when every chunk has run.
public enum ParallelChunks {
    /// The number of cores online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1 and at most 16.
    public static let cores: Int = {
        #if canImport(Glibc)
        return min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 16)
        #else
        return 1
        #endif
    }()

    /// The number of chunks `run` splits `count` items into: one per core, fewer when a chunk
    /// would hold under `minimumChunk` items, and 1 for an empty range.
    public static func chunkCount(_ count: Int, minimumChunk: Int) -> Int {
        max(1, min(cores, count / max(minimumChunk, 1)))
    }

    /// The range of chunk `chunk` of `chunks` over `0..<count`: contiguous, in order, and sizes
    /// differing by at most 1.
    public static func range(of chunk: Int, _ chunks: Int, count: Int) -> Range<Int> {
        (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
    }

    /// Calls `body(chunk, range)` once for each of the `chunkCount(count, minimumChunk:)` chunks
    /// of `0..<count`, in parallel, and returns when all have returned. With one chunk the body
    /// runs on the calling thread only. Default `minimumChunk`: 16,384 items, under which the
    /// threads' start-up costs more than the loop. A negative `count` is an empty range.
    public static func run(_ count: Int, minimumChunk: Int = 16_384,
                           _ body: (_ chunk: Int, _ range: Range<Int>) -> Void) {
        let count = max(count, 0)
        let chunks = chunkCount(count, minimumChunk: minimumChunk)
        guard chunks > 1 else { return body(0, 0..<count) }
        withoutActuallyEscaping(body) { body in
            // The body only writes what its own chunk owns (the contract above), so sharing it
            // between threads is safe although the closure type is not Sendable.
            nonisolated(unsafe) let shared = body
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                shared(chunk, range(of: chunk, chunks, count: count))
            }
        }
    }
}
