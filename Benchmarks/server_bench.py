"""Issue 13 benchmarks: the full-screen app with a model server on 127.0.0.1.

The server here is the bench's own (Python, loopback only), so it can time the moment it
sends the first token. Prints numbers; asserts nothing.
"""
import json, os, select, socket, statistics, threading, time


class BenchServer:
    """Chat completions with SSE on 127.0.0.1. mode: 'answer' (a short reply at once: what the
    app asks before a measurement starts, such as today's question at launch), 'first' (waits
    for `go`, then sends a marker token and finishes), 'stream' (a token every 20 ms until
    `stop`), 'idle' (no token until `stop`)."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        # Until a measurement sets another mode, every request is answered at once: the app
        # asks the model for today's question while it starts, and its first frame waits for
        # that answer (a server holding it until `go` left the app without a first frame).
        self.mode = "answer"
        self.marker = "ZQXJ"
        self.requested = threading.Event()
        self.go = threading.Event()
        self.stop = threading.Event()
        self.sent_at = None
        threading.Thread(target=self.loop, daemon=True).start()

    def loop(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(c,), daemon=True).start()

    @staticmethod
    def chunk(c, text):
        data = text.encode()
        c.sendall(b"%x\r\n" % len(data) + data + b"\r\n")

    @staticmethod
    def event(content=None, finish=None):
        delta = json.dumps({"content": content}) if content is not None else "{}"
        reason = json.dumps(finish)
        return 'data: {"choices":[{"index":0,"delta":%s,"finish_reason":%s}]}\n\n' % (delta, reason)

    def serve(self, c):
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        data = b""
        while b"\r\n\r\n" not in data:
            more = c.recv(65536)
            if not more:
                return c.close()
            data += more
        head, _, body = data.partition(b"\r\n\r\n")
        if head.startswith(b"GET"):
            payload = b'{"object":"list","data":[{"id":"bench:latest"}]}'
            c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(payload) + payload)
            return c.close()
        length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0])
        while len(body) < length:
            body += c.recv(65536)
        c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        if self.mode != "answer":
            self.requested.set()
        try:
            if self.mode == "answer":
                self.chunk(c, self.event("What felt gentle today?"))
            elif self.mode == "first":
                self.go.wait()
                self.sent_at = time.perf_counter()
                self.chunk(c, self.event(self.marker + " "))
            elif self.mode == "stream":
                n = 0
                while not self.stop.is_set():
                    self.chunk(c, self.event("word%d " % n))
                    n += 1
                    time.sleep(0.02)
            else:
                self.stop.wait()
                self.chunk(c, self.event("late "))
            self.chunk(c, self.event(None, "stop"))
            self.chunk(c, "data: [DONE]\n\n")
            c.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        c.close()


def drain(fd, seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if select.select([fd], [], [], 0.02)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def read_for(fd, needle, timeout=10.0):
    """Reads until `needle` appears in what arrives from now on; returns the time it did, or None."""
    buf = b""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return None
            buf += chunk
            if needle in buf:
                return time.perf_counter()
    return None


def cpu_ms(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) * 1000.0 / ticks


def run(bin_path, env, home, spawn_pty, report, profile):
    print("== Issue 13: model server on 127.0.0.1 (full-screen app in a real pseudo-terminal) ==")
    server = BenchServer()
    tenv = dict(env, TERM="xterm-256color", LANTERNLY_MODEL_URL="http://127.0.0.1:%d/v1" % server.port,
                LANTERNLY_MODEL_NAME="bench")
    pid, fd = spawn_pty([bin_path, "--profile", profile], tenv, 100, 30)
    if read_for(fd, b"F1", 15) is None:
        print("(the app did not draw its first frame within 15 s; skipped)")
        os.kill(pid, 9)
        return

    # 1. First streamed byte to its cells on screen.
    times = []
    for i in range(12):
        server.mode = "first"
        server.requested.clear()
        server.go.clear()
        server.marker = "ZQXJ%02d" % i
        os.write(fd, b"hello there\r")
        server.requested.wait(10)
        drain(fd, 0.3)
        server.go.set()
        seen = read_for(fd, server.marker.encode(), 10)
        if seen is not None and server.sent_at is not None:
            times.append((seen - server.sent_at) * 1000)
        drain(fd, 0.3)
    if times:
        report("first streamed byte to its cells on screen (median)", statistics.median(times), "ms", 20)
        report("first streamed byte to its cells on screen (worst of %d)" % len(times), max(times), "ms")

    # 2. CPU while waiting for the first token (5 s).
    server.mode = "idle"
    server.stop.clear()
    server.requested.clear()
    os.write(fd, b"are you there\r")
    server.requested.wait(10)
    before = cpu_ms(pid)
    drain(fd, 5.0)
    used = cpu_ms(pid) - before
    report("CPU while waiting 5 s for the first token", used / 5000 * 100, "%", 2)
    server.stop.set()
    drain(fd, 0.5)

    # 3. Keys while a reply streams (a token every 20 ms): key to its echo on screen.
    server.mode = "stream"
    server.stop.clear()
    server.requested.clear()
    os.write(fd, b"tell me a long story\r")
    server.requested.wait(10)
    drain(fd, 0.5)
    keys = []
    letters = b"QXZJKVWYPG"
    for i in range(60):
        ch = letters[i % len(letters):i % len(letters) + 1]
        t0 = time.perf_counter()
        os.write(fd, ch)
        seen = read_for(fd, ch, 5)
        if seen is not None:
            keys.append((seen - t0) * 1000)
        drain(fd, 0.01)
    server.stop.set()
    if keys:
        keys.sort()
        report("key to screen while a reply streams (median)", statistics.median(keys), "ms", 16)
        report("key to screen while a reply streams (95th percentile)", keys[int(len(keys) * 0.95) - 1], "ms", 16)
    drain(fd, 0.5)
    os.write(fd, b"\x03")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)
    server.sock.close()
