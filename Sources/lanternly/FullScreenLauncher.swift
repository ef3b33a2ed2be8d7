import Foundation
import LanternlyApp
import LanternlyCore

/// Opens the full-screen app, or the plain line mode when the terminal cannot draw it
/// (not a terminal, `TERM` unset, empty, `dumb` or unknown), with one line saying why.
enum FullScreenLauncher {
    static func run(context: Context) throws -> Int32 {
        if let why = fullScreenUnavailableReason(environment: context.environment, language: context.language,
                                                 catalog: context.catalog) {
            return try ChatCommand.runPlain(context, reason: why)
        }
        // A bad profile is reported here, before curses starts.
        _ = try context.loadProfile()
        let dependencies = try LiveDependencies.make(context: context)
        let code = runFullScreen(dependencies: dependencies,
                                 initialState: AppState(language: context.language, settings: context.settings))
        if code == fullScreenUnavailableExitCode {
            return try ChatCommand.runPlain(context, reason: context.catalog.string("ui.fallback.startFailed", context.language))
        }
        return code
    }
}
