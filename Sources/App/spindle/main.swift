import AppCommandLine

// The app without the library: the embedded catalog, small and quick to start. Commands that
// need the library are handed to spindle-full (docs/performance.md, "Two binaries").
SpindleCommand.launch()
