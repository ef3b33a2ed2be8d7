#!/usr/bin/env python3
"""Lanternly benchmarks: whole-process medians, in-process micro benchmarks, and jrnl side by side.

Prints one line per measurement with its budget. It asserts nothing: speed is read, not tested.
"""
import json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_BIN = os.path.join(os.path.dirname(BIN), "lanternly-bench")
PROFILES = os.path.join(ROOT, "Resources", "profiles")


def report(name, value, unit, budget=None):
    b = f"   (budget {budget} {unit})" if budget is not None else ""
    verdict = ""
    if budget is not None:
        verdict = "  ok" if value <= budget else "  OVER"
    print(f"{name:<58} {value:>10.2f} {unit}{b}{verdict}", flush=True)


def median_ms(argv, env, runs=30, stdin=None, warmup=3):
    times = []
    for i in range(runs + warmup):
        t0 = time.perf_counter()
        subprocess.run(argv, env=env, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        dt = (time.perf_counter() - t0) * 1000
        if i >= warmup:
            times.append(dt)
    return statistics.median(times)


def main():
    home = tempfile.mkdtemp(prefix="lanternly-bench-")
    env = dict(os.environ, LANTERNLY_HOME=home, LANG="C.UTF-8", TZ="UTC")
    if sys.argv[2:] == ["journal"]:  # bench.py BIN journal: only the journal part
        journal_bench(env)
        shutil.rmtree(home, ignore_errors=True)
        return
    if sys.argv[2:] == ["living"]:  # bench.py BIN living: only issue 12's part
        living_bench(env)
        shutil.rmtree(home, ignore_errors=True)
        return
    prof = lambda n: ["--profile", os.path.join(home, n + ".json")]
    for n in ("iphone-16-pro", "iphone-15"):
        shutil.copy(os.path.join(PROFILES, n + ".json"), os.path.join(home, n + ".json"))
    if sys.argv[2:] == ["server"]:  # bench.py BIN server: only the model-server part (issue 13)
        import server_bench
        server_bench.run(BIN, env, home, spawn_pty, report, os.path.join(home, "iphone-16-pro.json"))
        shutil.rmtree(home, ignore_errors=True)
        return
    subprocess.run([BIN, "status"], env=env, stdout=subprocess.DEVNULL, check=True)

    print("== Issue 2: whole process (release build, median of 30) ==")
    report("lanternly reply (bank path, iphone-15)", median_ms([BIN] + prof("iphone-15") + ["reply", "I had a long day at work"], env), "ms", 25)
    report("lanternly reply (crisis path)", median_ms([BIN] + prof("iphone-16-pro") + ["reply", "I want to end my life"], env), "ms", 25)
    report("lanternly reply (on-device path, iphone-16-pro)", median_ms([BIN] + prof("iphone-16-pro") + ["reply", "I had a long day at work"], env), "ms", 25)
    report("lanternly question --widget", median_ms([BIN, "question", "--widget"], env, runs=50), "ms", 15)

    if os.path.exists(BENCH_BIN):
        loads = []
        for _ in range(21):
            out = subprocess.run([BENCH_BIN, "crisis-load"], env=env, capture_output=True, text=True)
            if out.returncode == 0 and out.stdout.strip():
                loads.append(float(out.stdout.strip()))
        if loads:
            print("== Issue 7: crisis lexicon and weights (fresh process, median of 21) ==")
            report("crisis lexicon + classifier weights load", statistics.median(loads), "ms", 5)
        print("== In-process (lanternly-bench) ==")
        out = subprocess.run([BENCH_BIN], env=env, capture_output=True, text=True)
        sys.stdout.write(out.stdout)
        if out.returncode != 0:
            sys.stdout.write(out.stderr)

    tui_bench(env, home)
    import server_bench
    server_bench.run(BIN, env, home, spawn_pty, report, os.path.join(home, "iphone-16-pro.json"))
    journal_bench(env)
    living_bench(env)
    shutil.rmtree(home, ignore_errors=True)


def living_bench(env):
    """Issue 12 on 100,000 generated entries (Benchmarks/genjournal.py, imported): tags,
    on-this-day, calendar, edit (whole process), then the store calls in process."""
    print("== Issue 12: living with the journal (100k entries, whole process, median of 20) ==", flush=True)
    work = tempfile.mkdtemp(prefix="lanternly-12-")
    txt, js = os.path.join(work, "journal.txt"), os.path.join(work, "journal.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "genjournal.py"), "100000", txt, js], check=True)
    e = dict(env, LANTERNLY_HOME=os.path.join(work, "home"))
    subprocess.run([BIN, "import", "--from", "jrnl", txt], env=e, check=True, stdout=subprocess.DEVNULL)
    report("lanternly tags (100k journal)", median_ms([BIN, "tags"], e, runs=20), "ms", 30)
    report("lanternly on-this-day (100k journal)", median_ms([BIN, "on-this-day"], e, runs=20), "ms", 25)
    report("lanternly calendar (100k journal)", median_ms([BIN, "calendar"], e, runs=20), "ms", 25)
    first = subprocess.run([BIN, "list", "-n", "1"], env=e, capture_output=True, text=True).stdout[:5]
    times = []
    for i in range(23):
        t0 = time.perf_counter()
        subprocess.run([BIN, "edit", first, f"an edited entry, version {i}"], env=e,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i >= 3:
            times.append((time.perf_counter() - t0) * 1000)
    report("lanternly edit ID TEXT (save + revision, 100k journal)", statistics.median(times), "ms", 25)
    if os.path.exists(BENCH_BIN):
        print("-- in process (lanternly-bench living) --")
        out = subprocess.run([BENCH_BIN, "living", e["LANTERNLY_HOME"]], env=e, capture_output=True, text=True)
        sys.stdout.write(out.stdout + out.stderr)
    shutil.rmtree(work, ignore_errors=True)


def spawn_pty(argv, env, cols, rows):
    """Starts argv on a new pseudo-terminal of cols x rows; returns (pid, master fd)."""
    import fcntl, pty, struct, termios
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def read_until(fd, needle, timeout=10.0):
    import select
    buf = b""
    end = time.perf_counter() + timeout
    while needle not in buf and time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            buf += chunk
    return needle in buf


def tui_bench(env, home):
    """Launch to first full frame, and peak memory of a 1,000-message session (issue 3)."""
    print("== Issue 3: full-screen app (a real pseudo-terminal) ==")
    tenv = dict(env, TERM="xterm-256color")
    argv = [BIN] + [a for a in ["--profile", os.path.join(home, "iphone-15.json")]]
    # The help line is drawn last in a frame: its first key label marks a full frame.
    marker = "F1".encode()
    times = []
    for i in range(12):
        t0 = time.perf_counter()
        pid, fd = spawn_pty(argv, tenv, 80, 24)
        ok = read_until(fd, marker)
        dt = (time.perf_counter() - t0) * 1000
        os.write(fd, b"\x03")  # Ctrl-C quits
        os.waitpid(pid, 0)
        os.close(fd)
        if ok and i >= 2:
            times.append(dt)
    if times:
        report("launch to first full frame (80x24)", statistics.median(times), "ms", 80)
    # 1,000 messages typed into the app, each answered (bank path), then quit; peak RSS.
    pid, fd = spawn_pty(argv, tenv, 120, 40)
    read_until(fd, marker)
    import select
    for i in range(1000):
        data = f"Message number {i}: a quiet day, some tea, a walk \u043f\u043e \u043f\u0430\u0440\u043a\u0443\r".encode()
        # Write and read together, so neither side of the pty ever fills up and blocks.
        while data:
            r, w, _ = select.select([fd], [fd], [], 1.0)
            if r:
                try:
                    os.read(fd, 65536)
                except OSError:
                    break
            if w:
                data = data[os.write(fd, data[:512]):]
    # Let the replies arrive, then quit, reading the screen all the while so the app never
    # blocks on a full pseudo-terminal.
    end = time.perf_counter() + 5
    while time.perf_counter() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"\x03")
    usage = None
    end = time.perf_counter() + 10
    while time.perf_counter() < end:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        usage = None
        if select.select([fd], [], [], 0.1)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    os.close(fd)
    if usage is None:
        os.kill(pid, 9)
        _, status, usage = os.wait4(pid, 0)
        print("(the session did not quit on Ctrl-C within 10 s; killed)")
    report("peak memory, session with 1,000 messages", usage.ru_maxrss / 1024, "MB", 30)


def measured(argv, env, stdin_path=None, stdout_path=None):
    """Runs argv once; returns (milliseconds, peak resident MB from getrusage of the child)."""
    fin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    fout = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdin=fin, stdout=fout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    dt = (time.perf_counter() - t0) * 1000
    for f in (fin, fout):
        if f is not subprocess.DEVNULL:
            f.close()
    return dt, usage.ru_maxrss / 1024, (usage.ru_utime + usage.ru_stime) * 1000


def median_of(runs, fn):
    """Medians of (wall ms, peak MB, CPU ms) over `runs` calls of fn()."""
    res = [fn() for _ in range(runs)]
    return tuple(statistics.median(r[i] for r in res) for i in range(3))


def jrnl_binary():
    venv = os.path.join(ROOT, ".build", "jrnl-venv")
    jrnl = os.path.join(venv, "bin", "jrnl")
    if not os.path.exists(jrnl):
        r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True)
        if r.returncode == 0:
            r = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "jrnl"], capture_output=True)
        if r.returncode != 0 or not os.path.exists(jrnl):
            print("(jrnl could not be installed with pip; the jrnl column stays empty)")
            return None
    return jrnl


