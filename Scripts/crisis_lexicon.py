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

Output (Resources/crisis-lexicon.txt), read by CrisisLexicon.swift at first use:
  F <hex> [<hex>…]      a fold: scalar -> replacement scalars (case, accents; may be empty)
  L <code>              the language of the lines that follow
  T <name> <forms…>     a term with its normalized forms
  N <name> <forms…>     its softening next words
  S <kind> <forms…>     @neg/@first/@other/@media/@past words
  I <word…>             an idiom; a word is its forms joined by `|`
  R <category> <weight> <term…>
"""
import os, re, sys, unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "Scripts", "crisis-lexicon")
OUT = os.path.join(ROOT, "Resources", "crisis-lexicon.txt")
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
    word = unicodedata.normalize("NFKC", word)
    out = []
    for c in word:
        if c in "'’ʼ`\u00ad\u200b\u200c\u200d\u2060\ufeff":
            continue
        if "A" <= c <= "Z":
            out.append(c.lower())
        elif 0x80 <= ord(c) < 0x2000:
            out.append(fold_scalar(c))
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


def expand(forms, lang, where):
    out = []
    for f in forms:
        if f.startswith("+"):
            if lang not in ("ru", "uk"):
                sys.exit("%s: +lemma is only for Russian and Ukrainian" % where)
            out.extend(sorted(lexeme(f[1:], lang)))
        else:
            out.append(f)
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


if __name__ == "__main__":
    build()
