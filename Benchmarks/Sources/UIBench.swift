import Foundation
import LanternlyApp
import LanternlyCore
import NcursesBackend
import TerminalUI

/// Render + paint of a full 200×60 chat screen with mixed scripts (issue 3: 2 ms), through
/// real ncurses drawing into `/dev/null` (`newterm`, `TERM=xterm-256color`).
func runUIBenchmarks() {
    setlocale(LC_ALL, "C.UTF-8")
    guard let catalog = try? StringCatalog.shipped() else {
        print("render bench skipped: the string catalog could not be read")
        return
    }
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal(headlessWidth: 200, height: 60)
    } catch {
        print("render bench skipped: ncurses could not start headless (\(error))")
        return
    }
    defer { terminal.close() }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let full = UIBenchmark.renderAndPaint(iterations: 201, catalog: catalog) { frame in
        terminal.resetDiff()
        terminal.paint(frame)
    }
    let typing = UIBenchmark.renderAndPaint(iterations: 201, catalog: catalog) { terminal.paint($0) }
    let renderOnly = UIBenchmark.renderAndPaint(iterations: 201, catalog: catalog) { _ in }
    report("render + paint, 200x60 chat, 1,000 messages (every cell)", median(full) * 1000, "ms", budget: 2)
    report("render + paint, 200x60 chat, one keystroke (diff)", median(typing) * 1000, "ms", budget: 2)
    report("render only, 200x60 chat, 1,000 messages", median(renderOnly) * 1000, "ms", budget: nil)
}
