import Foundation
import LanternlyResources

/// The crisis lexicon: word forms by category of the Columbia Suicide Severity Rating Scale
/// (C-SSRS: passive wish to be dead, active ideation, method, intent, plan, preparatory
/// behaviour, attempt; plus self-injury, burden, hopelessness with death, farewell,
/// euphemism), for all 18 ``SafetyLanguage``s, with the softeners and idioms of each.
///
/// Loaded once from `Resources/crisis-lexicon.txt`, which `Scripts/crisis_lexicon.py` builds
/// from the hand-written sources in `Scripts/crisis-lexicon/` (Russian and Ukrainian word
/// forms generated with pymorphy3's dictionaries). File format: see the script.
final class CrisisLexicon: @unchecked Sendable {
    /// What a term is for.
    enum Kind: UInt8 { case cue, negation, firstPerson, otherPerson, media, past }

    struct Term {
        var language: Int16
        var kind: Kind
        /// Hashes of words that soften this term when they follow it ("live *in this city*").
        var softNext: Set<UInt64>
    }

    struct Rule {
        var category: Int16
        var language: Int16
        var weight: Float
        var elements: [Int32]
        var compact: Bool
    }

    struct CompactForm {
        var scalars: [UInt32]
        /// A term index, or `-1` for an idiom.
        var term: Int32
    }

    var fold = FoldTable()
    var languages: [String] = []
    var categories: [String] = []
    var terms: [Term] = []
    var rules: [Rule] = []
    var rulesByTerm: [[Int32]] = []
    /// Special terms per language: negation, first person, other person, media, past.
    var special: [[Int32]] = []
    /// Whole-word form hash → term (≥ 0) or `-(overflow index) - 1`.
    var forms: [UInt64: Int32] = [:]
    var stems: [UInt64: Int32] = [:]
    var overflow: [[Int32]] = []
    /// `stemLength[n]`: some stem has `n` letters.
    var stemLength = [Bool](repeating: false, count: 33)
    var longestForm = 1
    /// First scalar → compact forms (CJK character sequences) starting with it.
    var compactForms: [UInt32: [CompactForm]] = [:]
    /// First word hash → multi-word forms (`tự_tử`, `für_immer`) starting with it: word hashes and term.
    var phrases: [UInt64: [(words: [UInt64], term: Int32)]] = [:]
    /// First word hash → idioms starting with it: per word, the hashes of its forms.
    var idioms: [UInt64: [[[UInt64]]]] = [:]
    var followupCategory: Int16 = -1
    /// Per language: its family (languages that share words or letters and are easily taken
    /// for one another: Danish/Norwegian/Swedish, Spanish/Portuguese/Italian/French,
    /// German/Dutch, Russian/Ukrainian, Chinese/Japanese).
    var family: [Int] = []
    static let families: [String: Int] = ["en": 0, "ru": 1, "uk": 1, "de": 2, "nl": 2, "es": 3, "pt": 3, "it": 3, "fr": 3,
                                          "da": 4, "nb": 4, "sv": 4, "ja": 5, "zh-Hans": 5, "zh-Hant": 5, "ko": 6, "tr": 7, "vi": 8]

    static let kinds: [String: Kind] = ["neg": .negation, "first": .firstPerson, "other": .otherPerson, "media": .media, "past": .past]

    /// The shipped lexicon; an empty one (no rules) when the file is missing, in which case
    /// ``CrisisDetector`` falls back on its built-in words.
    static let shipped: CrisisLexicon = {
        if let data = try? Data(contentsOf: ShippedResources.url("crisis-lexicon.txt")), let lex = try? CrisisLexicon(data: data) {
            return lex
        }
        return CrisisLexicon()
    }()

    init() {}

    struct FormatError: Error, CustomStringConvertible {
        var line: Int
        var description: String { "crisis-lexicon.txt line \(line) is not valid; run python3 Scripts/crisis_lexicon.py again" }
    }

