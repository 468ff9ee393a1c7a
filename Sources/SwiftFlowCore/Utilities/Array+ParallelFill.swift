// Filling a huge array with one value, on every core when its storage is new. A million nodes'
// first frame makes several arrays of one value per node or per handle (states, parent links,
// index slots, hash buckets); writing fresh storage costs mostly its page faults (the kernel
// zeroes each page and, on a virtual machine, has the host back it), which split over the cores
// as the chunks of `ParallelChunks` do.

extension Array {
    /// Makes the array `count` copies of `value` (a negative `count`: empty), with room for at
    /// least `capacity` elements. Storage with room is kept and written on this thread (its pages
    /// are already backed); otherwise new storage is allocated, the old freed first, and each core
    /// writes a chunk of it (`ParallelChunks.run`, so `value` is copied from several threads at
    /// once). O(count) split over the cores.
    public mutating func fill(repeating value: Element, count: Int, capacity: Int = 0) {
        let count = Swift.max(count, 0), room = Swift.max(count, capacity)
        if self.capacity >= room || count < 16_384 {
            removeAll(keepingCapacity: true)
            reserveCapacity(room)
            append(contentsOf: repeatElement(value, count: count))
            return
        }
        self = []
        self = Array(unsafeUninitializedCapacity: room) { buffer, initialized in
            // Each chunk initialises only its own elements.
            nonisolated(unsafe) let buffer = buffer, value = value
            ParallelChunks.run(count) { _, range in
                (buffer.baseAddress! + range.lowerBound).initialize(repeating: value, count: range.count)
            }
            initialized = count
        }
    }
}
