import CX11
import Foundation

/// The display scale (pixels per point) of windows on SDL's x11 video driver, chosen the way GTK
/// and Qt applications choose theirs on X11: SDL 2 has no scale there (a window is sized in
/// pixels, whatever the screen's DPI), so without one a high-DPI X11 screen gets a tiny canvas.
///
/// The first of these that is set and valid wins:
/// 1. `SWIFTFLOW_SCALE`: any positive number (`2`, `1.5`);
/// 2. `GDK_SCALE`: a positive integer, as GTK reads it;
/// 3. the X server's `Xft.dpi` resource (`xrdb`): dpi / 96, rounded to the nearest integer
///    (half up, so 144 dpi gives 2), at least 1. An integer keeps a 1-point line a whole number
///    of pixel rows.
///
/// With none of them the scale is 1, as before. Wayland and headless hosts never use it.
enum X11Scale {
    /// The scale for `environment` and the `Xft.dpi` that `xftDPI` reads (called only when
    /// neither variable decides).
    static func resolve(environment: [String: String], xftDPI: () -> Double?) -> Double {
        if let s = environment["SWIFTFLOW_SCALE"].flatMap(Double.init), s.isFinite, s > 0 { return s }
        if let s = environment["GDK_SCALE"].flatMap(Int.init), s > 0 { return Double(s) }
        if let dpi = xftDPI(), dpi.isFinite, dpi > 0 { return max(1, (dpi / 96).rounded()) }
        return 1
    }

    /// The scale for this process: its environment, then the resources of the X server on
    /// `DISPLAY` (the one SDL's x11 driver opens).
    static func current() -> Double {
        resolve(environment: ProcessInfo.processInfo.environment, xftDPI: xftDPI)
    }

    /// `Xft.dpi` from the X server's RESOURCE_MANAGER property (what `xrdb` sets), or nil when
    /// the server cannot be opened or has no such resource.
    private static func xftDPI() -> Double? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        guard let resources = XResourceManagerString(display) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let text = value.addr else { return nil }
        return Double(String(cString: text).trimmingCharacters(in: .whitespaces))
    }
}
