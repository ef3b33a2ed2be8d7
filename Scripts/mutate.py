#!/usr/bin/env python3
"""make mutate: would the tests notice? Applies one-line mutations to a scratch copy of the
repository, one at a time, builds, runs the tests named for each, and reports which survive.

  python3 Scripts/mutate.py                 # every mutation in Scripts/mutations.json
  python3 Scripts/mutate.py --only ID,ID    # some of them
  python3 Scripts/mutate.py --list          # what would be run

Each mutation in Scripts/mutations.json is
  {"id": "...", "file": "Sources/...", "from": "exact text of one line (or part of it)",
   "to": "its replacement", "tests": ["XCTest filter", "e2e/test_name.sh", ...], "why": "..."}
`from` must occur exactly once in `file`. A test entry ending in `.sh` is an end-to-end test
under Tests/ run with the scratch copy's binary; anything else is a `swift test --filter`.
A mutation is CAUGHT when at least one of its tests fails, SURVIVED when all pass. A mutation
that does not build is reported as NOBUILD (fix the mutation: it proves nothing).

The scratch copy lives in $TMPDIR/lanternly-mutate-UID/src (kept between runs, so only the
first build is a full one); the repository itself is never changed. Not part of `make test`.
Exit status: 0 when every mutation was caught, 1 otherwise.
"""
import json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SCRATCH = os.path.join(tempfile.gettempdir(), f"lanternly-mutate-{os.getuid()}", "src")


def sync_scratch():
    """Copies the repository's files (tracked and new, not ignored) into the scratch copy,
    rewriting only those that differ, so the scratch build stays incremental."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    wanted = set()
    for rel in filter(None, files):
        src = os.path.join(ROOT, rel)
        if not os.path.isfile(src):
            continue
        wanted.add(rel)
        dst = os.path.join(SCRATCH, rel)
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)
    # Files deleted from the repository go from the scratch copy too (not the build folder).
    for dirpath, dirnames, filenames in os.walk(SCRATCH):
        if ".build" in dirnames:
            dirnames.remove(".build")
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), SCRATCH)
            if rel not in wanted:
                os.unlink(os.path.join(dirpath, name))


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=SCRATCH, capture_output=True, text=True, **kw)


def build():
    return run(["swift", "build", "--build-tests"])


def run_test(test):
    if test.endswith(".sh"):
        env = dict(os.environ, LANTERNLY_BIN=os.path.join(SCRATCH, ".build/debug/lanternly"))
        return run(["bash", os.path.join("Tests", test)], env=env, timeout=600)
    r = run(["swift", "test", "--skip-build", "--disable-swift-testing", "--filter", test], timeout=900)
    if r.returncode == 0 and "Executed 0 tests" in r.stdout + r.stderr:
        r.returncode = 99  # a filter that matches nothing proves nothing
        r.stdout += f"\nno test matches {test}"
    return r


def main(argv):
    with open(os.path.join(ROOT, "Scripts", "mutations.json"), encoding="utf-8") as f:
        mutations = json.load(f)
    if "--only" in argv:
        only = set(argv[argv.index("--only") + 1].split(","))
        mutations = [m for m in mutations if m["id"] in only]
    if "--list" in argv:
        for m in mutations:
            print(f"{m['id']:28} {m['file']}: {m['from'].strip()}  ->  {m['to'].strip()}")
        return 0
    os.makedirs(SCRATCH, exist_ok=True)
    sync_scratch()
    print(f"scratch copy: {SCRATCH}", flush=True)
    b = build()
    if b.returncode != 0:
        print("the unmutated scratch copy does not build:\n" + b.stdout[-3000:] + b.stderr[-3000:])
        return 2
    results = []
    for m in mutations:
        path = os.path.join(SCRATCH, m["file"])
        with open(path, encoding="utf-8") as f:
            original = f.read()
        count = original.count(m["from"])
        if count != 1:
            results.append((m, f"STALE ({count} matches)", ""))
            print(f"{m['id']}: STALE — the text occurs {count} times in {m['file']}", flush=True)
            continue
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(m["from"], m["to"]))
            b = build()
            if b.returncode != 0:
                results.append((m, "NOBUILD", (b.stdout + b.stderr)[-400:]))
            else:
                verdict, by = "SURVIVED", ""
                for t in m["tests"]:
                    r = run_test(t)
                    if r.returncode != 0:
                        verdict, by = "CAUGHT", t
                        break
                results.append((m, verdict, by))
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        print(f"{m['id']}: {results[-1][1]} {results[-1][2]}".rstrip(), flush=True)
    build()  # leave the scratch copy built unmutated for the next run

    print("\n| mutation | file | change | result | caught by |")
    print("|---|---|---|---|---|")
    for m, verdict, by in results:
        change = f"`{m['from'].strip()}` → `{m['to'].strip()}`".replace("|", "\\|")
        print(f"| {m['id']} | {m['file']} | {change} | {verdict} | {by if verdict == 'CAUGHT' else ''} |")
    survived = [m["id"] for m, v, _ in results if v != "CAUGHT"]
    print(f"\nmutate: {len(results) - len(survived)} caught, {len(survived)} not caught"
          + (f" ({', '.join(survived)})" if survived else ""))
    return 0 if not survived else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
