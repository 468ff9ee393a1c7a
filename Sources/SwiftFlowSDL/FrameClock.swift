import CSDL2

/// The time source of a frame loop. Scripted runs use a `ManualClock` so that a replay (events +
/// clock) is deterministic; interactive runs use `SDLClock`.
public protocol FrameClock: AnyObject {
    /// Monotonic time in milliseconds since an arbitrary origin.
    var milliseconds: Double { get }
}

/// A clock that only moves when told to (`wait 16` in an input script advances it by 16 ms).
public final class ManualClock: FrameClock {
    public private(set) var milliseconds: Double

    /// Creates a clock reading `start` milliseconds.
    public init(start: Double = 0) { milliseconds = start }

    /// Moves the clock forward by `ms` milliseconds (negative values are ignored).
    public func advance(by ms: Double) { milliseconds += max(0, ms) }
}

/// Wall-clock time from `SDL_GetPerformanceCounter` (needs no SDL initialisation).
public final class SDLClock: FrameClock {
    private let start = SDL_GetPerformanceCounter()
    private let msPerTick = 1000 / Double(SDL_GetPerformanceFrequency())

    /// Creates a clock reading 0 now.
    public init() {}

    public var milliseconds: Double { Double(SDL_GetPerformanceCounter() &- start) * msPerTick }
}
