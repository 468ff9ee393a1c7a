// swift run -c release swiftflow-bench [--json FILE] [--filter NAME] [--smoke]
// Register workloads here: one per line, each source contributes a Workload or [Workload].
if !runResidentProbe() {
    runBench([
        hitWorkload(),
        frameLocalWorkload(),
        frameOverviewWorkload(),
        dragWorkload(),
        layoutWorkload(),
        corpusWorkload(),
        memoryWorkload(),
        loadWorkload(),
    ]
    + componentWorkloads()
    + editingWorkloads()
    + controlWorkloads()
    + [userPathWorkload()]
    + renderBackendWorkloads())
}
