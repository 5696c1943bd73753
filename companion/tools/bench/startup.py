"""``startup``: from starting ``companion --web`` until it accepts an HTTP connection."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from companion.tools.browser import free_port

RUNS = 5
NAMES = ("startup",)


def _one_start(db_url: str) -> float:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB"}
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--web", "--port", str(port), "--db", db_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"companion exited with {process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
                    sock.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    if sock.recv(12).startswith(b"HTTP/"):
                        return (time.perf_counter() - start) * 1000
            except OSError:
                time.sleep(0.01)
            if time.perf_counter() - start > 60:
                raise RuntimeError("companion did not answer within 60 s")
    finally:
        process.terminate()
        process.wait(timeout=10)


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and "startup" not in wanted:
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'history.sqlite3'}"
        _one_start(url)  # creates and migrates the database; later starts open it as users do
        times = [_one_start(url) for _ in range(RUNS)]
    yield "startup", statistics.median(times)
