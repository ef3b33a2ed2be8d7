import Foundation

// Lanternly's command line. Exit codes: 0 success, 1 runtime error, 2 usage error.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let code = CommandLineApp.run(Array(CommandLine.arguments.dropFirst()),
                              environment: ProcessInfo.processInfo.environment)
fflush(stdout)
exit(code)
