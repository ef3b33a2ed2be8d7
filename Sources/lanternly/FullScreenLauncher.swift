import Foundation
import LanternlyCore

/// Opens the full-screen app, or the plain line mode when the terminal cannot draw it.
enum FullScreenLauncher {
    static func run(context: Context) throws -> Int32 {
        try ChatCommand.runPlain(context, reason: "(the full-screen app is not built yet: line mode)")
    }
}
