"""Mutated saves, seeded: every file is refused with a clear message or accepted and playable; never
a traceback, never a file changed, and `tripoli check`, the list of saves and the game agree.

Used by tests/saves/test_fuzz.py (a few hundred files) and by `python -m tests.soak.fuzz_saves N`
(prints the figures for N files)."""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
import time
import tomllib
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w
from rich.console import Console

from tripoli_tui import storage
from tripoli_tui.cli.main import main as cli_main
from tripoli_tui.engine import Game
from tripoli_tui.engine.invariants import check_invariants
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.saves import game_to_toml
from tripoli_tui.tui.app import SaveProblem, open_save
from tripoli_tui.tui.screens.game_over import result_lines, season_chart

TERMINAL_CODES = ["\x1b]0;owned\x07", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\x9b31m", "\x07", "\x7f",
                  "\x1bc", "\x8d", "\r"]
"""What a hostile file could send the terminal: a title, a clear, the clipboard, a C1 CSI, a bell."""
HOSTILE_TEXTS = ["[/b]", "[bold red]x", "\x00", "\u202e", "🏴‍☠️", "x" * 5000, "", " ", "\\", "'''", '"',
                 "\n[position]\n", "nan", "inf", "-0", "1e999", "{}", "[]", "true", *TERMINAL_CODES]
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""A byte that may command the terminal (line breaks and tabs are fine)."""
HOSTILE_NUMBERS = ["-1", "0", "1", "4", "5", "12", "13", "99", "-9223372036854775809",
                   "9223372036854775808", "123456789", "1.5", "nan", "inf", "true", '"abc"', "[]",
                   "{}", "1801", "1807", "1800"]


def base_saves() -> list[str]:
    """Real saves to mutate: new, mid-game with history, late, over, and every tutorial."""
    texts = [game_to_toml(Game.new(7))]
    for seed, actions in ((31, 40), (32, 160), (33, 10_000)):
        game = Game.new(seed)
        game.campaign = f"{seed}-fuzz"
        players = {"us": RandomPlayer(seed), "tripolitania": RandomPlayer(seed + 1)}
        done = 0

        def enough(_: Game, limit: int = actions) -> bool:
            nonlocal done
            done += 1
            return done >= limit

        play(game, players, until=enough)
        texts.append(game_to_toml(game))
    texts += [p.read_text(encoding="utf-8") for p in sorted(storage.examples_dir().glob("*.toml"))]
    return texts


HOSTILE_VALUES: list[object] = [-1, 0, 1, 2, 3, 5, 12, 13, 99, 123456789, 2**63 - 1, -(2**63), 1.5,
                                float("nan"), True, False, "abc", "[/b]", "", "us", "tripolitania",
                                "draw", "tripoli", "gibraltar", "corsair", "us_frigate", [], [1, 2], {},
                                {"x": 1}, 1801, 1805, 1806, 1807, *TERMINAL_CODES]


def mutate_values(text: str, rng: random.Random) -> str:
    """Valid TOML with one to three values replaced: the checks past parsing are what is tried."""
    doc = tomllib.loads(text)
    for _ in range(rng.randint(1, 3)):
        table: dict[str, object] | list[object] = doc
        key: str | int = ""
        while True:
            keys = list(table.keys()) if isinstance(table, dict) else list(range(len(table)))
            if not keys:
                break
            key = rng.choice(keys)
            value = table[key]  # type: ignore[index]
            if isinstance(value, (dict, list)) and value and rng.random() < 0.8:
                table = value
                continue
            break
        if isinstance(table, dict):
            if key == "" or rng.random() < 0.1:
                key = rng.choice(["result", "year", "extra", "winner", "seed", *TERMINAL_CODES])
            if rng.random() < 0.1:
                table.pop(key, None)
            else:
                table[key] = rng.choice(HOSTILE_VALUES)
        elif table:
            table[int(key)] = rng.choice(HOSTILE_VALUES)  # type: ignore[index]
    return tomli_w.dumps(doc)


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits of the kind a hand, a bad disk or a careless tool makes: to the
    text itself, or (half the time) to the values of otherwise valid TOML."""
    if rng.random() < 0.5:
        try:
            return mutate_values(text, rng)
        except (ValueError, TypeError):
            pass
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if not lines:
            lines = [""]
        i = rng.randrange(len(lines))
        line = lines[i]
        kind = rng.randrange(10)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, line)
        elif kind == 2 and "=" in line:
            key = line.split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(HOSTILE_NUMBERS)}"
        elif kind == 3 and '"' in line:
            head, _, rest = line.partition('"')
            _, _, tail = rest.partition('"')
            lines[i] = f'{head}"{rng.choice(HOSTILE_TEXTS)}"{tail}'.replace("\n", "\\n")
        elif kind == 4:
            cut = rng.randrange(len(text) + 1)
            return text[:cut]
        elif kind == 5 and line:
            j = rng.randrange(len(line))
            odd = chr(rng.choice([0, 7, 0x1B, 0x9B, 0x7F, 0xFEFF, 0x202E, rng.randrange(32, 0x3000)]))
            lines[i] = line[:j] + odd + line[j + 1:]
        elif kind == 6:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 7 and "=" in line:
            key, _, value = line.partition("=")
            lines[i] = f"{key.rstrip()}x ={value}"
        elif kind == 8 and "[" in line and "=" in line:
            key, _, value = line.partition("=")
            lines[i] = f"{key}= [{value.strip()}, {value.strip()}]"
        else:
            key = rng.choice(["extra", "position.x", "result"])
            lines.insert(i, f"{key} = {rng.choice(HOSTILE_NUMBERS)}")
    return "\n".join(lines)


