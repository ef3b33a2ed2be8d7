#!/usr/bin/env python3
"""Trains the crisis classifier and tunes the decision thresholds.

Usage: python3 Scripts/crisis_train.py [--bin .build/debug/crisis-eval] [--tune FILE.tsv ...]
Needs numpy and scipy, and a built `crisis-eval` (swift build --product crisis-eval), which
folds each message exactly as the app does and gives the lexicon's scores.

- Training data: the train part of Eval/crisis/corpus/<code>.tsv (`label<TAB>category<TAB>text`;
  each message belongs to one part, fixed by FNV-1a 64 of its UTF-8 text modulo 10: 0-5 train,
  6-7 dev, 8-9 test, the same rule as Eval/crisis/Sources/Evaluation.swift) and all of
  Eval/crisis/corpus-breadth/<code>.tsv (not split).
- Tuning data: the dev part of the corpus, plus any `--tune` files (a blind set kept outside the
  repository). The L2 strength and the decision thresholds are chosen there: the highest crisis
  recall whose specificity stays at or above --min-specificity on each tuning set.
  The corpus's test part is never read here.
- The model: multinomial logistic regression (none/crisis/concern) over hashed features of the
  folded text (see CrisisClassifier.swift for the features), each message's feature counts
  divided by the square root of their number; every language and every class weighs the same
  in the loss. Fitted with L-BFGS (scipy), quantised to Int8 per class.
- Output: Resources/crisis-weights.bin (layout in CrisisClassifier.swift) and
  Eval/crisis/classifier-expected.tsv (probabilities of fixed
  strings, which the Swift tests compare with their own).
"""
import argparse, glob, os, struct, subprocess, sys
import numpy as np
import scipy.optimize
import scipy.sparse as sp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUCKETS = 1 << 19
CLASSES = ["none", "crisis", "concern"]
FNV_OFFSET, FNV_PRIME, MASK64 = 0xcbf29ce484222325, 0x100000001b3, (1 << 64) - 1
CHAR_N = (2, 3, 4, 5)  # character n-grams of " word "
CJK_N = (1, 2, 3, 4)  # character n-grams of a clause's Chinese/Japanese/Korean run

# Fixed strings whose probabilities the Swift tests check against the Python model.
PROBES = [
    "I keep thinking about ending it all",
    "Хочу уснуть и не проснуться",
    "もう消えてしまいたい",
    "my friend said she wants to kill herself",
    "we made pasta and watched a film tonight",
    "ich will nicht mehr leben",
]


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
    """The feature hashes of a folded line, in the order CrisisClassifier.features gives them."""
    out = []
    compact = []
    for clause in line.split(" . "):
        words = [w for w in clause.split(" ") if w]
        prev = None
        for w in words:
            if is_compact(w[0]):
                compact.append(w)
                continue
            out.append(fnv(("w:" + w).encode()))
            if prev is not None:
                out.append(fnv(("b:" + prev + " " + w).encode()))
            prev = w
            s = " " + w + " "
            for n in CHAR_N:
                for i in range(len(s) - n + 1):
                    out.append(fnv(("c:" + s[i:i + n]).encode()))
    for w in compact:
        for n in CJK_N:
            for i in range(len(w) - n + 1):
                out.append(fnv(("k:" + w[i:i + n]).encode()))
    return [h & (BUCKETS - 1) for h in out]


def read_tsv(path, lang, part_of):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n").rstrip("\r")
        if not line or line.startswith("#"):
            continue
        p = line.split("\t", 2)
        if len(p) != 3 or p[0] not in CLASSES:
            continue
        rows.append({"lang": lang, "label": p[0], "category": p[1], "text": p[2], "part": part_of(p[2])})
    return rows


def load(bin_path, tune_files):
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "corpus", "*.tsv"))):
        rows += [r for r in read_tsv(path, os.path.basename(path)[:-4], part) if r["part"] != "test"]  # never the test part
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "corpus-breadth", "*.tsv"))):
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "train")
    for path in tune_files:
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "blind")
    texts = [r["text"] for r in rows] + PROBES
    # CRISIS_SCORE_CACHE=file keeps the binary's answers between runs (delete it after a rebuild).
    cache = os.environ.get("CRISIS_SCORE_CACHE")
    if cache and os.path.exists(cache):
        out = open(cache, encoding="utf-8").read().split("\n")
    else:
        out = subprocess.run([bin_path, "score"], input="\n".join(texts) + "\n",
                             capture_output=True, text=True, check=True).stdout.split("\n")
        if cache:
            open(cache, "w", encoding="utf-8").write("\n".join(out))
    for r, o in zip(rows, out):
        f = o.split("\t")
        r["self"], r["other"], r["folded"] = float(f[1]), float(f[2]), f[6]
        r["pself"], r["pother"] = float(f[7]), float(f[8])
    probes = [o.split("\t")[6] for o in out[len(rows):len(rows) + len(PROBES)]]
    return rows, probes