    /// Reads the lexicon file.
    ///
    /// - Throws: ``FormatError`` naming the line when the file is malformed.
    init(data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        var language: Int16 = -1
        var termByName: [Substring: Int32] = [:]
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            guard let tag = line.first, tag != "#" else { continue }
            let fields = line.split(separator: " ")
            switch tag {
            case "F":
                guard fields.count >= 2, let v = UInt32(fields[1], radix: 16) else { throw FormatError(line: lineNumber) }
                fold.set(v, fields.dropFirst(2).compactMap { UInt32($0, radix: 16) })
            case "L":
                guard fields.count == 2 else { throw FormatError(line: lineNumber) }
                languages.append(String(fields[1]))
                family.append(Self.families[String(fields[1])] ?? 100 + languages.count)
                special.append([])
                language = Int16(languages.count - 1)
                termByName = [:]
            case "T", "S":
                guard fields.count >= 2, language >= 0 else { throw FormatError(line: lineNumber) }
                let kind: Kind = tag == "T" ? .cue : (Self.kinds[String(fields[1])] ?? .cue)
                let id = Int32(terms.count)
                terms.append(Term(language: language, kind: kind, softNext: []))
                rulesByTerm.append([])
                if tag == "T" { termByName[fields[1]] = id } else { special[Int(language)].append(id) }
                for form in fields.dropFirst(2) { add(form, term: id) }
            case "N":
                guard fields.count >= 2, let id = termByName[fields[1]] else { throw FormatError(line: lineNumber) }
                for form in fields.dropFirst(2) { terms[Int(id)].softNext.insert(Self.hash(form.unicodeScalars)) }
            case "I":
                let words = fields.dropFirst()
                guard let first = words.first else { throw FormatError(line: lineNumber) }
                if words.count == 1, let s = first.unicodeScalars.first, SafetyText.isCompact(s.value) {
                    for form in first.split(separator: "|") {
                        compactForms[form.unicodeScalars.first!.value, default: []]
                            .append(CompactForm(scalars: form.unicodeScalars.map(\.value), term: -1))
                    }
                } else {
                    let idiom = words.map { $0.split(separator: "|").map { Self.hash($0.unicodeScalars) } }
                    for h in idiom[0] { idioms[h, default: []].append(idiom) }
                }
            case "R":
                guard fields.count >= 4, let weight = Float(fields[2]), language >= 0 else { throw FormatError(line: lineNumber) }
                let name = String(fields[1])
                var category = Int16(categories.firstIndex(of: name) ?? -1)
                if category < 0 {
                    categories.append(name)
                    category = Int16(categories.count - 1)
                }
                if name == "followup" { followupCategory = category }
                var elements: [Int32] = []
                for e in fields.dropFirst(3) {
                    guard let id = termByName[e] else { throw FormatError(line: lineNumber) }
                    elements.append(id)
                }
                let compact = fields.dropFirst(3).allSatisfy { name in
                    termByName[name].map { id in compactTerms.contains(id) } ?? false
                }
                let r = Int32(rules.count)
                rules.append(Rule(category: category, language: language, weight: weight, elements: elements, compact: compact))
                for e in Set(elements) { rulesByTerm[Int(e)].append(r) }
            default:
                throw FormatError(line: lineNumber)
            }
        }
    }

    /// Terms that have compact (CJK) forms.
    private var compactTerms = Set<Int32>()

    private func add(_ form: Substring, term: Int32) {
        guard let first = form.unicodeScalars.first else { return }
        if SafetyText.isCompact(first.value) {
            compactForms[first.value, default: []].append(CompactForm(scalars: form.unicodeScalars.map(\.value), term: term))
            compactTerms.insert(term)
            return
        }
        if form.contains("_") {
            let words = form.split(separator: "_").map { Self.hash($0.unicodeScalars) }
            guard let first = words.first else { return }
            phrases[first, default: []].append((words, term))
            return
        }
        if form.hasSuffix("*") {
            let stem = form.dropLast()
            let n = stem.unicodeScalars.count
            guard n > 0, n < stemLength.count else { return }
            stemLength[n] = true
            insert(Self.hash(stem.unicodeScalars), term, into: &stems)
        } else {
            longestForm = max(longestForm, form.unicodeScalars.count)
            insert(Self.hash(form.unicodeScalars), term, into: &forms)
        }
    }

    private func insert(_ h: UInt64, _ term: Int32, into table: inout [UInt64: Int32]) {
        guard let old = table[h] else {
            table[h] = term
            return
        }
        if old >= 0 {
            if old == term { return }
            overflow.append([old, term])
            table[h] = -Int32(overflow.count)
        } else if !overflow[Int(-old - 1)].contains(term) {
            overflow[Int(-old - 1)].append(term)
        }
    }

    /// Calls `body` with every term of table entry `e`.
    @inline(__always) func forEachTerm(_ e: Int32, _ body: (Int32) -> Void) {
        if e >= 0 { body(e) } else { for t in overflow[Int(-e - 1)] { body(t) } }
    }

    // MARK: Hashing (FNV-1a, 64 bits, over Unicode scalar values)

    static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let fnvPrime: UInt64 = 0x100_0000_01b3

    static func hash<S: Sequence>(_ scalars: S) -> UInt64 where S.Element == Unicode.Scalar {
        var h = fnvOffset
        for s in scalars { h = (h ^ UInt64(s.value)) &* fnvPrime }
        return h
    }

    @inline(__always) static func hash(_ buffer: ArraySlice<UInt32>) -> UInt64 {
        var h = fnvOffset
        for v in buffer { h = (h ^ UInt64(v)) &* fnvPrime }
        return h
    }
}
