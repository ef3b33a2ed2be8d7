import Foundation
import LanternlyCore

/// One labelled message.
struct Sample {
    var language: String
    var label: String
    var category: String
    var text: String
}

/// The part of the corpus a message belongs to, fixed once by a stable hash of its text:
/// FNV-1a 64 of the UTF-8 bytes, modulo 10 — 0–5 train, 6–7 dev, 8–9 test
/// (`Scripts/crisis_train.py` uses the same rule). The test part is never used for tuning.
func split(of text: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    switch h % 10 {
    case 0...5: return "train"
    case 6...7: return "dev"
    default: return "test"
    }
}

func readSamples(_ path: String) throws -> [Sample] {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    let fileLanguage = SafetyLanguage(rawValue: name)?.rawValue
    let text = try String(contentsOf: url, encoding: .utf8)
    var out: [Sample] = []
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
        let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, ["crisis", "concern", "none"].contains(parts[0]) else {
            FileHandle.standardError.write(Data("\(path):\(n + 1): not `label<TAB>category<TAB>text` with label crisis/concern/none; line skipped\n".utf8))
            continue
        }
        let t = String(parts[2])
        let language = fileLanguage ?? SafetyLanguage.detect(t, fallback: .english).rawValue
        out.append(Sample(language: language, label: String(parts[0]), category: String(parts[1]), text: t))
    }
    return out
}

struct Tally {
    var crisis = 0, crisisHit = 0
    var concern = 0, concernFlagged = 0, concernExact = 0
    var none = 0, noneClear = 0

    mutating func add(_ label: String, _ got: CrisisOutcome) {
        switch label {
        case "crisis":
            crisis += 1
            if got == .crisis { crisisHit += 1 }
        case "concern":
            concern += 1
            if got != .none { concernFlagged += 1 }
            if got == .concern { concernExact += 1 }
        default:
            none += 1
            if got == .none { noneClear += 1 }
        }
    }

    var recall: Double { crisis == 0 ? .nan : Double(crisisHit) / Double(crisis) }
    var concernRecall: Double { concern == 0 ? .nan : Double(concernFlagged) / Double(concern) }
    var specificity: Double { none == 0 ? .nan : Double(noneClear) / Double(none) }
}

func pct(_ x: Double) -> String { x.isNaN ? "    -" : String(format: "%5.1f", x * 100) }

func table(_ title: String, _ rows: [(String, Tally)]) {
    print("\n\(title)")
    print("                    crisis  recall | concern flagged exact | none  specificity")
    for (name, t) in rows {
        let n = name.padding(toLength: 18, withPad: " ", startingAt: 0)
        print(String(format: "  %@ %5d  %@%% | %5d  %@%% %@%% | %5d  %@%%", n, t.crisis, pct(t.recall), t.concern, pct(t.concernRecall),
                     pct(t.concern == 0 ? .nan : Double(t.concernExact) / Double(t.concern)), t.none, pct(t.specificity)))
    }
}

/// Prints the tables; returns 0 when the goals are met (recall and specificity ≥ 95% overall,
/// recall ≥ 90% in every language), 1 when not, 2 on bad input.
func runEvaluation(_ arguments: [String]) -> Int32 {
    var part = "test"
    var files: [String] = []
    var showMisses = true
    var i = 0
    while i < arguments.count {
        switch arguments[i] {
        case "--split":
            i += 1
            part = i < arguments.count ? arguments[i] : "test"
        case "--no-misses":
            showMisses = false
        default:
            files.append(arguments[i])
        }
        i += 1
    }
    if files.isEmpty {
        FileHandle.standardError.write(Data("crisis-eval: give corpus files, e.g. Eval/crisis/corpus/*.tsv\n".utf8))
        return 2
    }
    var samples: [Sample] = []
    for f in files {
        do {
            samples += try readSamples(f)
        } catch {
            FileHandle.standardError.write(Data("crisis-eval: cannot read \(f): \(error.localizedDescription)\n".utf8))
            return 2
        }
    }
    if part != "all" { samples = samples.filter { split(of: $0.text) == part } }
    var byLanguage: [String: Tally] = [:]
    var byCategory: [String: Tally] = [:]
    var overall = Tally()
    var misses: [(Sample, CrisisOutcome)] = []
    for s in samples {
        let got = CrisisDetector.assess(s.text)
        overall.add(s.label, got)
        byLanguage[s.language, default: Tally()].add(s.label, got)
        byCategory[s.category, default: Tally()].add(s.label, got)
        let ok = s.label == "crisis" ? got == .crisis : s.label == "concern" ? got != .none : got == .none
        if !ok { misses.append((s, got)) }
    }
    print("Crisis detector on \(samples.count) messages (\(part) part of \(files.count) file(s))")
    let order = SafetyLanguage.allCases.map(\.rawValue)
    table("By language", byLanguage.sorted { (order.firstIndex(of: $0.key) ?? 99, $0.key) < (order.firstIndex(of: $1.key) ?? 99, $1.key) })
    table("By category", byCategory.sorted { $0.key < $1.key })
    table("Overall", [("all", overall)])
    if showMisses {
        print("\nMisses (language, expected/category, got, text):")
        for (s, got) in misses {
            print("  \(s.language)\t\(s.label)/\(s.category)\t\(got.rawValue)\t\(s.text)")
        }
    }
    let languagesOK = byLanguage.values.allSatisfy { $0.crisis == 0 || $0.recall >= 0.90 }
    let met = overall.recall >= 0.95 && overall.specificity >= 0.95 && languagesOK
    print("\nGoal (recall ≥ 95%, specificity ≥ 95%, recall ≥ 90% per language): \(met ? "met" : "NOT met")")
    return met ? 0 : 1
}
