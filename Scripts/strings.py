#!/usr/bin/env python3
"""Adds or updates keys in Resources/Localizable.xcstrings (Xcode's String Catalog format).

  python3 Scripts/strings.py set KEY "English text" "Русский текст" [--comment "..."]
  python3 Scripts/strings.py lang KEY LANG "Text"        # set one language of an existing key
  python3 Scripts/strings.py merge OTHER.xcstrings      # union of keys (theirs win on conflict)
  python3 Scripts/strings.py fmt                        # rewrite sorted, 2-space indent

The file is always written sorted by key with ensure_ascii=False, so git merges stay small.
"""
import json, sys, os, fcntl

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "Localizable.xcstrings")

def load():
    with open(PATH, encoding="utf-8") as f:
        return json.load(f)

def save(doc):
    doc.setdefault("sourceLanguage", "en"); doc.setdefault("version", "1.0")
    tmp = PATH + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=2, sort_keys=True)
        f.write("\n")
    os.replace(tmp, PATH)

def unit(v):
    return {"stringUnit": {"state": "translated", "value": v}}

def main(argv):
    lock = open(PATH + ".lock", "w"); fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        doc = load()
        strings = doc.setdefault("strings", {})
        if argv[0] == "set":
            key, en, ru = argv[1], argv[2], argv[3]
            entry = {"extractionState": "manual", "localizations": {"en": unit(en), "ru": unit(ru)}}
            if "--comment" in argv:
                entry["comment"] = argv[argv.index("--comment") + 1]
            strings[key] = entry
        elif argv[0] == "lang":
            # One more localization (e.g. `ja`, `zh-Hans`) of a key that already has en and ru.
            key, lang, value = argv[1], argv[2], argv[3]
            if key not in strings:
                print(f"strings.py: no key '{key}'; add it first with: set KEY \"English\" \"Русский\"", file=sys.stderr)
                return 1
            if not value.strip():
                print(f"strings.py: empty value for {key} [{lang}]", file=sys.stderr)
                return 1
            strings[key].setdefault("localizations", {})[lang] = unit(value)
        elif argv[0] == "merge":
            with open(argv[1], encoding="utf-8") as f:
                strings.update(json.load(f).get("strings", {}))
        elif argv[0] != "fmt":
            print(__doc__); return 2
        save(doc)
    finally:
        os.unlink(PATH + ".lock") if os.path.exists(PATH + ".lock") else None
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
