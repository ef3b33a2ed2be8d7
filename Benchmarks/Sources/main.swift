import Foundation
import LanternlyCore

// lanternly-bench: in-process measurements for `make bench`. Prints numbers; asserts nothing.
//   lanternly-bench                      the micro benchmarks
//   lanternly-bench crisis               only the crisis detector's
//   lanternly-bench make-journal N HOME  fills HOME's journal with N generated entries
//   lanternly-bench living HOME          issue 12's store calls on HOME's journal

func nanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of the whole process (all threads), in nanoseconds: on a shared, busy machine it
/// tells the work done from the time spent waiting for a core (`clock_gettime`, CLOCK_PROCESS_CPUTIME_ID).
func cpuNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median of `runs` timings of `body`, each repeated `inner` times, in nanoseconds per call.
func medianNanos(runs: Int = 21, inner: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let t0 = nanos()
        for _ in 0..<inner { body() }
        samples.append(Double(nanos() - t0) / Double(inner))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// CPU time of the calling thread (ns).
func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func report(_ name: String, _ value: Double, _ unit: String, budget: Double?, note: String? = nil) {
    let padded = name.padding(toLength: 58, withPad: " ", startingAt: 0)
    var line = padded + String(format: " %10.2f %@", value, unit)
    if let budget { line += String(format: "   (budget %g %@)  %@", budget, unit, value <= budget ? "ok" : "OVER") }
    if let note { line += "  [" + note + "]" }
    print(line)
    fflush(stdout)
}

let args = CommandLine.arguments
if args.count >= 2, args[1] == "crisis-load" {
    // A fresh process: how long loading the crisis lexicon and weights takes (ms).
    let t0 = nanos()
    CrisisDetector.warmUp()
    print(String(format: "%.3f", Double(nanos() - t0) / 1e6))
    exit(0)
}
if args.count >= 3, args[1] == "living" {
    exit(livingBench(home: args[2]))
}
if args.count >= 2, args[1] == "luna" {
    // Issue 10's part alone (`lanternly-bench luna`).
    CrisisDetector.warmUp()
    runLunaBenchmarks()
    exit(0)
}
if args.count >= 4, args[1] == "make-journal" {
    exit(makeJournal(count: Int(args[2]) ?? 10_000, home: args[3]))
}

// CrisisDetector on a 500-character message (issue 7: median ≤ 50 µs), in every script the
// detector reads differently: Latin, Cyrillic, CJK, Russian typed in Latin letters (read again
// as Cyrillic), fullwidth letters (NFKC first).
func crisisBenchmarks() {
    CrisisDetector.warmUp()
    func text(_ sentence: String, _ n: Int = 500) -> String { String(String(repeating: sentence, count: n / sentence.count + 1).prefix(n)) }
    let calm = text("Today I walked by the river and thought about work, my sister and the long winter. ")
    let fullwidth = String(String.UnicodeScalarView(calm.unicodeScalars.map { s in
        s == " " ? "\u{3000}" : s.value > 0x20 && s.value < 0x7F ? Unicode.Scalar(s.value + 0xFEE0)! : s
    }))
    let samples: [(String, String)] = [
        ("English", calm),
        ("Russian", text("Сегодня гуляла у реки и думала о работе, о сестре и о длинной зиме. ")),
        ("Russian in Latin letters", text("Segodnya gulyala u reki i dumala o rabote, o sestre i o dlinnoy zime. ")),
        ("German", text("Heute bin ich am Fluss spazieren gegangen und habe an die Arbeit gedacht. ")),
        ("Japanese", text("今日は川沿いを散歩して、仕事のことや妹のこと、長い冬のことを考えた。")),
        ("fullwidth English", fullwidth),
    ]
    let crisis = String(calm.prefix(470)) + " I want to die"
    var sink = false
    // Wall time (the budget) and this thread's CPU time beside it: on a busy machine the wall
    // time grows with the other processes, the CPU time much less.
    for (name, sample) in samples + [("ending in a crisis phrase", crisis)] {
        var cpu: [Double] = []
        let wall = medianNanos(inner: 1000) {
            let c0 = threadCPUNanos()
            sink = sink != CrisisDetector.isCrisis(sample)
            cpu.append(Double(threadCPUNanos() - c0))
        }
        cpu.sort()
        report("CrisisDetector, 500 chars, \(name)", wall / 1000, "µs", budget: 50,
               note: String(format: "CPU %.1f µs", cpu[cpu.count / 2] / 1000))
    }
    if sink { print("") }
}

if args.count >= 2, args[1] == "crisis" {  // lanternly-bench crisis: only these
    crisisBenchmarks()
    exit(0)
}
crisisBenchmarks()
runUIBenchmarks()
runLunaBenchmarks()
