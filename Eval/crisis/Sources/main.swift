import Foundation
import LanternlyCore

// crisis-eval: the crisis detector against labelled messages (`make eval`).
//   crisis-eval score            stdin: one message a line → outcome, scores, folded text (TSV)
//   crisis-eval [--split test|dev|train|all] FILE…   recall/specificity tables and the misses
// Files: `label<TAB>category<TAB>text` (Eval/crisis/CORPUS.md); `#` lines are comments.

let args = Array(CommandLine.arguments.dropFirst())
if args.first == "score" {
    while let line = readLine(strippingNewline: true) {
        let a = CrisisDetector.analyse(line)
        print([a.outcome.rawValue, String(a.lexicalSelf), String(a.lexicalOther), a.category ?? "-",
               String(a.classifierCrisis), String(a.classifierConcern), a.folded,
               String(a.plainSelf), String(a.plainOther)].joined(separator: "\t"))
    }
    exit(0)
}
if args.first == "language" {
    // stdin: one message a line → the detected SafetyLanguage code.
    while let line = readLine(strippingNewline: true) { print(SafetyLanguage.detect(line, fallback: .english).rawValue) }
    exit(0)
}
exit(runEvaluation(args))
