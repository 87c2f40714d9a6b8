#!/usr/bin/env python3
"""Save-to-reload latency of a running `docgen serve` (part of Benchmarks/serve/run; not a test).

    latency.py --port PORT --content DIR [--edits 20] [--warmup 1] [--pause 0.5] [--timeout 300]

Connects to the server's event stream like a browser page does, then edits one document EDITS times
(atomically: a temporary file renamed over it, as editors save). Each sample is the time from the
rename returning to the `reload` event arriving on the stream; it then also times until a GET of the
page returns the edited text. Prints one JSON object with the samples and their median.
"""
import argparse
import json
import os
import socket
import statistics
import sys
import time


class EventStream:
    """A minimal Server-Sent-Events reader over a raw socket (chunked transfer encoding)."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_docgen/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.raw = b""
        self.text = ""
        while b"\r\n\r\n" not in self.raw:
            self._receive()
        head, self.raw = self.raw.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 200"):
            sys.exit("event stream: " + head.decode(errors="replace"))
        self.chunked = b"transfer-encoding: chunked" in head.lower()

    def _receive(self, timeout=300):
        self.sock.settimeout(timeout)
        data = self.sock.recv(65536)
        if not data:
            sys.exit("event stream closed")
        self.raw += data

    def _dechunk(self):
        if not self.chunked:
            self.text += self.raw.decode()
            self.raw = b""
            return
        while b"\r\n" in self.raw:
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            self.text += rest[:size].decode()
            self.raw = rest[size + 2:]

    def next(self, name, timeout=30):
        """Blocks until the next event called `name`; returns its data."""
        deadline = time.monotonic() + timeout
        while True:
            self._dechunk()
            while "\n\n" in self.text:
                block, self.text = self.text.split("\n\n", 1)
                fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
                if fields.get("event") == name:
                    return fields.get("data", "")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                sys.exit("no %s event within %s s" % (name, timeout))
            self._receive(remaining)


def get(port, path):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % path).encode())
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    sock.close()
    return data


def save(path, text):
    directory, base = os.path.split(path)
    temporary = os.path.join(directory, "." + base + ".tmp-save")  # hidden, as editors name theirs
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--content", required=True)
    parser.add_argument("--document", default=None, help="document to edit (default: the 2nd, sorted)")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between edits")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for one reload event")
    args = parser.parse_args()

    names = sorted(n for n in os.listdir(args.content) if n.endswith(".md"))
    name = args.document or names[1]
    path = os.path.join(args.content, name)
    page = "/" + name[:-3] + ".html"
    original = open(path, encoding="utf-8").read()

    stream = EventStream(args.port)
    stream.next("hello")
    reload_ms, served_ms = [], []
    try:
        for index in range(args.warmup + args.edits):
            marker = "benchmark-edit-%d-%d" % (os.getpid(), index)
            save(path, original + "\n\nEdited paragraph " + marker + ".\n")
            start = time.perf_counter()
            # The reload that concerns the edited page, as the page's script decides: one that lists no
            # pages, or lists this one (the full build of an earlier edit may still announce other pages).
            while True:
                status = json.loads(stream.next("reload", timeout=args.timeout) or "{}")
                if "pages" not in status or page[1:] in status["pages"]:
                    break
            reloaded = time.perf_counter()
            while marker.encode() not in get(args.port, page):
                pass
            served = time.perf_counter()
            if index >= args.warmup:
                reload_ms.append((reloaded - start) * 1000)
                served_ms.append((served - start) * 1000)
            time.sleep(args.pause)
    finally:
        save(path, original)

    print(json.dumps({
        "document": name,
        "documents": len(names),
        "edits": args.edits,
        "reload_ms": [round(x, 1) for x in reload_ms],
        "median_reload_ms": round(statistics.median(reload_ms), 1),
        "min_reload_ms": round(min(reload_ms), 1),
        "max_reload_ms": round(max(reload_ms), 1),
        "median_served_ms": round(statistics.median(served_ms), 1),
    }))


if __name__ == "__main__":
    main()
