// The loopback model server as a program, for the tmux end-to-end tests and `make bench`:
//   loopback-model-server [BEHAVIOUR] [--models a,b] [--delay SECONDS]
// Prints "PORT" on the first line of standard output once listening on 127.0.0.1, then
// serves until standard input closes (so it never outlives the script that started it).
// BEHAVIOUR: normal slowFirstToken splitCharacter cutOff serverError dropMidStream
// escapeSequences malformed endless.
import Foundation
import TestSupport

var args = Array(CommandLine.arguments.dropFirst())
var behaviour = LoopbackModelServer.Behaviour.normal
var models = ["luna-test:latest"]
var delay: TimeInterval = 3
while let a = args.first {
    args.removeFirst()
    switch a {
    case "--models": models = (args.first ?? "").split(separator: ",").map(String.init); args = Array(args.dropFirst())
    case "--delay": delay = Double(args.first ?? "") ?? delay; args = Array(args.dropFirst())
    default:
        guard let b = LoopbackModelServer.Behaviour(rawValue: a) else {
            FileHandle.standardError.write(Data("unknown behaviour '\(a)'\n".utf8))
            exit(2)
        }
        behaviour = b
    }
}
let server = try LoopbackModelServer(behaviour: behaviour, models: models)
server.firstTokenDelay = delay
print(server.port)
fflush(stdout)
while let line = readLine() {
    // A line "BEHAVIOUR" switches behaviour while running.
    if let b = LoopbackModelServer.Behaviour(rawValue: line.trimmingCharacters(in: .whitespaces)) { server.behaviour = b }
}
server.stop()
