import Foundation
import LanternlyResources

/// A small linear model over hashed features of the folded text (``SafetyText``): word
/// unigrams and bigrams, character 2–5-grams of each word with its edges, and character
/// 1–4-grams of Chinese/Japanese/Korean runs. Three classes: none, crisis, concern (softmax
/// over the feature counts divided by the square root of their number).
///
/// Trained by `Scripts/crisis_train.py` on the train part of `Eval/crisis/corpus/` and all of
/// every `Eval/crisis/corpus-*/` folder, which also tunes the decision thresholds on the dev part
/// and `Eval/crisis/tune-blind-r2` and `tune-blind-r3`; weights in `Resources/crisis-weights.bin`.
/// A message of more than ``windowClauses`` clauses is judged by its most worrying run of
/// that many clauses.
///
/// File layout (little-endian): `LCC3`, UInt32 bucket count (a power of two), 9 × Float32
/// thresholds (``Thresholds`` in declaration order, followup bar fourth), 3 × Float32 scales, 3 × Float32
/// biases, then `buckets × 3` Int8 weights (bucket-major; weight = int8 × scale of its class).
/// Features hash with FNV-1a 64 over UTF-8 bytes of a tagged string (`w:word`, `b:w1 w2`,
/// `c: ab`, `k:漢字`), modulo the bucket count.
final class CrisisClassifier: @unchecked Sendable {
    /// How the probabilities combine with the lexicon (``CrisisDetector/decide(_:atRisk:)``).
    struct Thresholds {
        /// p(crisis) that flags a message with an unsoftened lexicon cue of at least ``cue``.
        var low: Float = 2
        /// p(crisis) that flags a message alone (so does p(crisis) + p(concern) when p(crisis) is
        /// the larger part).
        var high: Float = 2
        /// The lexicon weight that counts as a cue beside ``low``.
        var cue: Float = 1
        /// The bars' factor after a crisis or concern turn (lower: follow-ups count).
        var followupBar: Float = 0.6
        /// A strong lexicon hit flags only when p(crisis) + p(concern) reaches this
        /// (the classifier's veto on topic words: documentaries, idioms, negations).
        var veto: Float = 0
        /// p(concern), or p(crisis) + p(concern), that flags concern alone.
        var concernHigh: Float = 2
        /// The classifier flags alone (``high``, ``concernHigh``) only on messages with at least
        /// this many features, or with a lexicon cue no softener touched of at least
        /// ``CrisisClassifier/aloneCue`` (or a strong cue about someone else): on short lines
        /// without one it is overconfident ("are you there", "let it go"); there only
        /// ``highShort`` counts.
        var minFeatures: Float = 0
        /// The veto counts only on messages with at least this many features and fewer than
        /// ``CrisisClassifier/vetoBelowFeatures``: a bare cue ("kms", "s-u-i-c-i-d-e") is too
        /// short for the classifier to judge, and in a long paragraph the one risky sentence is
        /// diluted among the rest, so there the lexicon's strong hit stands alone.
        var vetoFromFeatures: Float = 0
        /// p(crisis) that flags a message alone whatever its length: below ``minFeatures``
        /// without a lexicon cue the classifier must be this sure (``high`` counts from there).
        var highShort: Float = 2
        /// Whether the thresholds let the classifier change any outcome.
        var used: Bool { low <= 1 || high <= 1 || veto > 0 || concernHigh <= 1 || highShort <= 1 }
    }

    let buckets: Int
    let mask: UInt64
    let scales: (Float, Float, Float)
    let biases: (Float, Float, Float)
    let thresholds: Thresholds
    // The weights in memory, buckets whose three weights are all zero left out (most of them:
    // the hashing leaves ~70% of the buckets unused), so a message that reads buckets all over
    // the table keeps ~0.55 MB resident instead of the file's 1.5 MB. Sums are unchanged.
    /// Bit `b % 64` of `present[b / 64]`: bucket `b` has a weight that is not zero.
    private let present: [UInt64]
    /// Per word of `present`: the buckets with weights before it.
    private let rankBefore: [UInt32]
    /// The weights of the buckets with weights, three each, in bucket order.
    private let packed: [Int8]
    /// Whether weights were loaded (without them the lexicon decides alone).
    var isTrained: Bool { buckets > 0 }

    static let shipped: CrisisClassifier = {
        // Mapped, read once into the packed form, and unmapped.
        if let file = MappedFile(path: ShippedResources.url("crisis-weights.bin").path), let c = CrisisClassifier(file: file) {
            return c
        }
        return CrisisClassifier()
    }()

