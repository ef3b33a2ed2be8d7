#!/usr/bin/env python3
"""Trains the crisis classifier and tunes the decision thresholds.

Usage: python3 Scripts/crisis_train.py [--bin .build/debug/crisis-eval]
Needs numpy and a built `crisis-eval` (swift build --product crisis-eval), which folds each
message exactly as the app does and gives the lexicon's scores.

- The corpus is Eval/crisis/corpus/<code>.tsv (`label<TAB>category<TAB>text`). Each message
  belongs to one part, fixed by FNV-1a 64 of its UTF-8 text modulo 10: 0-5 train, 6-7 dev,
  8-9 test (the same rule as Eval/crisis/Sources/Evaluation.swift).
- The model (softmax over none/crisis/concern on hashed features; see CrisisClassifier.swift)
  is fitted on train only. The thresholds that combine it with the lexicon are chosen on dev
  only: the highest crisis recall whose specificity on dev stays at or above 97%.
  The test part is never read here.
- Output: Resources/crisis-weights.bin (layout in CrisisClassifier.swift).
"""
import argparse, glob, os, struct, subprocess, sys
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUCKETS = 1 << 18
CLASSES = ["none", "crisis", "concern"]
FNV_OFFSET, FNV_PRIME, MASK64 = 0xcbf29ce484222325, 0x100000001b3, (1 << 64) - 1


def fnv(data, h=FNV_OFFSET):
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK64
    return h


def part(text):
    h = fnv(text.encode("utf-8")) % 10
    return "train" if h <= 5 else "dev" if h <= 7 else "test"


def is_compact(c):
    v = ord(c)
    return (0x1100 <= v <= 0x11FF or 0x2E80 <= v <= 0x9FFF or 0xAC00 <= v <= 0xD7AF
            or 0xF900 <= v <= 0xFAFF or 0x20000 <= v <= 0x3FFFF)


def features(line):
    """The feature hashes of a folded line, as CrisisClassifier.features computes them."""
    out = []
    for clause in line.split(" . "):
        words = [w for w in clause.split(" ") if w]
        prev = None
        for w in words:
            if is_compact(w[0]):
                for n in (1, 2, 3):
                    for i in range(len(w) - n + 1):
                        out.append(fnv(("k:" + w[i:i + n]).encode()))
                prev = None
                continue
            out.append(fnv(("w:" + w).encode()))
            if prev is not None:
                out.append(fnv(("b:" + prev + " " + w).encode()))
            prev = w
            s = " " + w + " "
            for n in (2, 3, 4):
                for i in range(len(s) - n + 1):
                    out.append(fnv(("c:" + s[i:i + n]).encode()))
    return [h & (BUCKETS - 1) for h in out]


