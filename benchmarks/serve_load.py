"""`tripoli serve` under load: N players at once over loopback, each pressing a key a second.

    .venv/bin/python benchmarks/serve_load.py [--sessions 1 8 32] [--seconds 10]

Starts the real host (`tripoli serve --open` on a free loopback port) and, for each N, opens N
SSH sessions with asyncssh's client (each its own key, a terminal of 80x24), starts a campaign in
each (`n`), then has every session press a key once a second for `--seconds` (Enter and Escape
in turn: a card's choices open and close), staggered across the second. Reports the time from a
key to the first bytes of the screen's change (median and 95th percentile over all presses), presses
that changed nothing within 5 s, and memory: the host's own growth per session, and each game's
resident memory (the games are the host's child processes); then one game's peak while its
advisor thinks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
KEYS = (b"\r", b"\x1b")
WAIT = 5.0


def rss_kb(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmRSS:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Player:
    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.latencies: list[float] = []
        self.unchanged = 0

    async def read_until(self, marker: bytes, seconds: float = 60) -> None:
        seen = b""
        end = time.monotonic() + seconds
        while marker not in seen and time.monotonic() < end:
            try:
                seen += await asyncio.wait_for(self.process.stdout.read(65536), end - time.monotonic())
            except TimeoutError:
                break
        if marker not in seen:
            raise RuntimeError(f"{marker!r} never came")

    async def drain(self) -> None:
        """Read whatever is still coming (the last frame of the previous key)."""
        while True:
            try:
                await asyncio.wait_for(self.process.stdout.read(65536), 0.05)
            except TimeoutError:
                return

    async def press(self, key: bytes) -> None:
        await self.drain()
        started = time.perf_counter()
        self.process.stdin.write(key)
        try:
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), WAIT)
        except TimeoutError:
            self.unchanged += 1
            return
        if chunk:
            self.latencies.append(time.perf_counter() - started)


async def round_of(port: int, n: int, seconds: float, host_pid: int) -> dict[str, float]:
    before = rss_kb(host_pid)
    conns = []
    players = []
    for _ in range(n):
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect("127.0.0.1", port, username="p", client_keys=[key], known_hosts=None,
                                      agent_path=None)
        conns.append(conn)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        players.append(Player(process))
    await asyncio.gather(*(p.read_until(b"New campaign") for p in players))
    for p in players:
        p.process.stdin.write(b"n")  # a new campaign: its name offered in a box, Enter begins it
    await asyncio.gather(*(p.read_until(b"A new campaign") for p in players))
    for p in players:
        p.process.stdin.write(b"\r")
    await asyncio.gather(*(p.read_until(b"Spring") for p in players))
    await asyncio.sleep(1.0)
    host_kb = rss_kb(host_pid)
    games_kb = [rss_kb(pid) for pid in children(host_pid)]

    async def keep_pressing(i: int, player: Player) -> None:
        await asyncio.sleep(i / n)
        for k in range(int(seconds)):
            tick = time.monotonic()
            await player.press(KEYS[k % 2])
            await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))

    await asyncio.gather(*(keep_pressing(i, p) for i, p in enumerate(players)))
    for conn in conns:
        conn.close()
    await asyncio.sleep(0.5)
    end = time.monotonic() + 30
    while children(host_pid) and time.monotonic() < end:
        await asyncio.sleep(0.2)
    latencies = sorted(t for p in players for t in p.latencies)
    return {
        "median_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p95_ms": latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else float("nan"),
        "presses": len(latencies),
        "unchanged": sum(p.unchanged for p in players),
        "host_kb_per_session": (host_kb - before) / n,
        "game_kb": statistics.median(games_kb) if games_kb else 0,
    }


async def thinking_peak(port: int, host_pid: int, seconds: float = 6.0) -> float:
    """One player's game while its advisor thinks (h at the first American play): the game's peak
    resident memory, in KB, sampled every 0.1 s (the advisor thinks in the game's own process)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with await asyncssh.connect("127.0.0.1", port, username="p", client_keys=[key],
                                      known_hosts=None, agent_path=None) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        player = Player(process)
        await player.read_until(b"New campaign")
        process.stdin.write(b"n")
        await player.read_until(b"A new campaign")
        process.stdin.write(b"\r")
        await player.read_until(b"Spring")
        await asyncio.sleep(1.0)
        process.stdin.write(b"h")
        peak = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await player.drain()
            peak = max([peak, *(rss_kb(pid) for pid in children(host_pid))])
            await asyncio.sleep(0.1)
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "serve.log"
        most = max(args.sessions)
        host = subprocess.Popen(
            [sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--allow-root", "--open",
             "--port", "0", "--address",
             "127.0.0.1", "--data", str(Path(tmp) / "host"), "--log", str(log), "--sessions", str(most),
             "--logins", str(most), "--logins-per-address", str(most),
             # every player comes from loopback: the per-address limits are lifted for the load
             "--sessions-per-address", str(most), "--connections-per-address", str(most),
             "--new-players-per-hour", str(sum(args.sessions) + 1)], cwd=ROOT)
        try:
            port = None
            end = time.monotonic() + 30
            while port is None and time.monotonic() < end:
                time.sleep(0.1)
                found = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text() if log.exists() else "")
                port = int(found.group(1)) if found else None
            if port is None:
                print("the host did not start", file=sys.stderr)
                return 1
            print(f"tripoli serve on loopback, {os.cpu_count()} cores; a key a second per session "
                  f"for {args.seconds:g} s", flush=True)
            print(f"{'sessions':>8} {'median':>9} {'p95':>9} {'presses':>8} {'unchanged':>9} "
                  f"{'host/session':>13} {'each game':>10}", flush=True)
            for n in args.sessions:
                r = asyncio.run(round_of(port, n, args.seconds, host.pid))
                print(f"{n:>8} {r['median_ms']:>7.1f}ms {r['p95_ms']:>7.1f}ms {r['presses']:>8.0f} "
                      f"{r['unchanged']:>9.0f} {r['host_kb_per_session'] / 1024:>10.2f} MB "
                      f"{r['game_kb'] / 1024:>7.1f} MB", flush=True)
            peak = asyncio.run(thinking_peak(port, host.pid))
            print(f"a game while its advisor thinks (h): peak {peak / 1024:.1f} MB resident "
                  "(the advisor thinks in the game's own process, under its --memory-mb)", flush=True)
        finally:
            host.send_signal(signal.SIGTERM)
            host.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