def matrix(rows):
    indptr, indices, data = [0], [], []
    for r in rows:
        f = features(r["folded"])
        u, c = np.unique(np.array(f, dtype=np.int64), return_counts=True)
        norm = 1 / np.sqrt(max(1, len(f)))
        indices += u.tolist()
        data += (c * norm).tolist()
        indptr.append(len(indices))
    return sp.csr_matrix((np.array(data), np.array(indices), np.array(indptr)), shape=(len(rows), BUCKETS))


def train(X, y, sw, l2):
    n, d = X.shape
    Y = np.zeros((n, 3)); Y[np.arange(n), y] = 1
    XT = X.T.tocsr()

    def f(theta):
        W = theta[:d * 3].reshape(d, 3); b = theta[d * 3:]
        Z = X @ W + b
        Z -= Z.max(axis=1, keepdims=True)
        logp = Z - np.log(np.exp(Z).sum(axis=1, keepdims=True))
        loss = -(sw * (Y * logp).sum(axis=1)).sum() + 0.5 * l2 * (W * W).sum()
        G = (np.exp(logp) - Y) * sw[:, None]
        gW = XT @ G + l2 * W
        return loss, np.concatenate([gW.ravel(), G.sum(axis=0)])

    res = scipy.optimize.minimize(f, np.zeros(d * 3 + 3), jac=True, method="L-BFGS-B", options={"maxiter": 400})
    return res.x[:d * 3].reshape(d, 3), res.x[d * 3:]


def weights_for(rows):
    """Every language counts the same, and within it every class."""
    sw = np.zeros(len(rows))
    langs = sorted({r["lang"] for r in rows})
    for lang in langs:
        for c in CLASSES:
            idx = [i for i, r in enumerate(rows) if r["lang"] == lang and r["label"] == c]
            if idx:
                sw[idx] = 1.0 / len(idx)
    return sw * len(rows) / sw.sum()


def quantise(W):
    scales = [max(np.abs(W[:, c]).max(), 1e-9) / 127 for c in range(3)]
    q = np.stack([np.clip(np.round(W[:, c] / scales[c]), -127, 127) for c in range(3)], axis=1).astype(np.int8)
    return q, scales


def probs_q(q, scales, b, X):
    """Probabilities as Swift computes them (quantised weights)."""
    Z = np.asarray((X @ q.astype(np.float64))) * np.array(scales) + b
    Z -= Z.max(axis=1, keepdims=True)
    P = np.exp(Z); P /= P.sum(axis=1, keepdims=True)
    return P


# Thresholds (see CrisisClassifier.Thresholds): low, high, cue, followup, veto, concernHigh, minFeatures
def decide(rows, P, t):
    """Outcomes (0 none, 1 crisis, 2 concern) as CrisisDetector.decide gives them (not at risk)."""
    low, high, cue, _, veto, chigh, minf = t
    s, o, plain = _lexicon(rows)
    nf = _memo[id(rows)][5]
    pc, pn = P[:, 1], P[:, 2]
    long_ = nf >= minf
    crisis = ((s >= 1) & (pc + pn >= veto)) | ((pc >= high) & long_) | ((pc >= low) & (plain >= cue))
    concern = ((o >= 1) & (pc + pn >= veto)) | ((pn >= chigh) & long_) | ((pc + pn >= high) & long_)
    return np.where(crisis, 1, np.where(concern, 2, 0))


_memo = {}


def _lexicon(rows):
    if id(rows) not in _memo:
        _memo[id(rows)] = (rows, np.array([r["self"] for r in rows]), np.array([r["other"] for r in rows]),
                           np.array([r["pself"] for r in rows]), np.array([CLASSES.index(r["label"]) for r in rows]),
                           np.array([len(features(r["folded"])) for r in rows]))
    return _memo[id(rows)][1:4]


def metrics(rows, P, t):
    got = decide(rows, P, t)
    _lexicon(rows)
    lab = _memo[id(rows)][4]
    rec = (got[lab == 1] == 1).mean() if (lab == 1).any() else float("nan")
    spec = (got[lab == 0] == 0).mean() if (lab == 0).any() else float("nan")
    conc = (got[lab == 2] != 0).mean() if (lab == 2).any() else float("nan")
    return rec, spec, conc


def per_language(rows, P, t):
    out = {}
    for lang in sorted({r["lang"] for r in rows}):
        idx = [i for i, r in enumerate(rows) if r["lang"] == lang]
        out[lang] = metrics([rows[i] for i in idx], P[idx], t)
    return out


