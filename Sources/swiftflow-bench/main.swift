// swift run -c release swiftflow-bench [--json FILE] [--filter NAME] [--smoke]
// Register workloads here: one per line, each source contributes a function returning a Workload.
if !runResidentProbe() {
    runBench([
        hitWorkload(),
        frameLocalWorkload(),
        frameOverviewWorkload(),
        dragWorkload(),
        corpusWorkload(),
        memoryWorkload(),
    ])
}
