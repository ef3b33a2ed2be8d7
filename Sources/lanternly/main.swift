import Foundation

// Lanternly's command line. Exit codes: 0 success, 1 runtime error, 2 usage error.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
// A closed pipe (`lanternly list | head -1`) is seen as EPIPE, not a signal: Output ends quietly.
signal(SIGPIPE, SIG_IGN)
let code = CommandLineApp.run(Array(CommandLine.arguments.dropFirst()),
                              environment: ProcessInfo.processInfo.environment)
let written = Output.finish()
exit(code == 0 && !written ? 1 : code)
