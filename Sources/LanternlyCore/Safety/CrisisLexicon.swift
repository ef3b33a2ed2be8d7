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
        var language: Int16 = -1
        var termByName: [String: Int32] = [:]
        var lineNumber = 0
        let bytes = [UInt8](data)
        let n = bytes.count
        forms.reserveCapacity(n / 24)
        var start = 0
        while start < n {
            var end = start
            while end < n && bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            lineNumber += 1
            if end == start || bytes[start] == 0x23 { continue }
            let tag = bytes[start]
            // The bulk of the file (folds, word forms) is read straight from the bytes; the
            // rest through Strings.
            if tag == 0x46 {  // F hex hex…
                var values: [UInt32] = []
                values.reserveCapacity(3)
                var k = start + 1
                while k < end {
                    while k < end && bytes[k] == 0x20 { k += 1 }
                    if k >= end { break }
                    var v: UInt32 = 0
                    while k < end && bytes[k] != 0x20 {
                        let c = bytes[k]
                        let d: UInt32 = c >= 0x30 && c <= 0x39 ? UInt32(c - 0x30) : c >= 0x41 && c <= 0x46 ? UInt32(c - 0x41 + 10) : 99
                        if d == 99 { throw FormatError(line: lineNumber) }
                        v = v << 4 | d
                        k += 1
                    }
                    values.append(v)
                }
                guard let first = values.first else { throw FormatError(line: lineNumber) }
                fold.set(first, Array(values.dropFirst()))
                continue
            }
            if tag == 0x54 || tag == 0x53 {  // T name forms… / S kind forms…
                guard language >= 0, end > start + 2 else { throw FormatError(line: lineNumber) }
                var k = start + 2
                let nameStart = k
                while k < end && bytes[k] != 0x20 { k += 1 }
                let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
                let kind: Kind = tag == 0x54 ? .cue : (Self.kinds[name] ?? .cue)
                let id = Int32(terms.count)
                terms.append(Term(language: language, kind: kind, softNext: []))
                rulesByTerm.append([])
                if tag == 0x54 { termByName[name] = id } else { special[Int(language)].append(id) }
                while k < end {
                    while k < end && bytes[k] == 0x20 { k += 1 }
                    if k >= end { break }
                    let formStart = k
                    var simple = bytes[k] < 0xE1
                    while k < end && bytes[k] != 0x20 {
                        if bytes[k] == 0x5F || bytes[k] == 0x2A { simple = false }
                        k += 1
                    }
                    if simple {
                        // A whole-word form: hash its scalars as the matcher does.
                        var h = Self.fnvOffset
                        var count = 0
                        var p = formStart
                        while p < k {
                            let b0 = UInt32(bytes[p])
                            var v: UInt32
                            if b0 < 0x80 { v = b0; p += 1 }
                            else if b0 < 0xE0 { v = (b0 & 0x1F) << 6 | UInt32(bytes[p + 1] & 0x3F); p += 2 }
                            else if b0 < 0xF0 { v = (b0 & 0x0F) << 12 | UInt32(bytes[p + 1] & 0x3F) << 6 | UInt32(bytes[p + 2] & 0x3F); p += 3 }
                            else { v = (b0 & 0x07) << 18 | UInt32(bytes[p + 1] & 0x3F) << 12 | UInt32(bytes[p + 2] & 0x3F) << 6 | UInt32(bytes[p + 3] & 0x3F); p += 4 }
                            h = (h ^ UInt64(v)) &* Self.fnvPrime
                            count += 1
                        }
                        longestForm = max(longestForm, count)
                        insert(h, id, into: &forms)
                    } else {
                        add(Substring(String(decoding: bytes[formStart..<k], as: UTF8.self)), term: id)
                    }
                }
                continue
            }
            let line = Substring(String(decoding: bytes[start..<end], as: UTF8.self))
            let fields = line.split(separator: " ")
            switch line.first {
            case "L":
                guard fields.count == 2 else { throw FormatError(line: lineNumber) }
                languages.append(String(fields[1]))
                family.append(Self.families[String(fields[1])] ?? 100 + languages.count)
                special.append([])
                language = Int16(languages.count - 1)
                termByName = [:]
            case "N":
                guard fields.count >= 2, let id = termByName[String(fields[1])] else { throw FormatError(line: lineNumber) }
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
                    guard let id = termByName[String(e)] else { throw FormatError(line: lineNumber) }
                    elements.append(id)
                }
                let compact = fields.dropFirst(3).allSatisfy { name in
                    termByName[String(name)].map { id in compactTerms.contains(id) } ?? false
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