    init() {
        buckets = 0
        mask = 0
        scales = (0, 0, 0)
        biases = (0, 0, 0)
        thresholds = Thresholds()
        present = [0]
        rankBefore = [0]
        packed = []
    }

    static let headerSize = 8 + 15 * 4

    /// The unsoftened lexicon weight that lets the classifier flag a short message alone
    /// (``Thresholds/minFeatures``; `Scripts/crisis_train.py` ALONE_CUE).
    static let aloneCue: Float = 0.6

    /// How much more a feature of a Chinese, Japanese or Korean run counts towards
    /// ``Thresholds/minFeatures`` (`Scripts/crisis_train.py` COMPACT_WEIGHT): such a feature
    /// counts `1 + compactWeight` times.
    static let compactWeight: Float = 2

    /// The number of features of `t` from its Chinese, Japanese and Korean runs (1–4-grams of
    /// each clause's run).
    static func compactFeatureCount(_ t: SafetyText) -> Int {
        var n = 0, i = 0
        let clause = t.compactClause
        while i < clause.count {
            var j = i
            while j < clause.count, clause[j] == clause[i] { j += 1 }
            let run = j - i
            for gram in 1...4 where run >= gram { n += run - gram + 1 }
            i = j
        }
        return n
    }

    /// The upper end of the veto's window, in features (`Scripts/crisis_train.py` VETO_BELOW).
    static let vetoBelowFeatures: Float = 400

    /// Reads weights from a copy of `data` (layout above); `nil` when it is not such a file.
    convenience init?(data: Data) {
        self.init(file: MappedFile(copying: data))
    }

    /// Reads weights from `file` (layout above); `nil` when it is not such a file.
    init?(file: MappedFile) {
        let data = file.bytes
        guard data.count >= Self.headerSize, data.prefix(4).elementsEqual("LCC3".utf8) else { return nil }
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: data.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func f32(_ at: Int) -> Float { Float(bitPattern: u32(at)) }
        let n = Int(u32(4))
        guard n > 0, n & (n - 1) == 0, data.count == Self.headerSize + n * 3 else { return nil }
        buckets = n
        mask = UInt64(n - 1)
        thresholds = Thresholds(low: f32(8), high: f32(12), cue: f32(16), followupBar: f32(20), veto: f32(24), concernHigh: f32(28),
                                minFeatures: f32(32), vetoFromFeatures: f32(36), highShort: f32(40))
        scales = (f32(44), f32(48), f32(52))
        biases = (f32(56), f32(60), f32(64))
        let w = (data.baseAddress! + Self.headerSize).assumingMemoryBound(to: Int8.self)
        let words = max(1, n / 64)
        var present = [UInt64](repeating: 0, count: words)
        var rankBefore = [UInt32](repeating: 0, count: words)
        // Two passes over the file, a chunk at a time, each chunk's pages given back once read:
        // the first finds the buckets with a weight, the second copies their weights into an
        // array of exactly that size. The process never holds the file's 1.5 MB and a buffer as
        // large at once (issue 3's peak memory). Branch-free in the first pass (a branch per
        // bucket mispredicts about a third of the time); the second visits only the set bits.
        let chunkWords = 256  // 16,384 buckets, 48 KB of the file
        func release(words range: Range<Int>) {
            file.release((Self.headerSize + 3 * 64 * range.lowerBound)..<(Self.headerSize + 3 * 64 * range.upperBound))
        }
        var count = 0
        present.withUnsafeMutableBufferPointer { present in
            rankBefore.withUnsafeMutableBufferPointer { rankBefore in
                for chunk in stride(from: 0, to: words, by: chunkWords) {
                    let last = min(words, chunk + chunkWords)
                    for word in chunk..<last {
                        rankBefore[word] = UInt32(count)
                        var bits: UInt64 = 0
                        for b in (word * 64)..<min(n, word * 64 + 64) {
                            let used: UInt64 = (w[3 * b] | w[3 * b + 1] | w[3 * b + 2]) != 0 ? 1 : 0
                            bits |= used << UInt64(b & 63)
                        }
                        present[word] = bits
                        count += bits.nonzeroBitCount
                    }
                    release(words: chunk..<last)
                }
            }
        }
        let packed = [Int8](unsafeUninitializedCapacity: 3 * count) { out, filled in
            var k = 0
            for chunk in stride(from: 0, to: words, by: chunkWords) {
                let last = min(words, chunk + chunkWords)
                for word in chunk..<last {
                    var bits = present[word]
                    while bits != 0 {
                        let b = word * 64 + bits.trailingZeroBitCount
                        out[k] = w[3 * b]
                        out[k + 1] = w[3 * b + 1]
                        out[k + 2] = w[3 * b + 2]
                        k += 3
                        bits &= bits - 1
                    }
                }
                release(words: chunk..<last)
            }
            filled = k
        }
        self.present = present
        self.rankBefore = rankBefore
        self.packed = packed
    }

