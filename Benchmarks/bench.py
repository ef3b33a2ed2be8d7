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
    prof = lambda n: ["--profile", os.path.join(home, n + ".json")]
    for n in ("iphone-16-pro", "iphone-15"):
        shutil.copy(os.path.join(PROFILES, n + ".json"), os.path.join(home, n + ".json"))
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
    journal_bench(env)
    shutil.rmtree(home, ignore_errors=True)


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


def journal_bench(env):
    gen = [BENCH_BIN, "make-journal"]
    if not os.path.exists(BENCH_BIN):
        return
    print("== Issue 4: journal (whole process, median of 20) ==")
    home10k = tempfile.mkdtemp(prefix="lanternly-10k-")
    e10 = dict(env, LANTERNLY_HOME=home10k)
    subprocess.run(gen + ["10000", home10k], env=e10, check=True, stdout=subprocess.DEVNULL)
    add = median_ms([BIN, "write", "--quiet", "A quiet evening with tea and a book @home"], e10, runs=20)
    lst = median_ms([BIN, "list", "-n", "10"], e10, runs=20)
    srch = median_ms([BIN, "search", "lantern"], e10, runs=20)
    report("lanternly write (add one entry, 10k journal)", add, "ms", 25)
    report("lanternly list -n 10 (10k journal)", lst, "ms", 25)
    report("lanternly search word (10k journal)", srch, "ms", 50)

    home100k = tempfile.mkdtemp(prefix="lanternly-100k-")
    e100 = dict(env, LANTERNLY_HOME=home100k)
    subprocess.run(gen + ["100000", home100k], env=e100, check=True, stdout=subprocess.DEVNULL)
    report("lanternly list -n 10 (100k journal)", median_ms([BIN, "list", "-n", "10"], e100, runs=20), "ms", 25)
    report("lanternly search word (100k journal)", median_ms([BIN, "search", "lantern"], e100, runs=20), "ms", 50)
    report("lanternly search Cyrillic substring (100k journal)", median_ms([BIN, "search", "фонар"], e100, runs=20), "ms", 50)
    peak = peak_rss_kb([BIN, "search", "lantern"], e100)
    report("peak memory, search on 100k journal", peak / 1024, "MB", 30)
    peak = peak_rss_kb([BIN, "write", "--quiet", "peak memory check"], e100)
    report("peak memory, write on 100k journal", peak / 1024, "MB", 30)

    jrnl_bench(home10k, add, lst, srch)
    shutil.rmtree(home10k, ignore_errors=True)
    shutil.rmtree(home100k, ignore_errors=True)


def peak_rss_kb(argv, env):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, env=env, capture_output=True, text=True)
    try:
        return float(out.stderr.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return float("nan")


def jrnl_bench(home10k, add, lst, srch):
    """jrnl on the same 10,000 entries (exported from ours as jrnl's plain-text format)."""
    venv = os.path.join(ROOT, ".build", "jrnl-venv")
    jrnl = os.path.join(venv, "bin", "jrnl")
    if not os.path.exists(jrnl):
        r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True)
        if r.returncode == 0:
            r = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "jrnl"], capture_output=True)
        if r.returncode != 0 or not os.path.exists(jrnl):
            print("jrnl could not be installed (pip); side-by-side skipped")
            return
    jhome = tempfile.mkdtemp(prefix="jrnl-bench-")
    journal = os.path.join(jhome, "journal.txt")
    e = dict(os.environ, LANTERNLY_HOME=home10k)
    with open(journal, "w") as f:
        subprocess.run([BIN, "export", "--format", "txt"], env=e, stdout=f, check=True)
    cfg_dir = os.path.join(jhome, "config", "jrnl")
    os.makedirs(cfg_dir)
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
version: v4.1
""")
    je = dict(os.environ, XDG_CONFIG_HOME=os.path.join(jhome, "config"), XDG_DATA_HOME=jhome, HOME=jhome)
    print("== jrnl side by side (same 10k entries, whole process, median of 5) ==")
    j_add = median_ms([jrnl, "A quiet evening with tea and a book @home"], je, runs=5, warmup=1)
    j_lst = median_ms([jrnl, "-n", "10"], je, runs=5, warmup=1)
    j_srch = median_ms([jrnl, "-contains", "lantern"], je, runs=5, warmup=1)
    for name, ours, theirs in (("add one entry", add, j_add), ("list last 10", lst, j_lst), ("search a word", srch, j_srch)):
        print(f"{name:<20} lanternly {ours:8.2f} ms   jrnl {theirs:9.2f} ms   {theirs / ours:6.1f}x faster (budget >= 10x)")
    shutil.rmtree(jhome, ignore_errors=True)


if __name__ == "__main__":
    main()
