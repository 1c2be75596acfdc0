"""Speed of a whole T-bot turn with its trace, and of `tripoli explain` on a late-game save.

    .venv/bin/python benchmarks/tbot_turn_speed.py [--positions 200] [--repeat 5]

1. A whole T-bot turn (targets: median under 1 ms): from a position at the start of the T-bot's
   turn, the engine runs the turn and the T-bot answers every decision with its trace until the
   American side must act; then the turn's trace is joined (bot.turn_trace.joined_turn). Positions
   come from seeded games (biased random American against the T-bot).
2. `tripoli explain SAVE --json` on a late-game save (target: under 300 ms): reading the file
   (which replays its whole history), the T-bot's turn and the JSON, output discarded; in this
   process, and as the whole command in a fresh process (interpreter start and imports included).

Times are CPU time (time.process_time, and the children's CPU time for the command; the machine is
shared), the median of every run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.saves_speed import play_to_last_american_turn  # noqa: E402
from bot import TBot  # noqa: E402
from bot.turn_trace import joined_turn  # noqa: E402
from tripoli_tui.cli.explain import explain_save  # noqa: E402
from tripoli_tui.engine import Game, GameState  # noqa: E402
from tripoli_tui.engine import data as d  # noqa: E402
from tripoli_tui.engine.decisions import TRIPOLITAN_TURN  # noqa: E402
from tripoli_tui.engine.loop import play  # noqa: E402
from tripoli_tui.engine.players import BiasedPlayer  # noqa: E402
from tripoli_tui.engine.saves import game_to_toml  # noqa: E402
from tripoli_tui.engine.state import Phase  # noqa: E402


def turn_starts(count: int) -> list[GameState]:
    """Positions at the start of a T-bot turn, from seeded games."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        game = Game.new(seed)

        def remember(game: Game) -> None:
            pending = game.pending
            if pending is not None and pending.kind == TRIPOLITAN_TURN and len(found) < count:
                state = game.state.clone()
                state.log = []
                state.phase = Phase.TRIPOLITAN_PLAY
                found.append(state)

        play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: TBot()}, after=remember)
        seed += 1
    return found


def time_turns(positions: list[GameState], repeat: int) -> list[float]:
    tbot = {d.TRIPOLITANIA: TBot()}
    times: list[float] = []
    for position in positions:
        for _ in range(repeat):
            state = position.clone()
            start = time.process_time()
            game = Game(state)
            play(game, tbot, until=lambda g: g.pending is not None and g.pending.side != d.TRIPOLITANIA)
            joined_turn(game.state.log, 0).to_data()
            times.append(time.process_time() - start)
    return times


def late_game_save(folder: Path) -> Path:
    """A campaign into 1806, saved at the start of a T-bot turn with its whole history."""
    seed = 1
    while True:
        game = play_to_last_american_turn(seed)
        if game.state.year == 1806:
            break
        seed += 1
    pending = game.pending
    assert pending is not None
    while pending is not None and pending.kind != TRIPOLITAN_TURN:
        choice = (BiasedPlayer(seed).answer(game) if pending.side == d.US
                  else TBot().answer(game)).choice
        game.submit(choice)
        pending = game.pending
    path = folder / "late-game.toml"
    path.write_text(game_to_toml(game), encoding="utf-8")
    return path


def time_explain(path: Path, repeat: int) -> list[float]:
    times: list[float] = []
    for _ in range(repeat):
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = explain_save(str(path), as_json=True)
        times.append(time.process_time() - start)
        assert code == 0
    return times


def time_command(path: Path, repeat: int) -> list[float]:
    """CPU time of the whole `tripoli explain SAVE --json` command, each in a fresh process."""
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; "
               "sys.exit(main())", "explain", str(path), "--json"]
    times: list[float] = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command, capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert done.returncode == 0, done.stderr
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    turns = time_turns(turn_starts(args.positions), args.repeat)
    print(f"a whole T-bot turn with its trace: median {statistics.median(turns) * 1e3:.3f} ms, "
          f"95th percentile {statistics.quantiles(turns, n=20)[-1] * 1e3:.3f} ms "
          f"(CPU time, {len(turns)} runs over {args.positions} positions; target under 1 ms)")
    with tempfile.TemporaryDirectory() as folder:
        path = late_game_save(Path(folder))
        size = path.stat().st_size // 1024
        explain = time_explain(path, max(args.repeat, 5))
        command = time_command(path, max(args.repeat, 5))
    print(f"tripoli explain --json on a late-game save ({size} KiB, 1806): median "
          f"{statistics.median(explain) * 1e3:.1f} ms, best {min(explain) * 1e3:.1f} ms "
          f"(CPU time in this process, {len(explain)} runs; target under 300 ms)")
    print(f"  the whole command in a fresh process: median {statistics.median(command) * 1e3:.0f} "
          f"ms, best {min(command) * 1e3:.0f} ms (CPU time, interpreter start and imports "
          f"included, {len(command)} runs)")


if __name__ == "__main__":
    main()
