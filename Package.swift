// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SwiftFlow",
    products: [
        .library(name: "SwiftFlow", targets: ["SwiftFlow"]),
        .library(name: "SwiftFlowSDL", targets: ["SwiftFlowSDL"]),
        .library(name: "SwiftFlowTesting", targets: ["SwiftFlowTesting"]),
        .executable(name: "swiftflow-stress", targets: ["swiftflow-stress"]),
        .executable(name: "swiftflow-bench", targets: ["swiftflow-bench"]),
        .executable(name: "swiftflow-demo", targets: ["swiftflow-demo"]),
    ],
    targets: [
        // SDL2, SDL2_ttf, SDL2_image and fontconfig from Debian's -dev packages (scripts/setup.sh).
        // The shim includes <SDL2/…> from /usr/include, so no pkg-config flags are needed (SDL's
        // pkg-config adds -D_REENTRANT, which SwiftPM rejects with a warning on every build).
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libfontconfig-dev"])]
        ),
        // Xlib (libx11-dev, a dependency of libsdl2-dev) for one thing SDL 2 does not expose on X11:
        // the X server's `Xft.dpi` resource (X11Scale).
        .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev"])]),
        .target(name: "SwiftFlowCore"),
        .target(name: "SwiftFlow", dependencies: ["SwiftFlowCore"]),
        // A headless canvas driver for tests (the app's and ours): no SDL, no XCTest.
        .target(name: "SwiftFlowTesting", dependencies: ["SwiftFlow"]),
        // Shaders/: the GL backend's GLSL 330 core sources, copied as resources and read at run time.
        .target(name: "SwiftFlowShaders", dependencies: ["SwiftFlowCore"], path: "Shaders",
                resources: [.copy("canvas.vert"), .copy("canvas.frag"), .copy("shapes.glsl"), .copy("strokes.glsl"), .copy("text.glsl"),
                            .copy("triangles.vert"), .copy("triangles.frag")]),
        .target(name: "SwiftFlowSDL", dependencies: ["SwiftFlow", "CSDL2", "CX11", "SwiftFlowShaders"]),
        // assets/: sample flows (native and ComfyUI) and a sample picture, copied as resources.
        .target(name: "SwiftFlowAssets", dependencies: ["SwiftFlowCore"], path: "assets",
                resources: [.copy("sample-graph.json"), .copy("sample-workflow.json"), .copy("sample-img2img.json"), .copy("sample.png")]),
        .executableTarget(name: "swiftflow-stress", dependencies: ["SwiftFlowSDL"]),
        // Counts heap allocations by interposing malloc & co. (linked into the bench only).
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "swiftflow-bench", dependencies: ["SwiftFlow", "SwiftFlowSDL", "SwiftFlowTesting", "CAllocationCounter"]),
        // The demos gallery: a library (so that tests can run every demo) and its executable.
        .target(name: "SwiftFlowDemos", dependencies: ["SwiftFlowSDL", "SwiftFlowAssets"]),
        .executableTarget(name: "swiftflow-demo", dependencies: ["SwiftFlowDemos"]),
        // Fixtures/ holds hand-written React Flow files the tests read from the source tree.
        .testTarget(name: "SwiftFlowCoreTests", dependencies: ["SwiftFlowCore", "SwiftFlowAssets"], exclude: ["Fixtures"]),
        // Replays/ holds the interaction tests' input scripts (read from the source tree, #filePath-relative).
        .testTarget(name: "SwiftFlowTests", dependencies: ["SwiftFlow", "SwiftFlowTesting"], exclude: ["Replays"]),
        .testTarget(name: "SwiftFlowTestingTests", dependencies: ["SwiftFlowTesting"]),
        .testTarget(name: "SwiftFlowSDLTests", dependencies: ["SwiftFlowSDL", "SwiftFlowAssets"]),
        .testTarget(name: "SwiftFlowDemosTests", dependencies: ["SwiftFlowDemos"]),
        // Node views written as for SwiftUI (Examples/, `import SwiftFlow` only) and their tests.
        .testTarget(name: "SwiftFlowExamplesTests", dependencies: ["SwiftFlow", "SwiftFlowTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
