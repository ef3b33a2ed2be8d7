import Foundation
import JournalStore
import LanternlyCore

/// `lanternly completions bash|zsh|fish` and `lanternly man`: completion scripts and the
/// manual page lanternly(1), made from the same command table and help texts as `--help`
/// (so they cannot drift apart). `make install` installs all of them.
enum ShellIntegration {
    static let all: [Command] = [completions, manual]

    static let completions = Command(
        name: "completions",
        run: { args, context in
            let words = try args.positionals()
            guard words.count == 1, let shell = Shell(rawValue: words[0]) else {
                throw CLIError.usage(context.text("cli.completions.which"))
            }
            Output.write(script(for: shell, context.catalog, context.language))
            return 0
        })

    static let manual = Command(
        name: "man",
        run: { args, context in
            try args.finish()
            Output.write(manPage(context.catalog, context.language))
            return 0
        })

    enum Shell: String, CaseIterable { case bash, zsh, fish }

    /// The options a command takes, read from its usage text (`--date`, `-n`…), in order.
    static func options(_ command: Command, _ catalog: StringCatalog) -> [String] {
        let help = command.help(catalog, .english)
        let usage = help.components(separatedBy: "\n\n").first ?? help
        var found: [String] = []
        let pattern = try! NSRegularExpression(pattern: "(?<![\\w-])(--[a-z][a-z-]*|-[a-z])(?![\\w-])")
        let range = NSRange(usage.startIndex..., in: usage)
        for m in pattern.matches(in: usage, range: range) {
            let o = String(usage[Range(m.range(at: 1), in: usage)!])
            if !found.contains(o) { found.append(o) }
        }
        return found + ["--help"]
    }

    static let globalOptions = ["--home", "--profile", "--lang", "--version", "--help"]

    /// The words an option takes as its value, where there is a fixed set: the shipped
    /// profiles' names, the UI languages, the export and import formats, the daily
    /// question's paths, and the date words (``DateExpression``; any ISO date works too).
    static func optionValues(_ option: String, command: String) -> [String] {
        switch (option, command) {
        case ("--profile", _): return HardwareProfile.shippedNames
        case ("--lang", _): return AppLanguage.allCases.map(\.rawValue)
        case ("--format", _): return ExportFormat.allCases.map(\.rawValue)
        case ("--from", "import"): return ["jrnl"]
        case ("--path", _): return LifePath.allCases.map(\.rawValue)
        case ("--date", "question"): return []
        case ("--date", _), ("--from", _), ("--to", _), ("--on", _):
            return ["today", "yesterday", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday",
                    "saturday", "sunday", "сегодня", "вчера", "позавчера", "завтра"]
        default: return []
        }
    }

    /// Values some commands take as their first word.
    static func values(_ name: String) -> [String] {
        switch name {
        case "completions": return Shell.allCases.map(\.rawValue)
        case "profile": return ["show", "list", "use", "set"]
        case "settings": return ["show", "set"]
        case "history": return ["erase"]
        default: return []
        }
    }