def tune(sets, min_spec, alone=True, min_cue=0.1, min_features=(0,)):
    best = None
    grid = [float(x) for x in np.round(np.arange(0.3, 0.99, 0.04), 3)] + [0.99, 0.995, 0.998, 2.0]
    pooled = ([r for rows, _ in sets for r in rows], np.concatenate([P for _, P in sets]))
    for high in (grid if alone else [2.0]):
        for low in grid:
            if low > high:
                continue
            for cue, minf in [(c, m) for c in (0.1, 0.25, 0.5, 0.7, 0.8, 0.9) if c >= min_cue for m in min_features]:
                t = (float(low), float(high), cue, 0.6, 0.0, float(high), float(minf))
                rec, spec, conc = metrics(*pooled, t)
                if spec < min_spec:
                    continue
                ms = [metrics(rows, P, t) for rows, P in sets]
                key = (round(rec + 0.3 * conc, 4), spec, high)
                if best is None or key > best[0]:
                    best = (key, t, ms)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "crisis-eval"))
    # On dev + the blind round-1 set pooled; the lexicon alone keeps 0.876 on round 1, so 0.95
    # there is out of the classifier's reach without vetoing strong lexicon hits.
    ap.add_argument("--min-specificity", type=float, default=0.94)
    ap.add_argument("--l2", type=float, nargs="*", default=[0.003])
    ap.add_argument("--tune", nargs="*", default=[], help="blind labelled files used for tuning only")
    ap.add_argument("--dry-run", action="store_true")
    # The classifier is overconfident on short first-person sentences without a risk word
    # ("I forgot to take all my pills": p 0.999, 92 features), so it flags alone only on
    # messages of at least --min-features features, and lifts only unsoftened cues of at least 0.7.
    ap.add_argument("--no-alone", dest="alone", action="store_false", help="never let the classifier flag without a lexicon cue")
    ap.add_argument("--min-cue", type=float, default=0.7)
    ap.add_argument("--min-features", type=int, nargs="*", default=[120], help="the classifier flags alone only on messages with this many features")
    a = ap.parse_args()
    rows, probes = load(a.bin, a.tune)
    tr = [r for r in rows if r["part"] == "train"]
    dev = [r for r in rows if r["part"] == "dev"]
    blind = [r for r in rows if r["part"] == "blind"]
    print("train %d, dev %d, blind tuning %d messages" % (len(tr), len(dev), len(blind)))
    X = matrix(tr)
    y = np.array([CLASSES.index(r["label"]) for r in tr])
    sw = weights_for(tr)
    Xd, Xb = matrix(dev), matrix(blind) if blind else None
    best = None
    for l2 in a.l2:
        W, b = train(X, y, sw, l2)
        q, scales = quantise(W)
        sets = [(dev, probs_q(q, scales, b, Xd))]
        if blind:
            sets.append((blind, probs_q(q, scales, b, Xb)))
        tb = tune(sets, a.min_specificity, a.alone, a.min_cue, a.min_features)
        if tb is None:
            print("l2 %g: no thresholds keep specificity" % l2)
            continue
        print("l2 %g: %s thresholds %s" % (l2, " ".join("rec %.3f spec %.3f conc %.3f" % m for m in tb[2]), tb[1]))
        if best is None or tb[0] > best[0]:
            best = (tb[0], tb[1], l2, q, scales, b, sets)
    if best is None:
        sys.exit("no thresholds keep specificity >= %.2f" % a.min_specificity)
    _, t, l2, q, scales, b, sets = best
    print("chosen l2 %g, thresholds %s" % (l2, t))
    for name, (rs, P) in zip(["dev", "blind"], sets):
        for lang, m in per_language(rs, P, t).items():
            print("  %s %-8s rec %.2f spec %.2f conc %.2f" % (name, lang, *m))
    if a.dry_run:
        return
    out = os.path.join(ROOT, "Resources", "crisis-weights.bin")
    with open(out, "wb") as f:
        f.write(b"LCC2")
        f.write(struct.pack("<I", BUCKETS))
        f.write(struct.pack("<8f", *t, 0))
        f.write(struct.pack("<3f", *scales))
        f.write(struct.pack("<3f", *b))
        f.write(q.tobytes())
    print("wrote %s (%d bytes)" % (out, os.path.getsize(out)))
    # Expected probabilities of fixed strings (the Swift test folds them itself).
    Xp = matrix([{"folded": p} for p in probes])
    P = probs_q(q, scales, b, Xp)
    fx = os.path.join(ROOT, "Eval", "crisis", "classifier-expected.tsv")
    os.makedirs(os.path.dirname(fx), exist_ok=True)
    with open(fx, "w", encoding="utf-8") as f:
        f.write("# text<TAB>features<TAB>p(crisis)<TAB>p(concern), written by Scripts/crisis_train.py\n")
        for text, folded, p in zip(PROBES, probes, P):
            f.write("%s\t%d\t%.6f\t%.6f\n" % (text, len(features(folded)), p[1], p[2]))
    print("wrote %s" % fx)


if __name__ == "__main__":
    main()
