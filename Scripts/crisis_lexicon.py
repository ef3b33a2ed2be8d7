#!/usr/bin/env python3
"""Builds Resources/crisis-lexicon.txt from the hand-written sources in Scripts/crisis-lexicon/.

Usage: python3 Scripts/crisis_lexicon.py   (needs: pip install pymorphy3 pymorphy3-dicts-ru pymorphy3-dicts-uk)

Source format, one file per language (<code>.txt), `#` starts a comment:
  = name: form form stem* +lemma | next: form form
        a term: word forms; `stem*` matches any word starting with `stem`; `+lemma` (Russian,
        Ukrainian) is every form of the lemma, generated with pymorphy3's dictionaries
        (OpenCorpora for Russian, VESUM for Ukrainian) -- never hand-listed endings.
        `| next: …` lists words that, right after the term, soften it (\"live in this city\").
  @neg|@first|@other|@media|@past: forms   softeners and person words of the language.
  ! w1 w2 …   an idiom: whole phrase, its words never count as cues ("dying to see").
  category weight: element element …
        a rule: every element (a term name, or a literal form) in one clause, any order, close
        together. Weight 1 flags alone (strong); weaker rules add up with others.
Forms in Chinese, Japanese and Korean script are matched as character sequences.

  python3 Scripts/crisis_lexicon.py --binary   only rewrites Resources/crisis-lexicon.bin from
        the committed crisis-lexicon.txt (no pymorphy3 needed).

Output (Resources/crisis-lexicon.txt), read by CrisisLexicon.swift at first use:
  F <hex> [<hex>…]      a fold: scalar -> replacement scalars (case, accents; may be empty)
  L <code>              the language of the lines that follow
  T <name> <forms…>     a term with its normalized forms
  N <name> <forms…>     its softening next words
  S <kind> <forms…>     @neg/@first/@other/@media/@past words
  I <word…>             an idiom; a word is its forms joined by `|`
  R <category> <weight> <term…>

and Resources/crisis-lexicon.bin, the same lexicon ready to use (CrisisLexicon.swift maps it
into memory instead of parsing the text; it checks the text's digest and falls back on the text
when they differ, and a test checks that both give the same lexicon). Little-endian:
  "LCL1", u32 text length, u64 digest of the text (see text_digest)
  u32 fold count, then (u32 scalar, u32 n, u32 first, u32 second) each
  u32 language count, then (u32 length, UTF-8 code) each; the same for categories
  u32 term count, then (i16 language, u8 kind, u8 0) each; kinds: cue neg first other media past
  per language: u32 count, i32 term ids of its softeners and person words (S lines)
  u32 count, then (i32 term, u32 0, u64 hash) each: softening next words (N lines)
  u32 rule count, then (i16 category, i16 language, f32 weight, u8 compact, u8 n, u16 0, n x i32 term)
  u32 longest form (scalars), u32 0, u64 stem lengths (bit n: some stem has n letters)
  two hash tables, forms then stems, 8-byte aligned: u32 capacity (a power of two), u32 count,
        capacity x u64 key (0: empty), capacity x i32 value (a term, or -k-1: overflow list k);
        key = FNV-1a 64 of the folded form's scalars, slot = (key ^ key >> 29) & (capacity - 1),
        then the next slots (linear probing)
  u32 overflow count, then count + 1 x u32 starts, then i32 terms
  u32 compact form count, then (i32 term or -1 for an idiom, u32 n, n x u32 scalars) each
  u32 phrase count, then (i32 term, u32 n, n x u64 word hash) each
  u32 idiom count, then (u32 words, then per word: u32 n, n x u64 form hash) each
"""
import os, re, struct, sys, unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "Scripts", "crisis-lexicon")
OUT = os.path.join(ROOT, "Resources", "crisis-lexicon.txt")
BIN = os.path.join(ROOT, "Resources", "crisis-lexicon.bin")
LANGS = ["en", "ru", "uk", "de", "es", "fr", "it", "pt", "ja", "ko", "zh-Hans", "zh-Hant",
         "da", "nl", "nb", "sv", "tr", "vi"]

# Letters folded for matching only (the stored text is never changed).
SPECIAL = {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ı": "i", "þ": "th",
           "ð": "d", "ы": "и", "і": "и", "ї": "и", "й": "и", "є": "е", "э": "е", "ё": "е",
           "ґ": "г", "ь": "", "ъ": "", "ў": "у", "ς": "σ"}