    static func script(for shell: Shell, _ catalog: StringCatalog, _ language: AppLanguage) -> String {
        let commands = CommandLineApp.commands
        switch shell {
        case .bash:
            var cases = ""
            for c in commands {
                let words = (values(c.name) + options(c, catalog)).joined(separator: " ")
                cases += "        \(c.name)) opts=\"\(words)\" ;;\n"
            }
            // An option's value: fixed words per option (and command), files where a path goes.
            var valueCases = ""
            let valued = Set(commands.flatMap { c in options(c, catalog).filter { !optionValues($0, command: c.name).isEmpty } })
                .union(["--profile", "--lang"]).sorted()
            for o in valued {
                var inner = ""
                for c in commands where options(c, catalog).contains(o) || o == "--profile" || o == "--lang" {
                    let v = optionValues(o, command: c.name)
                    if !v.isEmpty { inner += "                \(c.name)) opts=\"\(v.joined(separator: " "))\" ;;\n" }
                }
                inner += "                *) opts=\"\(optionValues(o, command: "").joined(separator: " "))\" ;;\n"
                valueCases += "        \(o))\n            case \"$cmd\" in\n\(inner)            esac ;;\n"
            }
            // `settings set KEY VALUE`: the keys, then the values that key takes.
            var settingCases = ""
            for key in SettingsCommand.keys {
                settingCases += "                \(key)) opts=\"\(SettingsCommand.completionValues(key).joined(separator: " "))\" ;;\n"
            }
            return """
                # bash completion for lanternly (made by `lanternly completions bash`)
                _lanternly() {
                    local cur prev cmd at i opts
                    cur="${COMP_WORDS[COMP_CWORD]}"
                    prev="${COMP_WORDS[COMP_CWORD-1]}"
                    cmd=""; at=0
                    for ((i = 1; i < COMP_CWORD; i++)); do
                        case "${COMP_WORDS[i]}" in
                            --home|--profile|--lang) ((i++)) ;;
                            -*) ;;
                            *) cmd="${COMP_WORDS[i]}"; at=$i; break ;;
                        esac
                    done
                    opts=""
                    case "$prev" in
                \(valueCases)        --home|--output) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                        *) opts="-" ;;
                    esac
                    if [ "$opts" != "-" ]; then
                        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                        # A profile may also be a file of one's own.
                        [ "$prev" = --profile ] && COMPREPLY+=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -S / -- "$cur"))
                        return
                    fi
                    if [ "$cmd" = settings ] && [ "${COMP_WORDS[at+1]}" = set ] && ((COMP_CWORD == at + 2)); then
                        COMPREPLY=($(compgen -W "\(SettingsCommand.keys.joined(separator: " "))" -- "$cur")); return
                    fi
                    if [ "$cmd" = settings ] && [ "${COMP_WORDS[at+1]}" = set ] && ((COMP_CWORD == at + 3)); then
                        case "${COMP_WORDS[at+2]}" in
                \(settingCases)                *) opts="" ;;
                        esac
                        COMPREPLY=($(compgen -W "$opts" -- "$cur")); return
                    fi
                    if [ "$cmd" = profile ] && [ "${COMP_WORDS[at+1]}" = use ] && ((COMP_CWORD == at + 2)); then
                        COMPREPLY=($(compgen -W "\(HardwareProfile.shippedNames.joined(separator: " "))" -- "$cur") $(compgen -f -X '!*.json' -- "$cur"))
                        return
                    fi
                    case "$cmd" in
                        "") opts="\(commands.map(\.name).joined(separator: " ")) \(globalOptions.joined(separator: " "))" ;;
                \(cases)        *) opts="" ;;
                    esac
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                }
                complete -o default -o bashdefault -F _lanternly lanternly

                """
        case .zsh:
            func quoted(_ s: String) -> String {
                "'" + s.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:") + "'"
            }
            let described = commands.map { "    " + quoted($0.name + ":" + $0.summary(catalog, language)) }.joined(separator: "\n")
            var cases = ""
            for c in commands {
                cases += "    \(c.name)) opts=(\((values(c.name) + options(c, catalog)).joined(separator: " "))) ;;\n"
            }
            // An option's value (as in bash: per command where it differs), and `settings set KEY VALUE`.
            var valueCases = ""
            for o in ["--profile", "--lang", "--format", "--from", "--path", "--date", "--to", "--on"] {
                var inner = ""
                for c in commands {
                    let v = optionValues(o, command: c.name)
                    if v != optionValues(o, command: "") { inner += "        \(c.name)) opts=(\(v.joined(separator: " "))) ;;\n" }
                }
                inner += "        *) opts=(\(optionValues(o, command: "").joined(separator: " "))) ;;\n"
                valueCases += "    \(o))\n      case ${words[2]} in\n\(inner)      esac\n      compadd -- $opts\n\(o == "--profile" ? "      _files -g '*.json'\n" : "")      return ;;\n"
            }
            var settingCases = ""
            for key in SettingsCommand.keys {
                settingCases += "      \(key)) compadd -- \(SettingsCommand.completionValues(key).joined(separator: " ")) ;;\n"
            }
            return """
                #compdef lanternly
                # zsh completion for lanternly (made by `lanternly completions zsh`)
                _lanternly() {
                  local -a commands opts
                  commands=(
                \(described)
                  )
                  if (( CURRENT == 2 )); then
                    _describe -t commands 'lanternly command' commands
                    compadd -- \(globalOptions.joined(separator: " "))
                    return
                  fi
                  case ${words[CURRENT-1]} in
                \(valueCases)  esac
                  if [[ ${words[2]} == settings && ${words[3]} == set ]]; then
                    if (( CURRENT == 4 )); then compadd -- \(SettingsCommand.keys.joined(separator: " ")); return; fi
                    if (( CURRENT == 5 )); then
                      case ${words[4]} in
                \(settingCases)      esac
                      return
                    fi
                  fi
                  case ${words[2]} in
                \(cases)    *) opts=() ;;
                  esac
                  compadd -- $opts
                  _files
                }
                _lanternly "$@"

                """
        case .fish:
            func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
            var lines = ["# fish completion for lanternly (made by `lanternly completions fish`)", "complete -c lanternly -f"]
            for o in globalOptions {
                let v = optionValues(o, command: "")
                let takes = v.isEmpty ? "" : " -ra " + quoted(v.joined(separator: " "))
                lines.append("complete -c lanternly -n __fish_use_subcommand -l \(o.dropFirst(2))\(takes)")
            }
            // settings set KEY VALUE: the keys after `set`, then each key's values.
            let afterSet = quoted("__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set")
            lines.append("complete -c lanternly -n \(afterSet) -a \(quoted(SettingsCommand.keys.joined(separator: " ")))")
            for key in SettingsCommand.keys {
                let cond = quoted("__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from \(key)")
                lines.append("complete -c lanternly -n \(cond) -a \(quoted(SettingsCommand.completionValues(key).joined(separator: " ")))")
            }
            for c in commands {
                lines.append("complete -c lanternly -n __fish_use_subcommand -a \(c.name) -d \(quoted(c.summary(catalog, language)))")
                let cond = quoted("__fish_seen_subcommand_from \(c.name)")
                let vals = values(c.name)
                if !vals.isEmpty { lines.append("complete -c lanternly -n \(cond) -a \(quoted(vals.joined(separator: " ")))") }
                for o in options(c, catalog) {
                    let v = optionValues(o, command: c.name)
                    let takes = v.isEmpty ? "" : " -xa " + quoted(v.joined(separator: " "))
                    lines.append(o.hasPrefix("--") ? "complete -c lanternly -n \(cond) -l \(o.dropFirst(2))\(takes)"
                                                   : "complete -c lanternly -n \(cond) -s \(o.dropFirst())\(takes)")
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// lanternly(1) in roff: the general help, then every command's full help, verbatim.
    static func manPage(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\e").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
        }
        var out = """
            .TH LANTERNLY 1 "" "lanternly \(CommandLineApp.version)" "\(catalog.string("cli.man.section", language))"
            .SH \(catalog.string("cli.man.name", language))
            lanternly \\- \(escape(catalog.string("cli.man.oneLine", language)))
            .SH \(catalog.string("cli.man.description", language))
            .nf
            \(escape(CommandLineApp.generalHelp(catalog, language)))
            .fi
            .SH \(catalog.string("cli.man.commands", language))

            """
        for c in CommandLineApp.commands {
            out += ".SS \(c.name)\n.nf\n\(escape(c.help(catalog, language)))\n.fi\n"
        }
        out += ".SH \(catalog.string("cli.man.files", language))\n.nf\n\(escape(catalog.string("cli.man.filesText", language)))\n.fi\n"
        return out
    }
}
