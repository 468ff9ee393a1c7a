// swift run -c release swiftflow-bench [--json] [--filter NAME]
// Register workloads here: each source contributes a function returning [Workload].
runBench(spatialHashWorkloads() + canvasWorkloads() + componentWorkloads() + editingWorkloads() + renderBackendWorkloads())
