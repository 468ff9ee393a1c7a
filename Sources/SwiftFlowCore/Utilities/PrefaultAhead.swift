// Page faults ahead of a serial pass, on a core the pass leaves idle. A million nodes' first frame
// writes hundreds of megabytes of fresh memory from the main thread; each first write of a page
// traps into the kernel, which zeroes the page (and, on a virtual machine, has the host back it),
// and a profile put a third of that frame's serial layout pass there. Linux can back a range
// without writing it (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14), so another thread may do it
// while the pass writes the same memory: the data is never touched, only the page tables.

import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Backs memory a serial pass is about to write with pages, on another thread.
public enum PrefaultAhead {
    /// The smallest range worth the thread hop (the faults of 4 MB cost about a millisecond).
    public static let minimumBytes = 4 << 20

    /// Asks the kernel, from a background thread, to back the pages of `bytes` bytes from
    /// `start` (only the whole pages inside) as if each were written, without writing them; returns
    /// at once. Does nothing for fewer than `minimumBytes`, on one core, or where the kernel
    /// cannot (older than Linux 5.14: the writes then fault as usual). The range's contents are
    /// never read or changed, so the caller may write it meanwhile, and may free it: the kernel
    /// then skips what is no longer mapped. The pages count as resident from then on, so ask
    /// only for memory the caller will write.
    public static func populate(_ start: UnsafeMutableRawPointer?, bytes: Int) {
        #if canImport(Glibc)
        guard let start, bytes >= minimumBytes, ParallelChunks.cores > 1 else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: start) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: start) + bytes) & ~(page - 1)
        guard end > first else { return }
        let address = UInt(first), length = end - first
        DispatchQueue.global(qos: .userInitiated).async {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: address), length, MADV_POPULATE_WRITE)
        }
        #endif
    }

    /// `populate` for the storage of `array` from its `count`-th element to its capacity: the
    /// room a pass appending to it (after `reserveCapacity`) will write. O(1).
    public static func populateCapacity<T>(of array: inout [T]) {
        populate(&array, elements: array.count..<array.capacity)
    }

    /// `populate` for the storage of elements `elements` of `array` (clamped to its capacity;
    /// they need not be initialised yet). O(1).
    public static func populate<T>(_ array: inout [T], elements: Range<Int>) {
        let range = elements.clamped(to: 0..<array.capacity), stride = MemoryLayout<T>.stride
        guard range.count * stride >= minimumBytes else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            populate(buffer.baseAddress.map { UnsafeMutableRawPointer($0 + range.lowerBound) }, bytes: range.count * stride)
        }
    }
}