def jrnl_home(journal):
    """A private jrnl configuration whose default journal is `journal`; returns its environment."""
    jhome = os.path.dirname(journal)
    cfg_dir = os.path.join(jhome, "config", "jrnl")
    os.makedirs(cfg_dir, exist_ok=True)
    with open(os.path.join(cfg_dir, "jrnl.yaml"), "w") as f:
        f.write(f"""colors: {{body: none, date: none, tags: none, title: none}}
default_hour: 9
default_minute: 0
editor: ''
encrypt: false
highlight: false
indent_character: '|'
journals:
  default:
    journal: {journal}
linewrap: 79
tagsymbols: '#@'
template: false
timeformat: '%Y-%m-%d %H:%M'
version: v4.6
""")
    return dict(os.environ, XDG_CONFIG_HOME=os.path.join(jhome, "config"), XDG_DATA_HOME=jhome, HOME=jhome)


class Table:
    def __init__(self, title):
        print(f"== {title} ==")
        print("(wall time; CPU time = user + system from getrusage, which a busy machine inflates less)")
        print(f"{'what':<44} {'lanternly':>11} {'cpu':>9} {'peak MB':>8} {'jrnl':>11} {'cpu':>9} {'peak MB':>8} {'jrnl/ours':>9}  budget")

    def row(self, name, ours, jrnl=None, budget=""):
        o = f"{ours[0]:9.1f}ms {ours[2]:7.0f}ms {ours[1]:8.1f}" if ours else f"{'—':>11} {'':>9} {'':>8}"
        j = f"{jrnl[0]:9.1f}ms {jrnl[2]:7.0f}ms {jrnl[1]:8.1f}" if jrnl else f"{'—':>11} {'':>9} {'':>8}"
        ratio = f"{jrnl[0] / ours[0]:8.1f}x" if (ours and jrnl and ours[0] > 0) else f"{'':>9}"
        verdict = ""
        if budget and ours:
            verdict = f"{budget} ms " + ("ok" if ours[0] <= float(budget) else "OVER")
        print(f"{name:<44} {o} {j} {ratio}  {verdict}", flush=True)