@dataclass
class Figures:
    files: int = 0
    refused: int = 0
    accepted: int = 0
    ended: int = 0
    """Accepted files whose game is over: their result went through the game-over text."""
    tracebacks: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    control_out: list[str] = field(default_factory=list)
    """Output of check, explain or the list that holds a byte that commands the terminal."""


def _quiet(call: Callable[[], object]) -> tuple[object, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        result = call()
    return result, out.getvalue() + err.getvalue()


def try_file(path: Path, figures: Figures, moves: int = 25) -> None:
    """Check, list, open, play on and show the end of one file, recording what went wrong."""
    figures.files += 1
    before = path.read_bytes()
    try:
        status, said = _quiet(lambda: cli_main(["check", str(path)]))
        if "Traceback" in said:
            figures.tracebacks.append(f"{path.name}: check printed a traceback")
        _, explained = _quiet(lambda: cli_main(["explain", str(path)]))
        facts, error, _ = storage.check_file(path)
        listed = [f"{i.name} {i.title} {i.description} {i.error}" for i in storage.list_saves()
                  if i.path == path]
        for where, text in (("check", said), ("explain", explained), ("the list", " ".join(listed))):
            if CONTROL.search(text):
                figures.control_out.append(f"{path.name!r}: {where} printed {text[:200]!r}")
        try:
            game: Game | None = open_save(path)
        except SaveProblem:
            game = None
        verdicts = (status == 0, facts is not None, game is not None)
        if len(set(verdicts)) != 1:
            figures.disagreements.append(f"{path.name}: check/list/open = {verdicts} ({error})")
        if game is None:
            figures.refused += 1
            return
        figures.accepted += 1
        players = {"us": RandomPlayer(1), "tripolitania": RandomPlayer(2)}
        done = 0

        def enough(g: Game) -> bool:
            nonlocal done
            done += 1
            broken = check_invariants(g.state, hand_limit_pending=g.hand_limit_pending)
            if broken:
                raise AssertionError(f"an accepted save plays into an impossible position: {broken[0]}")
            return done >= moves

        if not game.is_over:
            play(game, players, until=enough)
        if game.is_over and game.state.result is not None:
            figures.ended += 1
            console = Console(file=io.StringIO(), width=80)
            console.print(result_lines(game.state.result))
            console.print(season_chart(game.state.history_season))
    except Exception:
        figures.tracebacks.append(f"{path.name}: {traceback.format_exc(limit=-3)}")
    finally:
        if path.read_bytes() != before:
            figures.changed.append(path.name)


def run(count: int, folder: Path, seed: int = 20261123) -> Figures:
    rng = random.Random(seed)
    bases = base_saves()
    figures = Figures()
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(count):
        name = f"fuzz-{n}{rng.choice(TERMINAL_CODES) if rng.random() < 0.1 else ''}"
        path = folder / f"{name.replace(chr(0), '')}.toml"
        path.write_text(mutate(rng.choice(bases), rng), encoding="utf-8", errors="surrogatepass")
        try_file(path, figures)
        path.unlink()
    return figures


if __name__ == "__main__":
    import os
    import tempfile

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[storage.SAVE_DIR_ENV] = tmp
        start = time.perf_counter()
        f = run(count, Path(tmp))
        seconds = time.perf_counter() - start
    print(f"fuzzed saves: {f.files} through check, the list, load, play and the game-over text "
          f"({seconds:.0f} s)")
    print(f"  refused {f.refused}, accepted and played {f.accepted} ({f.ended} ended: game-over text shown)")
    print(f"  tracebacks {len(f.tracebacks)}, files changed {len(f.changed)}, "
          f"check/list/open disagreements {len(f.disagreements)}, "
          f"control bytes out {len(f.control_out)}")
    for line in (f.tracebacks + f.changed + f.disagreements + f.control_out)[:10]:
        print("   ", line[:500])
    sys.exit(1 if f.tracebacks or f.changed or f.disagreements or f.control_out else 0)
