import Foundation

/// Render + paint and session memory (issue 3). Filled in when the TUI lands.
func runUIBenchmarks() {}