def journal_bench(env):
    """Realistic generated journals at 10,000 and 100,000 entries, side by side with jrnl."""
    runs_heavy = int(os.environ.get("BENCH_RUNS", "3"))
    runs_light = max(runs_heavy, 9)
    # jrnl reads its whole journal on every command: at 100,000 entries one run each is enough.
    jrnl_runs = {10000: runs_heavy, 100000: int(os.environ.get("BENCH_JRNL_RUNS", "1"))}
    jrnl = jrnl_binary() if os.environ.get("BENCH_JRNL", "1") != "0" else None
    gen = os.path.join(ROOT, "Benchmarks", "genjournal.py")
    budgets = {10000: {"import text": 300, "import JSON": 300},
               100000: {"import text": 3000, "import JSON": 3000, "export JSON": 1000, "export txt": 1000}}
    homes = {}
    sizes = [int(x) for x in os.environ.get("BENCH_SIZES", "10000,100000").split(",")]
    for n in sizes:
        work = tempfile.mkdtemp(prefix=f"lanternly-{n}-")
        txt, js = os.path.join(work, "journal.txt"), os.path.join(work, "journal.json")
        subprocess.run([sys.executable, gen, str(n), txt, js], check=True)
        table = Table(f"{n:,} generated entries ({os.path.getsize(txt) / 1e6:.1f} MB text, "
                      f"{os.path.getsize(js) / 1e6:.1f} MB JSON); medians of {runs_heavy}/{runs_light} runs")
        b = budgets.get(n, {})

        def fresh_import(path):
            h = tempfile.mkdtemp(prefix="lanternly-imp-", dir=work)
            r = measured([BIN, "import", "--from", "jrnl", path], dict(env, LANTERNLY_HOME=h))
            shutil.rmtree(h, ignore_errors=True)
            return r

        def jrnl_import():
            d = tempfile.mkdtemp(prefix="jrnl-imp-", dir=work)
            j = os.path.join(d, "journal.txt")
            open(j, "w").close()
            return measured([jrnl, "--import", "--file", txt], jrnl_home(j))

        table.row("import jrnl text journal", median_of(runs_heavy, lambda: fresh_import(txt)),
                  median_of(jrnl_runs[n], jrnl_import) if jrnl else None, b.get("import text", ""))
        table.row("import jrnl JSON export", median_of(runs_heavy, lambda: fresh_import(js)), None, b.get("import JSON", ""))
        home = os.path.join(work, "home")
        e = dict(env, LANTERNLY_HOME=home)
        subprocess.run([BIN, "import", "--from", "jrnl", txt], env=e, check=True, stdout=subprocess.DEVNULL)
        homes[n] = (home, e, txt)
        je = None
        if jrnl:
            jdir = os.path.join(work, "jrnl")
            os.makedirs(jdir)
            shutil.copy(txt, os.path.join(jdir, "journal.txt"))
            je = jrnl_home(os.path.join(jdir, "journal.txt"))

        def both(name, ours_argv, jrnl_argv, runs, budget=""):
            ours = median_of(runs, lambda: measured(ours_argv, e))
            theirs = median_of(jrnl_runs[n], lambda: measured([jrnl] + jrnl_argv, je)) if (jrnl and jrnl_argv) else None
            table.row(name, ours, theirs, budget)

        both("export JSON", [BIN, "export", "--format", "json"], ["--format", "json"], runs_heavy, b.get("export JSON", ""))
        both("export txt", [BIN, "export", "--format", "txt"], ["--format", "txt"], runs_heavy, b.get("export txt", ""))
        both("list -n 10", [BIN, "list", "-n", "10"], ["-n", "10"], runs_light, 25)
        both("search a word (lantern)", [BIN, "search", "lantern"], ["-contains", "lantern"], runs_light, 50)
        both("search Cyrillic substring (фонар)", [BIN, "search", "фонар"], ["-contains", "фонар"], runs_light, 50)
        both("search Japanese, 2 characters (灯籠)", [BIN, "search", "灯籠"], ["-contains", "灯籠"], runs_light, 50)
        both("search Japanese, 3 characters (明かり)", [BIN, "search", "明かり"], ["-contains", "明かり"], runs_light, 50)
        both("search 1 CJK character, no match (鯨)", [BIN, "search", "鯨"], ["-contains", "鯨"], runs_light, 50)
        both("search 2 CJK characters, no match (鯨鮫)", [BIN, "search", "鯨鮫"], ["-contains", "鯨鮫"], runs_light, 50)
        both("search 2 Latin letters, no match (qx)", [BIN, "search", "qx"], ["-contains", "qx"], runs_light, 50)
        both("search a phrase, no match", [BIN, "search", "purple elephant"], ["-contains", "purple elephant"], runs_light, 50)
        # write last: it changes the journal (jrnl's too).
        both("write (add one entry, synchronous=FULL)", [BIN, "write", "--quiet", "A quiet evening with tea @home"],
             ["A quiet evening with tea @home"], runs_light, 25)
        db = os.path.join(home, "data", "journal.sqlite3")
        size = sum(os.path.getsize(db + s) for s in ("", "-wal") if os.path.exists(db + s))
        print(f"{'database size / text size':<44} {size / 1e6:9.1f}MB / {os.path.getsize(txt) / 1e6:.1f} MB"
              f" = {size / os.path.getsize(txt):.2f}x   (budget 2.00x)", flush=True)
    if 100000 in homes:
        tui_journal_bench(*homes[100000])
    for n in homes:
        shutil.rmtree(os.path.dirname(homes[n][0]), ignore_errors=True)


def rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def tui_journal_bench(home, env, txt):
    """First frame with the 100,000-entry journal; the journal screen's open, End and Home."""
    print("== full-screen app with the 100,000-entry journal (pseudo-terminal 100x30) ==")
    tenv = dict(env, TERM="xterm-256color")
    with open(txt, encoding="utf-8") as f:
        days = [line[1:11] for line in f if line.startswith("[") and line[11:12] == " "]
    first_day, last_day = days[0], days[-1]
    marker = b"F1"
    frames = []
    for i in range(7):
        t0 = time.perf_counter()
        pid, fd = spawn_pty([BIN], tenv, 100, 30)
        ok = read_until(fd, marker)
        dt = (time.perf_counter() - t0) * 1000
        os.write(fd, b"\x03")
        os.waitpid(pid, 0)
        os.close(fd)
        if ok and i >= 2:
            frames.append(dt)
    if frames:
        report("first full frame, 100k journal", statistics.median(frames), "ms", 50)
    opens, ends, homes, mem = [], [], [], []
    for i in range(3):
        pid, fd = spawn_pty([BIN], tenv, 100, 30)
        read_until(fd, marker)
        time.sleep(0.3)
        t0 = time.perf_counter()
        os.write(fd, b"\x1bOS")  # F4: the journal
        ok = read_until(fd, last_day.encode(), 30)
        opens.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.3)
        t0 = time.perf_counter()
        os.write(fd, b"\x1b[F")  # End: the oldest entry
        ok = read_until(fd, first_day.encode(), 60)
        ends.append((time.perf_counter() - t0) * 1000 if ok else float("nan"))
        time.sleep(0.3)
        mem.append(rss_mb(pid))
        t0 = time.perf_counter()
        os.write(fd, b"\x1b[H")  # Home: the newest entry
        ok = read_until(fd, last_day.encode(), 30)
        homes.append((time.perf_counter() - t0) * 1000)
        os.write(fd, b"\x03")
        _, _, usage = os.wait4(pid, 0)
        os.close(fd)
    report("journal screen opens (F4), 100k", statistics.median(opens), "ms", 50)
    report("End (oldest entry shown), 100k", statistics.median(ends), "ms", 50)
    report("Home (newest entry shown), 100k", statistics.median(homes), "ms", 50)
    report("memory after End, 100k", statistics.median(mem), "MB", 35)


if __name__ == "__main__":
    main()