    /// The three weights of bucket `b` (tests compare them with the file).
    func weights(bucket b: Int) -> (Int8, Int8, Int8) {
        let word = present[b >> 6], bit = UInt64(1) << UInt64(b & 63)
        guard word & bit != 0 else { return (0, 0, 0) }
        let i = (Int(rankBefore[b >> 6]) + (word & (bit &- 1)).nonzeroBitCount) * 3
        return (packed[i], packed[i + 1], packed[i + 2])
    }

    /// p(crisis) and p(concern) for a folded message; zeros without weights.
    func probabilities(_ t: SafetyText) -> (crisis: Float, concern: Float) {
        let p = scores(t)
        return (p.crisis, p.concern)
    }

    /// Clauses per window (`Scripts/crisis_train.py` WINDOW): a message of more clauses is
    /// judged by its most worrying run of this many consecutive clauses, so one risky sentence
    /// in a long day is not diluted, and a long ordinary text does not pile up its small
    /// leanings into certainty (the sums grow with the length, the square root of the count
    /// less fast).
    static let windowClauses = 3

    /// p(crisis), p(concern) and the number of features read (of the whole message). On a
    /// message of more than ``windowClauses`` clauses each probability is the highest over its
    /// windows of ``windowClauses`` consecutive clauses; a clause repeated word for word within a
    /// window (or a short message) counts once.
    func scores(_ t: SafetyText) -> (crisis: Float, concern: Float, features: Int) {
        guard isTrained else { return (0, 0, 0) }
        let clauses = max(1, Int(t.clauseCount))
        // Per clause: the three sums and the feature count.
        var sums = [Int32](repeating: 0, count: 4 * clauses)
        var count = 0
        let mask = mask
        sums.withUnsafeMutableBufferPointer { sums in
            present.withUnsafeBufferPointer { present in
                rankBefore.withUnsafeBufferPointer { rank in
                    packed.withUnsafeBufferPointer { w in
                        Self.features(t) { h, clause in
                            count += 1
                            let at = 4 * min(Int(clause), clauses - 1)
                            sums[at + 3] &+= 1
                            let b = Int(h & mask)
                            let word = present[b >> 6], bit = UInt64(1) << UInt64(b & 63)
                            if word & bit == 0 { return }  // all three zero
                            let i = (Int(rank[b >> 6]) + (word & (bit &- 1)).nonzeroBitCount) * 3
                            sums[at] &+= Int32(w[i])
                            sums[at + 1] &+= Int32(w[i + 1])
                            sums[at + 2] &+= Int32(w[i + 2])
                        }
                    }
                }
            }
        }
        if count == 0 { return (0, 0, 0) }
        /// The sums of `range`, each clause once: a clause said again word for word (pasted
        /// twice, a line repeated) adds nothing new, so it does not count again.
        func window(_ range: Range<Int>) -> (crisis: Float, concern: Float)? {
            var s0: Int32 = 0, s1: Int32 = 0, s2: Int32 = 0, n: Int32 = 0
            for c in range {
                let repeated = (range.lowerBound..<c).contains {
                    sums[4 * $0] == sums[4 * c] && sums[4 * $0 + 1] == sums[4 * c + 1]
                        && sums[4 * $0 + 2] == sums[4 * c + 2] && sums[4 * $0 + 3] == sums[4 * c + 3]
                }
                if repeated { continue }
                s0 &+= sums[4 * c]; s1 &+= sums[4 * c + 1]; s2 &+= sums[4 * c + 2]; n &+= sums[4 * c + 3]
            }
            return n == 0 ? nil : probabilities(s0, s1, s2, count: Int(n))
        }
        let k = Self.windowClauses
        if clauses <= k {
            let p = window(0..<clauses) ?? (0, 0)
            return (p.crisis, p.concern, count)
        }
        var crisis: Float = 0, concern: Float = 0
        for first in 0...(clauses - k) {
            guard let p = window(first..<(first + k)) else { continue }
            crisis = max(crisis, p.crisis)
            concern = max(concern, p.concern)
        }
        return (crisis, concern, count)
    }

