import PackagePlugin

/// Embeds `Resources/Localizable.xcstrings` into the target as Swift source at build time,
/// so the catalog stays the one source of truth and the app parses no JSON at start-up.
@main
struct EmbedStringCatalog: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "embed-strings")
        let input = context.package.directory.appending(["Resources", "Localizable.xcstrings"])
        let output = context.pluginWorkDirectory.appending(["EmbeddedStringCatalog.swift"])
        return [.buildCommand(displayName: "Embedding the string catalog",
                              executable: tool.path, arguments: [input.string, output.string],
                              inputFiles: [input], outputFiles: [output])]
    }
}