def fold_scalar(ch):
    """The folded form of one character (lower case, no accents), as used by the Swift side."""
    s = unicodedata.normalize("NFKC", ch)
    s = s.lower()
    if ch == "İ":
        s = "i"
    out = []
    for c in s:
        if c in SPECIAL:
            out.append(SPECIAL[c]); continue
        d = unicodedata.normalize("NFD", c)
        d = "".join(x for x in d if not (0x300 <= ord(x) <= 0x36F))
        d = unicodedata.normalize("NFC", d)
        out.append(SPECIAL.get(d, d))
    return "".join(out)


def fold_table():
    """Every scalar from U+0080 to U+1FFF whose fold differs from itself."""
    rows = []
    for v in range(0x80, 0x2000):
        ch = chr(v)
        cat = unicodedata.category(ch)
        if not cat.startswith("L"):
            continue
        f = fold_scalar(ch)
        if f != ch:
            rows.append(("F %X %s" % (v, " ".join("%X" % ord(c) for c in f))).rstrip())
    return rows


def is_compact(c):
    v = ord(c)
    return (0x1100 <= v <= 0x11FF or 0x2E80 <= v <= 0x9FFF or 0xAC00 <= v <= 0xD7AF
            or 0xF900 <= v <= 0xFAFF or v >= 0x20000)


def fold(word):
    # NFKC, but Korean letters typed one by one (compatibility jamo U+3131-U+318E) stay as they
    # are, as SafetyText leaves the ones it cannot compose into syllables (`ㅈㄱㅅㄷ`, initials).
    runs = re.split(r"([\u3131-\u318e]+)", word)
    word = "".join(r if r and "\u3131" <= r[0] <= "\u318e" else unicodedata.normalize("NFKC", r) for r in runs)
    out = []
    for c in word:
        if c in "'’ʼ`\u00ad\u200b\u200c\u200d\u2060\ufeff":
            continue
        if "A" <= c <= "Z":
            out.append(c.lower())
        elif 0x80 <= ord(c) < 0x2000:
            out.append(fold_scalar(c))
        elif 0x30A1 <= ord(c) <= 0x30F6:
            out.append(chr(ord(c) - 0x60))  # katakana reads as hiragana (SafetyNormalizer.swift)
        else:
            out.append(c)
    return "".join(out)


_morph = {}


def lexeme(lemma, lang):
    import pymorphy3
    if lang not in _morph:
        _morph[lang] = pymorphy3.MorphAnalyzer(lang=lang)
    key = lemma.replace("ё", "е")
    parses = [p for p in _morph[lang].parse(lemma) if p.normal_form.replace("ё", "е") == key]
    if not parses:
        parses = [p for p in _morph[lang].parse(lemma) if p.word.replace("ё", "е") == key and p.is_known]
    if not parses:
        # Not in the dictionary (a drug name, slang): pymorphy3 guesses the paradigm from the ending.
        parses = _morph[lang].parse(lemma)[:1]
    forms = set()
    for p in parses[:2]:
        for f in p.lexeme:
            forms.add(f.word)
    return forms