def load(bin_path):
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "corpus", "*.tsv"))):
        lang = os.path.basename(path)[:-4]
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n").rstrip("\r")
            if not line or line.startswith("#"):
                continue
            p = line.split("\t", 2)
            if len(p) != 3 or p[0] not in CLASSES:
                continue
            rows.append({"lang": lang, "label": p[0], "category": p[1], "text": p[2], "part": part(p[2])})
    rows = [r for r in rows if r["part"] != "test"]  # never read the test part
    out = subprocess.run([bin_path, "score"], input="\n".join(r["text"] for r in rows) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    for r, o in zip(rows, out):
        f = o.split("\t")
        r["self"], r["other"], r["folded"] = float(f[1]), float(f[2]), f[6]
        r["pself"], r["pother"] = float(f[7]), float(f[8])
    return rows


def train(rows, epochs=10, lr=0.1, l2=1e-2):
    X = [np.array(features(r["folded"]), dtype=np.int64) for r in rows]
    y = np.array([CLASSES.index(r["label"]) for r in rows])
    # Class weights: concern is rare.
    counts = np.bincount(y, minlength=3).astype(float)
    cw = counts.sum() / (3 * np.maximum(counts, 1))
    W = np.zeros((BUCKETS, 3), dtype=np.float64)
    b = np.zeros(3)
    rng = np.random.default_rng(7)
    G = np.zeros_like(W) + 1e-8  # AdaGrad
    gb = np.zeros(3) + 1e-8
    for epoch in range(epochs):
        for i in rng.permutation(len(rows)):
            idx = X[i]
            z = W[idx].sum(axis=0) + b
            p = np.exp(z - z.max()); p /= p.sum()
            g = p.copy(); g[y[i]] -= 1; g *= cw[y[i]]
            grad = np.tile(g, (len(idx), 1)) + l2 * W[idx]
            np.add.at(G, idx, grad ** 2)
            np.add.at(W, idx, -lr * grad / np.sqrt(G[idx]))
            gb += g ** 2
            b -= lr * g / np.sqrt(gb)
    return W, b


def probs(W, b, line):
    idx = np.array(features(line), dtype=np.int64)
    if len(idx) == 0:
        return 0.0, 0.0
    z = W[idx].sum(axis=0) + b
    p = np.exp(z - z.max()); p /= p.sum()
    return p[1], p[2]


def decide(r, t):
    w, crisis_bar, concern_bar, followup, any_bar = t
    pc, pn = r["pc"], r["pn"]
    if r["self"] >= 1 or (r["pself"] >= 0.7 and r["pself"] + w * pc >= crisis_bar) or pc >= any_bar:
        return "crisis"
    if r["other"] >= 1 or (r["pother"] >= 0.7 and r["pother"] + w * pn >= concern_bar) or pn >= any_bar:
        return "concern"
    return "none"


def metrics(rows, t):
    crisis = [r for r in rows if r["label"] == "crisis"]
    none = [r for r in rows if r["label"] == "none"]
    concern = [r for r in rows if r["label"] == "concern"]
    rec = sum(decide(r, t) == "crisis" for r in crisis) / max(1, len(crisis))
    spec = sum(decide(r, t) == "none" for r in none) / max(1, len(none))
    conc = sum(decide(r, t) != "none" for r in concern) / max(1, len(concern))
    return rec, spec, conc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "crisis-eval"))
    ap.add_argument("--min-specificity", type=float, default=0.97)
    # On the first corpus (9 languages, ~1,100 training messages) the classifier did not raise
    # dev recall at 95% specificity and lifted hand-written negatives ("хочу исчезнуть на
    # выходные") over the bar, so by default it is trained and shipped with weight 0.
    ap.add_argument("--use-classifier", action="store_true")
    a = ap.parse_args()
    rows = load(a.bin)
    tr = [r for r in rows if r["part"] == "train"]
    dev = [r for r in rows if r["part"] == "dev"]
    print("train %d, dev %d messages" % (len(tr), len(dev)))
    W, b = train(tr)
    for r in dev:
        r["pc"], r["pn"] = probs(W, b, r["folded"])
    best = None
    weights = (0.0, 0.5, 0.75, 1.0, 1.25, 1.5) if a.use_classifier else (0.0,)
    for w in weights:
        for cb in np.arange(1.2, 1.81, 0.05):
            for nb in np.arange(0.9, 1.41, 0.1):
                for anyb in (0.9, 0.95, 0.98, 2.0):
                    t = (w, float(cb), float(nb), 0.6, anyb)
                    rec, spec, conc = metrics(dev, t)
                    if spec < a.min_specificity:
                        continue
                    key = (round(rec + 0.3 * conc, 4), spec, -w, -cb)
                    if best is None or key > best[0]:
                        best = (key, t, (rec, spec, conc))
    if best is None:
        sys.exit("no thresholds keep specificity >= %.2f on dev" % a.min_specificity)
    t = best[1]
    print("dev: recall %.3f specificity %.3f concern flagged %.3f with thresholds %s" % (best[2] + (t,)))
    # Int8 quantization per class.
    scales = [max(np.abs(W[:, c]).max(), 1e-9) / 127 for c in range(3)]
    q = np.stack([np.clip(np.round(W[:, c] / scales[c]), -127, 127) for c in range(3)], axis=1).astype(np.int8)
    out = os.path.join(ROOT, "Resources", "crisis-weights.bin")
    with open(out, "wb") as f:
        f.write(b"LCC1")
        f.write(struct.pack("<I", BUCKETS))
        f.write(struct.pack("<5f", *t))
        f.write(struct.pack("<3f", *scales))
        f.write(struct.pack("<3f", *b))
        f.write(q.tobytes())
    print("wrote %s (%d bytes)" % (out, os.path.getsize(out)))


if __name__ == "__main__":
    main()
