#!/usr/bin/env python3
"""Trains the crisis classifier and tunes the decision thresholds.

Usage: python3 Scripts/crisis_train.py [--bin .build/debug/crisis-eval] [--tune FILE.tsv ...]
Needs numpy and scipy, and a built `crisis-eval` (swift build --product crisis-eval), which
folds each message exactly as the app does and gives the lexicon's scores.

- Training data: the train part of Eval/crisis/corpus/<code>.tsv (`label<TAB>category<TAB>text`;
  each message belongs to one part, fixed by FNV-1a 64 of its UTF-8 text modulo 10: 0-5 train,
  6-7 dev, 8-9 test, the same rule as Eval/crisis/Sources/Evaluation.swift) and all of every
  Eval/crisis/corpus-*/<code>.tsv (not split): breadth (varied phrasing), pairs (risk lines and
  their everyday twins, short first-person lines), indirect (risk said without a risk word, in
  many voices), border (own recovered past, denials, jokes, risk buried in a long day),
  fragments and fragments2 (short everyday lines that borrow risk words), everyday (chat with
  Luna and diary lines), plans (plans, means, past attempts, preparations, mostly indirect),
  voices, recovered (the writer's own past now well, denials, medicine and care, with their risky
  twins), attempts (past attempts that still shape now, and their safe twins), depth to depth6
  (every language in depth: slang, dialect, romanisation, Cantonese), burden (being a burden and
  hopelessness, with their tired-but-safe twins), twins (moving, giving away, wills and goodbyes:
  preparation and farewell beside their ordinary twins), hardneg (news, medicine, denials,
  recovery, family hyperbole and grief, long and short, with risky twins), absence (short
  everyday lines of being away and of doing things to oneself, with risky twins), hard-hn1 and
  hard-hn2 (denials that name the act, everyday ropes, bridges and pills, news and fiction, with
  risk lines written close to them), blind-r1, r4, r6-r9, r11-r13, r15, r16, r21, r24, r27,
  r28, r31 and r32-r34, r36-r39 (blind sets, spent once measured) and blind-style sets written to the same
  brief as the blind sets by other writers, for training only.
  A review of the plans and everyday crisis lines by helpers who wrote none of them judged about
  half of the plan/preparation lines to carry no risk in the text alone ("thursday night it is");
  they are kept, as blind writers label such lines crisis, and training without them lowered
  recall on the blind sets at the same specificity.
- Tuning data: the dev part of the corpus and Eval/crisis/tune-blind-r2, r3, r5, r10, r14 and r35
  (blind sets, spent; r35 showed lexicon gaps that were fixed, and is not trained on), plus any
  `--tune` files. The decision thresholds are chosen there.
  The corpus's test part is never read here, nor Eval/crisis/heldout-blind-* (the last blind set,
  measured once with the shipped model by `make eval`; move it into training when retraining and
  hold out a fresh one).
- Shipped: `python3 Scripts/crisis_train.py --l2 0.01 --thresholds 0.3 0.72 0.7 0.6 0.05 0.85 90 100 0.995`:
  on the corpus dev part 90.1% recall at 96.3% specificity, on the blind tuning sets 97.1% at
  96.3% (a none message flagged as concern counts against specificity too). Concern alone has its
  own bar (concernHigh), above high. Chosen also so that the unit tests'
  everyday lines stay unflagged and fewer than 2% of fresh everyday chat lines (a set written for
  this, kept outside the repository) are flagged: the classifier is over-sure on short chat
  ("magari dopo", "that's it for today"), so without an unsoftened lexicon cue of at least
  ALONE_CUE it flags a message of under 90 features only at p >= 0.995 (highShort; at 0.97 "keep going"
  and "мне уже спокойнее" were flagged). A message of
  more than WINDOW clauses is judged by its most worrying run of WINDOW clauses.
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


def load(bin_path, tune_files, extra_train=(), eval_files=()):
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "corpus", "*.tsv"))):
        rows += [r for r in read_tsv(path, os.path.basename(path)[:-4], part) if r["part"] != "test"]  # never the test part
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "corpus-*", "*.tsv"))):
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "train")
    for path in extra_train:
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "train")
    for path in sorted(glob.glob(os.path.join(ROOT, "Eval", "crisis", "tune-*", "*.tsv"))) + list(tune_files):
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "blind")
    for path in eval_files:
        rows += read_tsv(path, os.path.basename(path)[:-4], lambda t: "eval")
    texts = [r["text"] for r in rows] + PROBES
    # CRISIS_SCORE_CACHE=file keeps the binary's answers per text between runs (delete it after a rebuild).
    cache_path = os.environ.get("CRISIS_SCORE_CACHE")
    cache = {}
    if cache_path and os.path.exists(cache_path):
        for line in open(cache_path, encoding="utf-8"):
            k, _, v = line.rstrip("\n").partition("\x1f")
            cache[k] = v
    todo = sorted({t for t in texts if t not in cache})
    if todo:
        got = subprocess.run([bin_path, "score"], input="\n".join(todo) + "\n",
                             capture_output=True, text=True, check=True).stdout.split("\n")
        for t, o in zip(todo, got):
            cache[t] = o
        if cache_path:
            with open(cache_path, "w", encoding="utf-8") as f:
                for k, v in cache.items():
                    f.write(k + "\x1f" + v + "\n")
    out = [cache[t] for t in texts]
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


WINDOW = 3  # CrisisClassifier.windowClauses (0: the whole message only); --window changes it for experiments


def windows(folded):
    """The whole folded message when it has at most WINDOW clauses, else every run of WINDOW
    consecutive clauses (the most worrying counts, as CrisisClassifier.scores does); within
    each, a clause repeated word for word counts once."""
    clauses = folded.split(" . ")
    once = lambda cs: " . ".join(dict.fromkeys(cs))
    if WINDOW <= 0:
        return [folded]
    if len(clauses) <= WINDOW:
        return [once(clauses)]
    return [once(clauses[i:i + WINDOW]) for i in range(len(clauses) - WINDOW + 1)]


def probs_rows(q, scales, b, rows):
    """Per message: p(crisis) of its most worrying window, p(concern) likewise."""
    if WINDOW == 0:
        return probs_q(q, scales, b, matrix(rows))
    wins, owner = [], []
    for i, r in enumerate(rows):
        for w in windows(r["folded"]):
            wins.append({"folded": w}); owner.append(i)
    P = probs_q(q, scales, b, matrix(wins))
    owner = np.array(owner)
    out = np.zeros((len(rows), 3))
    out[:, 0] = 1
    for c in (1, 2):
        np.maximum.at(out[:, c], owner, P[:, c])
    out[:, 0] = np.clip(1 - out[:, 1] - out[:, 2], 0, 1)
    return out


def probs_q(q, scales, b, X):
    """Probabilities as Swift computes them (quantised weights)."""
    Z = np.asarray((X @ q.astype(np.float64))) * np.array(scales) + b
    Z -= Z.max(axis=1, keepdims=True)
    P = np.exp(Z); P /= P.sum(axis=1, keepdims=True)
    return P


# Thresholds (see CrisisClassifier.Thresholds): low, high, cue, followup, veto, concernHigh, minFeatures,
# vetoFromFeatures, highShort
VETO_BELOW = 400  # CrisisClassifier.vetoBelowFeatures
ALONE_CUE = 0.6  # CrisisClassifier.aloneCue (above a lone weak cue such as "done", 0.5)
COMPACT_WEIGHT = 2  # CrisisClassifier.compactWeight: a CJK feature counts 1 + this towards minFeatures


def compact_features(folded):
    """The number of features from Chinese, Japanese and Korean runs (CrisisClassifier.compactFeatureCount)."""
    n = 0
    for clause in folded.split(" . "):
        run = sum(len(w) for w in clause.split(" ") if w and is_compact(w[0]))
        n += sum(max(0, run - g + 1) for g in (1, 2, 3, 4))
    return n


def decide(rows, P, t):
    """Outcomes (0 none, 1 crisis, 2 concern) as CrisisDetector.decide gives them (not at risk)."""
    low, high, cue, _, veto, chigh, minf, vfrom, hs = t
    s, o, plain = _lexicon(rows)
    nf = _memo[id(rows)][5]
    length = nf + COMPACT_WEIGHT * _memo[id(rows)][6]
    pc, pn = P[:, 1], P[:, 2]
    vetoed = (nf >= vfrom) & (nf < VETO_BELOW) & (pc + pn < veto)
    alone = (length >= minf) | (plain >= ALONE_CUE) | (o >= 1)
    crisis = ((s >= 1) & ~vetoed) | ((pc >= high) & alone) | ((pc >= low) & (plain >= cue)) \
        | ((pc + pn >= high) & (pc >= pn) & alone) | (pc >= hs)
    concern = ((o >= 1) & ~vetoed) | (((pn >= chigh) | (pc + pn >= chigh)) & alone)
    return np.where(crisis, 1, np.where(concern, 2, 0))


_memo = {}


def _lexicon(rows):
    if id(rows) not in _memo:
        _memo[id(rows)] = (rows, np.array([r["self"] for r in rows]), np.array([r["other"] for r in rows]),
                           np.array([r["pself"] for r in rows]), np.array([CLASSES.index(r["label"]) for r in rows]),
                           np.array([len(features(r["folded"])) for r in rows]),
                           np.array([compact_features(r["folded"]) for r in rows]))
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


def tune(sets, min_spec, alone=True, min_cue=0.1, veto_from=100, vetoes=(0.0,), min_features=(0,), highs_short=(2.0,)):
    best = None
    grid = [float(x) for x in np.round(np.arange(0.3, 0.99, 0.04), 3)] + [0.99, 0.995, 0.998, 0.999, 2.0]
    pooled = ([r for rows, _ in sets for r in rows], np.concatenate([P for _, P in sets]))
    for high in (grid if alone else [2.0]):
        for low in grid:
            if low > high:
                continue
            for cue, veto in [(c, v) for c in (0.1, 0.25, 0.5, 0.7, 0.8, 0.9) if c >= min_cue for v in vetoes]:
                for minf, hs in [(m, h) for m in min_features for h in highs_short]:
                    t = (float(low), float(high), cue, 0.6, float(veto), max(float(high), 0.9), float(minf), float(veto_from), float(hs))
                    rec, spec, conc = metrics(*pooled, t)
                    if spec < min_spec:
                        continue
                    ms = [metrics(rows, P, t) for rows, P in sets]
                    key = (round(rec + 0.3 * conc, 4), spec, high)
                    if best is None or key > best[0]:
                        best = (key, t, ms)
    return best


def main():
    global WINDOW
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "crisis-eval"))
    # On dev + the blind round-1 set pooled; the lexicon alone keeps 0.876 on round 1, so 0.95
    # there is out of the classifier's reach without vetoing strong lexicon hits.
    ap.add_argument("--min-specificity", type=float, default=0.98)
    ap.add_argument("--l2", type=float, nargs="*", default=[0.001])
    ap.add_argument("--tune", nargs="*", default=[], help="blind labelled files used for tuning only")
    ap.add_argument("--extra-train", nargs="*", default=[], help="further labelled files for training")
    ap.add_argument("--eval", nargs="*", default=[], help="labelled files only measured, never tuned on")
    ap.add_argument("--veto", type=float, nargs="*", default=[0.01, 0.05, 0.1], help="p(crisis)+p(concern) below which a lexicon hit is vetoed")
    ap.add_argument("--show-misses", action="store_true", help="print the --eval messages decided wrongly")
    ap.add_argument("--window", type=int, default=WINDOW, help="score messages of more clauses by every run of this many clauses; the most worrying counts (0: whole messages)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-alone", dest="alone", action="store_false", help="never let the classifier flag without a lexicon cue")
    ap.add_argument("--min-cue", type=float, default=0.7)
    # The veto is trusted only on messages of a middling length: a bare cue is too short for the
    # classifier, and in a long paragraph the one risky sentence is diluted (features, [from, below)).
    ap.add_argument("--veto-from", type=float, default=100)
    ap.add_argument("--thresholds", type=float, nargs=9, help="use these (low high cue followup veto concernHigh minFeatures vetoFrom highShort) instead of tuning")
    # On short lines without any lexicon cue the classifier is overconfident ("are you there",
    # "let it go" at p 0.99+), so there it never flags alone.
    ap.add_argument("--min-features", type=float, nargs="*", default=[90])
    # Below --min-features (without a cue) the classifier flags alone only at this p(crisis).
    ap.add_argument("--high-short", type=float, nargs="*", default=[2.0])
    a = ap.parse_args()
    WINDOW = a.window
    rows, probes = load(a.bin, a.tune, a.extra_train, a.eval)
    tr = [r for r in rows if r["part"] == "train"]
    dev = [r for r in rows if r["part"] == "dev"]
    blind = [r for r in rows if r["part"] == "blind"]
    held = [r for r in rows if r["part"] == "eval"]
    print("train %d, dev %d, blind tuning %d messages" % (len(tr), len(dev), len(blind)))
    X = matrix(tr)
    y = np.array([CLASSES.index(r["label"]) for r in tr])
    sw = weights_for(tr)
    Xd, Xb = matrix(dev), matrix(blind) if blind else None
    best = None
    import hashlib
    key = hashlib.sha1(("\n".join(r["label"] + r["text"] for r in tr)).encode()).hexdigest()[:16]
    for l2 in a.l2:
        # CRISIS_MODEL_CACHE=dir keeps fitted models by training data and l2 (experiments only).
        mc = os.environ.get("CRISIS_MODEL_CACHE")
        mp = os.path.join(mc, "%s-%g.npz" % (key, l2)) if mc else None
        if mp and os.path.exists(mp):
            z = np.load(mp); W, b = z["W"], z["b"]
        else:
            W, b = train(X, y, sw, l2)
            if mp:
                os.makedirs(mc, exist_ok=True); np.savez(mp, W=W, b=b)
        q, scales = quantise(W)
        sets = [(dev, probs_rows(q, scales, b, dev))]
        if blind:
            sets.append((blind, probs_rows(q, scales, b, blind)))
        if a.thresholds:
            t = tuple(a.thresholds)
            tb = ((0,), t, [metrics(rows, P, t) for rows, P in sets])
        else:
            tb = tune(sets, a.min_specificity, a.alone, a.min_cue, a.veto_from, a.veto, a.min_features, a.high_short)
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
    if held:
        Ph = probs_rows(q, scales, b, held)
        for lang, m in per_language(held, Ph, t).items():
            print("  eval %-8s rec %.2f spec %.2f conc %.2f" % (lang, *m))
        print("  eval ALL      rec %.3f spec %.3f conc %.3f" % metrics(held, Ph, t))
        if a.show_misses:
            got = decide(held, Ph, t)
            for r, g, p in zip(held, got, Ph):
                want = CLASSES.index(r["label"])
                if (want == 1 and g != 1) or (want == 0 and g != 0):
                    print("  miss %s %s/%s got %s pc %.2f pn %.2f self %.1f: %s" % (
                        r["lang"], r["label"], r["category"], CLASSES[g], p[1], p[2], r["self"], r["text"]))
    if a.dry_run:
        return
    out = os.path.join(ROOT, "Resources", "crisis-weights.bin")
    with open(out, "wb") as f:
        f.write(b"LCC3")
        f.write(struct.pack("<I", BUCKETS))
        f.write(struct.pack("<9f", *t))
        f.write(struct.pack("<3f", *scales))
        f.write(struct.pack("<3f", *b))
        f.write(q.tobytes())
    print("wrote %s (%d bytes)" % (out, os.path.getsize(out)))
    # Expected probabilities of fixed strings (the Swift test folds them itself).
    P = probs_rows(q, scales, b, [{"folded": p} for p in probes])
    fx = os.path.join(ROOT, "Eval", "crisis", "classifier-expected.tsv")
    os.makedirs(os.path.dirname(fx), exist_ok=True)
    with open(fx, "w", encoding="utf-8") as f:
        f.write("# text<TAB>features<TAB>p(crisis)<TAB>p(concern), written by Scripts/crisis_train.py\n")
        for text, folded, p in zip(PROBES, probes, P):
            f.write("%s\t%d\t%.6f\t%.6f\n" % (text, len(features(folded)), p[1], p[2]))
    print("wrote %s" % fx)


if __name__ == "__main__":
    main()