    /// Softmax of the weight sums of `count` features (divided by the square root of `count`).
    @inline(__always) private func probabilities(_ s0: Int32, _ s1: Int32, _ s2: Int32, count: Int) -> (crisis: Float, concern: Float) {
        let norm = 1 / Float(count).squareRoot()
        let z0 = Float(s0) * norm * scales.0 + biases.0
        let z1 = Float(s1) * norm * scales.1 + biases.1
        let z2 = Float(s2) * norm * scales.2 + biases.2
        let m = max(z0, z1, z2)
        let e0 = expf(z0 - m), e1 = expf(z1 - m), e2 = expf(z2 - m)
        let sum = e0 + e1 + e2
        return (e1 / sum, e2 / sum)
    }

    /// The number of features of `t` (tests compare it with the training script's).
    static func featureCount(_ t: SafetyText) -> Int {
        var n = 0
        features(t) { _, _ in n += 1 }
        return n
    }

    /// Calls `body` with the hash of every feature of `t` and the clause it belongs to, in the
    /// same order and with the same tags as `Scripts/crisis_train.py`.
    static func features(_ t: SafetyText, _ body: (UInt64, Int32) -> Void) {
        let w0 = start(0x77), b0 = start(0x62), c0 = start(0x63)
        t.scalars.withUnsafeBufferPointer { sc in
            var prevStart = 0, prevEnd = -1
            var prevClause: Int32 = -1
            for tok in t.tokens {
                let s = Int(tok.start), e = Int(tok.end)
                var hw = w0  // w:word
                for j in s..<e { hw = addScalar(hw, sc[j]) }
                body(hw, tok.clause)
                if prevEnd >= 0, prevClause == tok.clause {
                    var h = b0  // b:w1 w2
                    for j in prevStart..<prevEnd { h = addScalar(h, sc[j]) }
                    h = addScalar(h, 0x20)
                    for j in s..<e { h = addScalar(h, sc[j]) }
                    body(h, tok.clause)
                }
                prevStart = s
                prevEnd = e
                prevClause = tok.clause
                // c: character 2–5-grams of " word ", one pass per start: the hash of each
                // longer gram extends the shorter one's.
                let n = e - s + 2
                @inline(__always) func at(_ i: Int) -> UInt32 { i == 0 || i == n - 1 ? 0x20 : sc[s + i - 1] }
                for i in 0..<(n - 1) {
                    var h = addScalar(c0, at(i))
                    for k in (i + 1)..<min(i + 5, n) {
                        h = addScalar(h, at(k))
                        body(h, tok.clause)
                    }
                }
            }
        }
        // k: 1–4-grams of each clause's CJK run
        let c = t.compact
        if c.isEmpty { return }
        let k0 = start(0x6B)
        c.withUnsafeBufferPointer { c in
            t.compactClause.withUnsafeBufferPointer { clause in
                var i = 0
                while i < c.count {
                    var j = i
                    while j < c.count, clause[j] == clause[i] { j += 1 }
                    for a in i..<j {
                        var h = k0
                        for k in a..<min(a + 4, j) {
                            h = addScalar(h, c[k])
                            body(h, clause[i])
                        }
                    }
                    i = j
                }
            }
        }
    }

    @inline(__always) static func start(_ tag: UInt8) -> UInt64 {
        var h = CrisisLexicon.fnvOffset
        h = (h ^ UInt64(tag)) &* CrisisLexicon.fnvPrime
        h = (h ^ 0x3A) &* CrisisLexicon.fnvPrime  // ':'
        return h
    }

    @inline(__always) static func hash(tag: UInt8, _ s: ArraySlice<UInt32>) -> UInt64 { add(start(tag), s) }

    @inline(__always) static func add(_ h0: UInt64, _ s: ArraySlice<UInt32>) -> UInt64 {
        var h = h0
        for v in s { h = addScalar(h, v) }
        return h
    }

    /// FNV-1a over the UTF-8 bytes of one scalar.
    @inline(__always) static func addScalar(_ h0: UInt64, _ v: UInt32) -> UInt64 {
        var h = h0
        @inline(__always) func byte(_ b: UInt32) { h = (h ^ UInt64(b & 0xFF)) &* CrisisLexicon.fnvPrime }
        if v < 0x80 {
            byte(v)
        } else if v < 0x800 {
            byte(0xC0 | (v >> 6)); byte(0x80 | (v & 0x3F))
        } else if v < 0x10000 {
            byte(0xE0 | (v >> 12)); byte(0x80 | ((v >> 6) & 0x3F)); byte(0x80 | (v & 0x3F))
        } else {
            byte(0xF0 | (v >> 18)); byte(0x80 | ((v >> 12) & 0x3F)); byte(0x80 | ((v >> 6) & 0x3F)); byte(0x80 | (v & 0x3F))
        }
        return h
    }
}
