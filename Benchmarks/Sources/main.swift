import Foundation
import LanternlyCore

// lanternly-bench: in-process measurements for `make bench`. Prints numbers; asserts nothing.
//   lanternly-bench                      the micro benchmarks
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

func report(_ name: String, _ value: Double, _ unit: String, budget: Double?) {
    let padded = name.padding(toLength: 58, withPad: " ", startingAt: 0)
    var line = padded + String(format: " %10.2f %@", value, unit)
    if let budget { line += String(format: "   (budget %g %@)  %@", budget, unit, value <= budget ? "ok" : "OVER") }
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

// CrisisDetector on a 500-character message (issue 7: median ≤ 50 µs).
CrisisDetector.warmUp()
let calm = String(repeating: "Today I walked by the river and thought about work, my sister and the long winter. ", count: 7).prefix(500)
let calmRu = String(repeating: "Сегодня гуляла у реки и думала о работе, о сестре и о длинной зиме. ", count: 8).prefix(500)
let calmJa = String(repeating: "今日は川沿いを散歩して、仕事のことや妹のこと、長い冬のことを考えた。", count: 16).prefix(500)
let calmDe = String(repeating: "Heute bin ich am Fluss spazieren gegangen und habe an die Arbeit gedacht. ", count: 8).prefix(500)
var sink = false
report("CrisisDetector, 500 chars English (no crisis)", medianNanos(inner: 2000) { sink = sink != CrisisDetector.isCrisis(String(calm)) } / 1000, "µs", budget: 50)
report("CrisisDetector, 500 chars Russian (no crisis)", medianNanos(inner: 2000) { sink = sink != CrisisDetector.isCrisis(String(calmRu)) } / 1000, "µs", budget: 50)
report("CrisisDetector, 500 chars Japanese (no crisis)", medianNanos(inner: 2000) { sink = sink != CrisisDetector.isCrisis(String(calmJa)) } / 1000, "µs", budget: 50)
report("CrisisDetector, 500 chars German (no crisis)", medianNanos(inner: 2000) { sink = sink != CrisisDetector.isCrisis(String(calmDe)) } / 1000, "µs", budget: 50)
let crisis = String(calm.prefix(470)) + " I want to die"
report("CrisisDetector, 500 chars ending in a crisis phrase", medianNanos(inner: 2000) { sink = sink != CrisisDetector.isCrisis(crisis) } / 1000, "µs", budget: 50)
runUIBenchmarks()
runLunaBenchmarks()
if sink { print("") }
