import Foundation
import LanternlyResources

/// The crisis lexicon: word forms by category of the Columbia Suicide Severity Rating Scale
/// (C-SSRS: passive wish to be dead, active ideation, method, intent, plan, preparatory
/// behaviour, attempt; plus self-injury, burden, hopelessness with death, farewell,
/// euphemism), for all 18 ``SafetyLanguage``s, with the softeners and idioms of each.
///
/// `Scripts/crisis_lexicon.py` builds `Resources/crisis-lexicon.txt` from the hand-written
/// sources in `Scripts/crisis-lexicon/` (Russian and Ukrainian word forms generated with
/// pymorphy3's dictionaries), and from it `Resources/crisis-lexicon.bin`: the same lexicon
/// with its word forms in ready hash tables. The shipped lexicon maps the binary into memory
/// (no parsing; the tables are read in place) after checking that it was made from the text
/// beside it (its digest); otherwise it reads the text. File formats: see the script.
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
    var forms = HashTable.empty
    /// Stem hash (`stem*` forms: any word starting with the stem) → the same.
    var stems = HashTable.empty
    /// Overflow list `k` (the terms of a hash shared by several): `overflowTerms[overflowStarts[k]..<overflowStarts[k + 1]]`.
    var overflowStarts: [Int32] = [0]
    var overflowTerms: [Int32] = []
    /// Bit `n`: some stem has `n` letters (n < 33).
    var stemLengths: UInt64 = 0
    var longestForm = 1
    /// Whether the word forms are read in place from a mapped `crisis-lexicon.bin`.
    var isMapped: Bool { storage.contains { $0 is MappedFile } }
    /// The first words of idioms and phrases and the first scalars of compact forms.
    var firstWords = FirstWordFilter()
    /// The memory the hash tables live in (a mapped file, or tables built from the text).
    private var storage: [AnyObject] = []
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

    /// The shipped lexicon: `crisis-lexicon.bin` mapped into memory when it was made from the
    /// `crisis-lexicon.txt` beside it, else the text read; an empty one (no rules) when both
    /// are missing, in which case ``CrisisDetector`` falls back on its built-in words.
    static let shipped: CrisisLexicon = {
        let text = MappedFile(path: ShippedResources.url("crisis-lexicon.txt").path)
        if let binary = MappedFile(path: ShippedResources.url("crisis-lexicon.bin").path),
           let lex = try? CrisisLexicon(binary: binary, text: text?.bytes) {
            return lex
        }
        if let text, let lex = try? CrisisLexicon(data: Data(text.bytes)) {
            return lex
        }
        return CrisisLexicon()
    }()

    init() {}

    struct FormatError: Error, CustomStringConvertible {
        var line: Int
        var description: String { "crisis-lexicon.txt line \(line) is not valid; run python3 Scripts/crisis_lexicon.py again" }
    }

    /// Reads the lexicon's text (`crisis-lexicon.txt`).
    ///
    /// - Throws: ``FormatError`` naming the line when the file is malformed.
    init(data: Data) throws {
        var forms: [UInt64: Int32] = [:]
        var stems: [UInt64: Int32] = [:]
        var overflow: [[Int32]] = []
        try read(data, forms: &forms, stems: &stems, overflow: &overflow)
        let memory = HashTable.Memory()
        self.forms = HashTable(forms, in: memory)
        self.stems = HashTable(stems, in: memory)
        storage = [memory]
        for list in overflow {
            overflowTerms += list
            overflowStarts.append(Int32(overflowTerms.count))
        }
        indexFirstWords()
    }

    private func indexFirstWords() {
        for h in idioms.keys { firstWords.insert(h) }
        for h in phrases.keys { firstWords.insert(h) }
        for v in compactForms.keys { firstWords.insert(UInt64(v)) }
    }

    private func read(_ data: Data, forms: inout [UInt64: Int32], stems: inout [UInt64: Int32], overflow: inout [[Int32]]) throws {
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
                        Self.insert(h, id, into: &forms, overflow: &overflow)
                    } else {
                        add(Substring(String(decoding: bytes[formStart..<k], as: UTF8.self)), term: id,
                            forms: &forms, stems: &stems, overflow: &overflow)
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

    private func add(_ form: Substring, term: Int32, forms: inout [UInt64: Int32], stems: inout [UInt64: Int32],
                     overflow: inout [[Int32]]) {
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
            guard n > 0, n < 33 else { return }
            stemLengths |= 1 << UInt64(n)
            Self.insert(Self.hash(stem.unicodeScalars), term, into: &stems, overflow: &overflow)
        } else {
            longestForm = max(longestForm, form.unicodeScalars.count)
            Self.insert(Self.hash(form.unicodeScalars), term, into: &forms, overflow: &overflow)
        }
    }

    private static func insert(_ h: UInt64, _ term: Int32, into table: inout [UInt64: Int32], overflow: inout [[Int32]]) {
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

    /// Calls `body` with every term of table entry `e` (none when `e` names no term or list:
    /// a damaged binary).
    @inline(__always) func forEachTerm(_ e: Int32, _ body: (Int32) -> Void) {
        if e >= 0 {
            if Int(e) < terms.count { body(e) }
        } else if -Int(e) < overflowStarts.count {
            let k = -Int(e)
            for i in Int(overflowStarts[k - 1])..<Int(overflowStarts[k]) { body(overflowTerms[i]) }
        }
    }

    /// The terms of table entry `e`, in order (tests).
    func terms(of e: Int32) -> [Int32] {
        var out: [Int32] = []
        forEachTerm(e) { out.append($0) }
        return out
    }

    // MARK: The binary form

    struct BinaryError: Error, CustomStringConvertible {
        var description: String
    }

    /// FNV-1a over the little-endian 64-bit words of `bytes` (the tail padded with zeros), then
    /// the length: what `crisis-lexicon.bin` records of the text it was made from.
    static func textDigest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = fnvOffset
        let words = bytes.count / 8
        for i in 0..<words { h = (h ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* fnvPrime }
        if bytes.count % 8 != 0 {
            var tail: UInt64 = 0
            for i in (words * 8)..<bytes.count { tail |= UInt64(bytes[i]) << UInt64(8 * (i - words * 8)) }
            h = (h ^ tail) &* fnvPrime
        }
        return (h ^ UInt64(bytes.count)) &* fnvPrime
    }

    /// Reads `crisis-lexicon.bin` (layout: `Scripts/crisis_lexicon.py`); its hash tables are
    /// read in place from `binary`, which the lexicon keeps.
    ///
    /// - Parameter text: the text the binary must have been made from (its digest), or `nil`
    ///   not to check.
    /// - Throws: ``BinaryError`` when the binary is malformed or was made from another text.
    init(binary: MappedFile, text: UnsafeRawBufferPointer?) throws {
        var r = ByteReader(binary.bytes)
        do {
            guard binary.bytes.count >= 16, try r.read(UInt32.self) == 0x314C_434C else { throw BinaryError(description: "not LCL1") }  // "LCL1"
            let textLength = try r.u32()
            let digest = try r.u64()
            if let text, text.count != textLength || Self.textDigest(text) != digest {
                throw BinaryError(description: "crisis-lexicon.bin was not made from crisis-lexicon.txt; run python3 Scripts/crisis_lexicon.py --binary")
            }
            for _ in 0..<(try r.u32()) {
                let v = try r.read(UInt32.self), n = try r.read(UInt32.self), a = try r.read(UInt32.self), b = try r.read(UInt32.self)
                fold.set(v, count: n, a, b)
            }
            for _ in 0..<(try r.u32()) {
                let code = try r.string()
                languages.append(code)
                family.append(Self.families[code] ?? 100 + languages.count)
            }
            for _ in 0..<(try r.u32()) { categories.append(try r.string()) }
            followupCategory = Int16(categories.firstIndex(of: "followup") ?? -1)
            let termCount = try r.u32()
            terms.reserveCapacity(termCount)
            for _ in 0..<termCount {
                let language = try r.read(Int16.self), kind = try r.read(UInt8.self)
                _ = try r.read(UInt8.self)
                guard let k = Kind(rawValue: kind), language >= 0, Int(language) < languages.count else { throw BinaryError(description: "bad term") }
                terms.append(Term(language: language, kind: k, softNext: []))
            }
            func term() throws -> Int32 {
                let t = try r.i32()
                guard t >= 0, Int(t) < termCount else { throw BinaryError(description: "bad term index") }
                return t
            }
            for _ in languages {
                var ids: [Int32] = []
                for _ in 0..<(try r.u32()) { ids.append(try term()) }
                special.append(ids)
            }
            for _ in 0..<(try r.u32()) {
                let t = try term()
                _ = try r.u32()
                terms[Int(t)].softNext.insert(try r.u64())
            }
            rulesByTerm = [[Int32]](repeating: [], count: termCount)
            let ruleCount = try r.u32()
            rules.reserveCapacity(ruleCount)
            for _ in 0..<ruleCount {
                let category = try r.read(Int16.self), language = try r.read(Int16.self), weight = try r.f32()
                let compact = try r.read(UInt8.self) != 0, n = Int(try r.read(UInt8.self))
                _ = try r.read(UInt16.self)
                var elements: [Int32] = []
                elements.reserveCapacity(n)
                for _ in 0..<n { elements.append(try term()) }
                guard category >= 0, Int(category) < categories.count else { throw BinaryError(description: "bad category") }
                let id = Int32(rules.count)
                rules.append(Rule(category: category, language: language, weight: weight, elements: elements, compact: compact))
                for (i, e) in elements.enumerated() where !elements[..<i].contains(e) { rulesByTerm[Int(e)].append(id) }
            }
            longestForm = try r.u32()
            _ = try r.u32()
            stemLengths = try r.u64()
            r.align(8)
            forms = try HashTable(reading: &r)
            r.align(8)
            stems = try HashTable(reading: &r)
            let overflowCount = try r.u32()
            overflowStarts = []
            overflowStarts.reserveCapacity(overflowCount + 1)
            for _ in 0...overflowCount { overflowStarts.append(Int32(try r.u32())) }
            let flat = Int(overflowStarts.last!)
            overflowTerms.reserveCapacity(flat)
            for _ in 0..<flat { overflowTerms.append(try term()) }
            guard overflowStarts.first == 0, zip(overflowStarts, overflowStarts.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw BinaryError(description: "bad overflow lists")
            }
            // The tables' values are checked when read (``forEachTerm(_:_:)``): checking them
            // here would read every page of the tables at start-up.
            for _ in 0..<(try r.u32()) {
                let t = try r.i32()
                guard t >= -1, Int(t) < termCount else { throw BinaryError(description: "bad compact form") }
                var scalars: [UInt32] = []
                let n = try r.u32()
                scalars.reserveCapacity(n)
                for _ in 0..<n { scalars.append(try r.read(UInt32.self)) }
                guard let first = scalars.first else { throw BinaryError(description: "empty compact form") }
                compactForms[first, default: []].append(CompactForm(scalars: scalars, term: t))
            }
            for _ in 0..<(try r.u32()) {
                let t = try term()
                var words: [UInt64] = []
                for _ in 0..<(try r.u32()) { words.append(try r.u64()) }
                guard let first = words.first else { throw BinaryError(description: "empty phrase") }
                phrases[first, default: []].append((words, t))
            }
            for _ in 0..<(try r.u32()) {
                var idiom: [[UInt64]] = []
                for _ in 0..<(try r.u32()) {
                    var word: [UInt64] = []
                    for _ in 0..<(try r.u32()) { word.append(try r.u64()) }
                    idiom.append(word)
                }
                guard let first = idiom.first else { throw BinaryError(description: "empty idiom") }
                for h in first { idioms[h, default: []].append(idiom) }
            }
            guard r.offset == binary.bytes.count else { throw BinaryError(description: "trailing bytes") }
        } catch is ByteReader.EndOfData {
            throw BinaryError(description: "crisis-lexicon.bin ends early; run python3 Scripts/crisis_lexicon.py --binary")
        }
        storage = [binary]
        indexFirstWords()
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

/// A set of 64-bit keys that may answer yes for a key it does not hold (16,384 bits): a cheap
/// test before a `Dictionary` lookup for every word.
struct FirstWordFilter {
    private var bits = [UInt64](repeating: 0, count: 256)

    @inline(__always) private static func bit(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key ^ (key >> 29)) & 16383 }

    mutating func insert(_ key: UInt64) {
        let b = Self.bit(key)
        bits[b >> 6] |= 1 << UInt64(b & 63)
    }

    @inline(__always) func mayHold(_ key: UInt64) -> Bool {
        let b = Self.bit(key)
        return bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }
}

/// A read-only hash table from 64-bit FNV hashes to `Int32`, open addressing with linear
/// probing (key 0: an empty slot), as `Scripts/crisis_lexicon.py` lays it out in
/// `crisis-lexicon.bin`: read in place, no hashing of the hash (unlike `Dictionary`).
struct HashTable: @unchecked Sendable {
    let keys: UnsafePointer<UInt64>
    let values: UnsafePointer<Int32>
    /// Capacity − 1 (the capacity is a power of two).
    let mask: Int
    let count: Int

    /// Memory for tables built in Swift (from the text), freed with it.
    final class Memory: @unchecked Sendable {
        var blocks: [UnsafeMutableRawPointer] = []
        deinit { for b in blocks { b.deallocate() } }
    }

    private static let emptySlot: UnsafeMutablePointer<UInt64> = {
        let p = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
        p.initialize(repeating: 0, count: 2)
        return p
    }()

    static let empty = HashTable(keys: UnsafePointer(emptySlot), values: UnsafeRawPointer(emptySlot).assumingMemoryBound(to: Int32.self), mask: 0, count: 0)

    init(keys: UnsafePointer<UInt64>, values: UnsafePointer<Int32>, mask: Int, count: Int) {
        self.keys = keys
        self.values = values
        self.mask = mask
        self.count = count
    }

    /// A table of `dictionary` (keys ≠ 0) in memory owned by `memory`.
    init(_ dictionary: [UInt64: Int32], in memory: Memory) {
        var capacity = 16
        while capacity < 2 * dictionary.count { capacity *= 2 }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * 12, alignment: 8)
        memory.blocks.append(raw)
        let k = raw.bindMemory(to: UInt64.self, capacity: capacity)
        k.initialize(repeating: 0, count: capacity)
        let v = (raw + capacity * 8).bindMemory(to: Int32.self, capacity: capacity)
        v.initialize(repeating: 0, count: capacity)
        for (key, value) in dictionary where key != 0 {
            var i = Self.slot(key, capacity - 1)
            while k[i] != 0 { i = (i + 1) & (capacity - 1) }
            k[i] = key
            v[i] = value
        }
        self.init(keys: k, values: v, mask: capacity - 1, count: dictionary.count)
    }

    /// The table at the reader's offset (u32 capacity, u32 count, keys, values), read in place.
    init(reading r: inout ByteReader) throws {
        let capacity = try r.u32(), count = try r.u32()
        guard capacity > 0, capacity & (capacity - 1) == 0, count < capacity else {
            throw CrisisLexicon.BinaryError(description: "bad hash table")
        }
        let k = try r.array(UInt64.self, count: capacity)
        let v = try r.array(Int32.self, count: capacity)
        self.init(keys: k, values: v, mask: capacity - 1, count: count)
    }

    @inline(__always) static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
    }

    /// The value stored for `key`, or `nil`.
    @inline(__always) func find(_ key: UInt64) -> Int32? {
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Every key and value (tests).
    var entries: [(key: UInt64, value: Int32)] {
        (0...mask).compactMap { keys[$0] == 0 ? nil : (keys[$0], values[$0]) }
    }
}