DIGRAPHS = {
    "de": {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"},
    "da": {"æ": "ae", "ø": "oe", "å": "aa"},
    "nb": {"æ": "ae", "ø": "oe", "å": "aa"},
    "sv": {"å": "aa", "ä": "ae", "ö": "oe"},
}


def expand(forms, lang, where):
    out = []
    for f in forms:
        if f.startswith("+"):
            if lang not in ("ru", "uk"):
                sys.exit("%s: +lemma is only for Russian and Ukrainian" % where)
            out.extend(sorted(lexeme(f[1:], lang)))
        else:
            out.append(f)
    # Typed without the letter: German ä ö ü ß as ae oe ue ss, Danish and Norwegian æ ø å as
    # ae oe aa, Swedish å ä ö as aa ae oe (a keyboard without them; "moechte", "doe"). Plain
    # a/o/u for these is what the accent fold already reads.
    table = DIGRAPHS.get(lang)
    if table:
        out += [v for v in ("".join(table.get(c, c) for c in f) for f in out if any(c in table for c in f))]
    res = []
    seen = set()
    for f in out:
        star = f.endswith("*")
        g = fold(f[:-1] if star else f).replace("-", "_") + ("*" if star else "")
        # A form written with spaces in a Latin/Cyrillic language is several words: not allowed in a term.
        if " " in g:
            sys.exit("%s: the form %r has a space; make it a rule or an idiom" % (where, f))
        if g and g not in seen:
            seen.add(g); res.append(g)
    return res


def build():
    lines = ["# Generated by Scripts/crisis_lexicon.py from Scripts/crisis-lexicon/*.txt -- do not edit."]
    lines += fold_table()
    total_forms = 0
    for lang in LANGS:
        path = os.path.join(SRC, lang + ".txt")
        if not os.path.exists(path):
            continue
        lines.append("L " + lang)
        terms = {}
        literal = {}
        for n, raw in enumerate(open(path, encoding="utf-8"), 1):
            where = "%s:%d" % (path, n)
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("="):
                head, _, body = line[1:].partition(":")
                name = head.strip()
                if name in terms:
                    sys.exit("%s: term %s defined twice" % (where, name))
                forms, _, nxt = body.partition("| next:")
                fs = expand(forms.split(), lang, where)
                terms[name] = fs
                total_forms += len(fs)
                lines.append("T %s %s" % (name, " ".join(fs)))
                if nxt.strip():
                    lines.append("N %s %s" % (name, " ".join(expand(nxt.split(), lang, where))))
            elif line.startswith("@"):
                kind, _, body = line[1:].partition(":")
                lines.append("S %s %s" % (kind.strip(), " ".join(expand(body.split(), lang, where))))
            elif line.startswith("!"):
                words = ["|".join(expand([w], lang, where)) for w in line[1:].split()]
                lines.append("I " + " ".join(words))
            else:
                head, _, body = line.partition(":")
                parts = head.split()
                if len(parts) != 2 or not body.strip():
                    sys.exit("%s: expected 'category weight: elements'" % where)
                cat, weight = parts[0], float(parts[1])
                elems = []
                for e in body.split():
                    if e in terms:
                        elems.append(e)
                    else:
                        name = "'" + fold(e)
                        if name not in literal:
                            literal[name] = True
                            lines.append("T %s %s" % (name, " ".join(expand([e], lang, where))))
                        elems.append(name)
                lines.append("R %s %g %s" % (cat, weight, " ".join(elems)))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s (%d bytes, %d term forms)" % (OUT, os.path.getsize(OUT), total_forms))
    write_binary()


# --- The binary form (read by CrisisLexicon.swift exactly as it reads the text) -------------

FNV_OFFSET, FNV_PRIME, MASK64 = 0xCBF29CE484222325, 0x100000001B3, (1 << 64) - 1
KINDS = {"neg": 1, "first": 2, "other": 3, "media": 4, "past": 5}


def fnv(text):
    h = FNV_OFFSET
    for c in text:
        h = ((h ^ ord(c)) * FNV_PRIME) & MASK64
    return h


def text_digest(data):
    """FNV-1a over little-endian 64-bit words (the tail padded with zeros), then the length."""
    h = FNV_OFFSET
    padded = data + b"\0" * (-len(data) % 8)
    for (w,) in struct.iter_unpack("<Q", padded):
        h = ((h ^ w) * FNV_PRIME) & MASK64
    return ((h ^ len(data)) * FNV_PRIME) & MASK64


class Table:
    """Hash -> term, with overflow lists for hashes of several terms (as CrisisLexicon.insert)."""

    def __init__(self, overflow):
        self.map, self.overflow = {}, overflow

    def insert(self, h, term):
        old = self.map.get(h)
        if old is None:
            self.map[h] = term
        elif old >= 0:
            if old != term:
                self.overflow.append([old, term])
                self.map[h] = -len(self.overflow)
        elif term not in self.overflow[-old - 1]:
            self.overflow[-old - 1].append(term)

    def pack(self):
        # Filled to between 3/8 and 3/4: half the memory of a half-empty table, and linear
        # probing stays short (the lookups that miss, most of them, end at an empty slot).
        cap = 16
        while cap * 3 < 4 * len(self.map):
            cap *= 2
        keys, values = [0] * cap, [0] * cap
        for h, v in self.map.items():
            if h == 0:
                sys.exit("a form hashes to 0; change the hash")
            i = (h ^ (h >> 29)) & (cap - 1)
            while keys[i] != 0:
                i = (i + 1) & (cap - 1)
            keys[i], values[i] = h, v
        return (struct.pack("<II", cap, len(self.map)) + struct.pack("<%dQ" % cap, *keys)
                + struct.pack("<%di" % cap, *values))


def write_binary():
    """Resources/crisis-lexicon.bin from Resources/crisis-lexicon.txt, parsed as the Swift reader does."""
    raw = open(OUT, "rb").read()
    folds, languages, categories, terms, special, soft_next, rules = [], [], [], [], [], [], []
    overflow = []
    forms, stems = Table(overflow), Table(overflow)
    compact_forms, phrases, idioms = [], [], []
    compact_terms = set()
    longest, stem_lengths = 1, 0
    term_by_name, language = {}, -1
    for n, line in enumerate(raw.decode("utf-8").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        fields = [f for f in line.split(" ") if f]
        tag = line[0]
        if tag == "F":
            values = [int(x, 16) for x in fields[1:]]
            if 0x80 <= values[0] < 0x2000 and len(values) <= 3:
                folds.append([values[0], len(values) - 1] + (values[1:] + [0, 0])[:2])
        elif tag in "TS":
            if language < 0 or len(line) <= 2:
                sys.exit("crisis-lexicon.txt line %d is not valid" % n)
            rest = line[2:].split(" ")
            name, form_list = rest[0], [f for f in rest[1:] if f]
            tid = len(terms)
            kind = 0 if tag == "T" else KINDS.get(name, 0)
            terms.append((language, kind))
            if tag == "T":
                term_by_name[name] = tid
            else:
                special[language].append(tid)
            for form in form_list:
                first = form[0]
                if is_compact(first):
                    compact_forms.append((tid, [ord(c) for c in form]))
                    compact_terms.add(tid)
                elif "_" in form:
                    words = [w for w in form.split("_") if w]
                    if words:
                        phrases.append((tid, [fnv(w) for w in words]))
                elif form.endswith("*"):
                    stem = form[:-1]
                    if 0 < len(stem) < 33:
                        stem_lengths |= 1 << len(stem)
                        stems.insert(fnv(stem), tid)
                else:
                    longest = max(longest, len(form))
                    forms.insert(fnv(form), tid)
        elif tag == "L":
            languages.append(fields[1])
            special.append([])
            language = len(languages) - 1
            term_by_name = {}
        elif tag == "N":
            tid = term_by_name[fields[1]]
            for form in fields[2:]:
                soft_next.append((tid, fnv(form)))
        elif tag == "I":
            words = fields[1:]
            if len(words) == 1 and is_compact(words[0][0]):
                for form in [f for f in words[0].split("|") if f]:
                    compact_forms.append((-1, [ord(c) for c in form]))
            else:
                idioms.append([[fnv(f) for f in w.split("|") if f] for w in words])
        elif tag == "R":
            name = fields[1]
            if name not in categories:
                categories.append(name)
            elements = [term_by_name[e] for e in fields[3:]]
            compact = all(e in compact_terms for e in elements)
            rules.append((categories.index(name), language, float(fields[2]), compact, elements))
        else:
            sys.exit("crisis-lexicon.txt line %d is not valid" % n)

    out = bytearray(b"LCL1")
    out += struct.pack("<IQ", len(raw), text_digest(raw))
    out += struct.pack("<I", len(folds))
    for f in folds:
        out += struct.pack("<4I", *f)
    for names in (languages, categories):
        out += struct.pack("<I", len(names))
        for name in names:
            b = name.encode("utf-8")
            out += struct.pack("<I", len(b)) + b
    out += struct.pack("<I", len(terms))
    for lang, kind in terms:
        out += struct.pack("<hBB", lang, kind, 0)
    for ids in special:
        out += struct.pack("<I%di" % len(ids), len(ids), *ids)
    out += struct.pack("<I", len(soft_next))
    for tid, h in soft_next:
        out += struct.pack("<iIQ", tid, 0, h)
    out += struct.pack("<I", len(rules))
    for cat, lang, weight, compact, elements in rules:
        out += struct.pack("<hhfBBH%di" % len(elements), cat, lang, weight, 1 if compact else 0, len(elements), 0, *elements)
    out += struct.pack("<IIQ", longest, 0, stem_lengths)
    for table in (forms, stems):
        out += b"\0" * (-len(out) % 8)
        out += table.pack()
    starts = [0]
    for lst in overflow:
        starts.append(starts[-1] + len(lst))
    flat = [t for lst in overflow for t in lst]
    out += struct.pack("<I%dI%di" % (len(starts), len(flat)), len(overflow), *starts, *flat)
    out += struct.pack("<I", len(compact_forms))
    for tid, scalars in compact_forms:
        out += struct.pack("<iI%dI" % len(scalars), tid, len(scalars), *scalars)
    out += struct.pack("<I", len(phrases))
    for tid, hashes in phrases:
        out += struct.pack("<iI%dQ" % len(hashes), tid, len(hashes), *hashes)
    out += struct.pack("<I", len(idioms))
    for idiom in idioms:
        out += struct.pack("<I", len(idiom))
        for word in idiom:
            out += struct.pack("<I%dQ" % len(word), len(word), *word)
    with open(BIN, "wb") as f:
        f.write(bytes(out))
    print("wrote %s (%d bytes: %d forms, %d stems, %d rules)" % (BIN, len(out), len(forms.map), len(stems.map), len(rules)))


if __name__ == "__main__":
    if sys.argv[1:] == ["--binary"]:
        write_binary()
    else:
        build()
