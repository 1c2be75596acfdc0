"""The advisor: hidden piles stay hidden, the same seed gives the same advice, the game is never
changed, and `tripoli advise` prints the same as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.state import GameState
from tripoli_tui.play.advisor import AdviceError, Position, advise, hide
from tripoli_tui.play.heuristic import HeuristicPlayer

PLAYOUTS = 4


def mid_game(seed: int = 11, year: int = 1802, kind: str = k.AMERICAN_PLAY) -> Game:
    """A game played by the heuristic player and the T-bot up to an American decision."""
    game = Game.new(seed)
    play(game, {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.state.year >= year and g.pending is not None and g.pending.kind == kind)
    assert game.pending is not None and game.pending.side == d.US
    return game


def figures(game: Game, seed: int = 5) -> list[tuple[str, int, int]]:
    advice = advise(game, seed=seed, playouts=PLAYOUTS, seconds=None)
    return [(o.choice.text(), o.wins, o.playouts) for o in advice.options]


def without_log(state: GameState) -> GameState:
    copy = state.clone()
    copy.log = []
    return copy


def resumed(state: GameState) -> Game:
    """A game whose history starts at this position (as a saved position is loaded)."""
    return Game(state.clone())


def test_the_advisor_never_reads_the_real_order_of_a_face_down_pile() -> None:
    state = mid_game().state
    assert len(state.us_draw) > 6 and len(state.tbot_draw) > 1  # more than one year's draw
    reordered = state.clone()
    reordered.us_draw.reverse()
    reordered.tbot_draw[:] = reordered.tbot_draw[1:] + reordered.tbot_draw[:1]
    assert reordered != state
    assert figures(resumed(reordered)) == figures(resumed(state))


def test_the_future_dice_of_the_game_are_not_read_either() -> None:
    state = mid_game().state
    other = state.clone()
    other.rng ^= 0xDEADBEEF
    assert figures(resumed(other)) == figures(resumed(state))


def test_the_same_position_and_seed_give_the_same_advice() -> None:
    game = mid_game()
    assert figures(game, seed=9) == figures(game, seed=9)
    many = figures(game, seed=9)
    assert len({n for _, _, n in many}) == 1 and many[0][2] == PLAYOUTS  # evenly split


def test_the_advice_never_changes_the_game() -> None:
    game = mid_game()
    before, history, pending = game.state.clone(), list(game.history), game.pending
    advise(game, seed=1, playouts=2, seconds=None)
    assert game.state == before and game.history == history and game.pending == pending


def test_a_copy_mid_turn_is_the_real_position() -> None:
    game = mid_game(kind=k.MOVE_DESTINATION)
    copy = Position(game).copy()
    assert without_log(copy.state) == without_log(game.state)
    assert copy.pending == game.pending
    advice = advise(game, seed=3, playouts=2, seconds=None)
    assert [o.choice for o in advice.options] == list(game.pending.options)  # type: ignore[union-attr]


def test_hiding_keeps_each_pile_s_cards_and_draws_new_dice() -> None:
    game = mid_game()
    state = game.state.clone()
    hide(state, 1)
    assert sorted(state.us_draw) == sorted(game.state.us_draw)
    assert sorted(state.tbot_draw) == sorted(game.state.tbot_draw)
    assert state.rng != game.state.rng
    other = game.state.clone()
    other.us_draw.reverse()
    hide(other, 1)
    assert other.us_draw == state.us_draw and other.rng == state.rng


def test_the_best_option_and_the_margins() -> None:
    advice = advise(mid_game(), seed=2, playouts=6, seconds=None)
    chances = [o.win_chance for o in advice.options]
    assert advice.options[advice.best].win_chance == max(chances)
    for o in advice.options:
        assert 0 < o.margin <= 0.5 and o.playouts == 6
        assert o.win_chance - o.margin < o.win_chance + o.margin


def test_a_time_budget_stops_the_thinking() -> None:
    advice = advise(mid_game(), seed=2, seconds=0.05)
    assert advice.playouts >= len(advice.options)  # one round at least
    assert advice.seconds < 5


def test_there_is_no_advice_for_the_tbot_or_a_finished_game() -> None:
    game = Game.new(4)
    play(game, {d.US: HeuristicPlayer(4), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.TRIPOLITANIA)
    with pytest.raises(AdviceError, match="T-bot"):
        advise(game, playouts=1, seconds=None)
    play(game, {d.US: HeuristicPlayer(4), d.TRIPOLITANIA: TBot()})
    with pytest.raises(AdviceError, match="over"):
        advise(game, playouts=1, seconds=None)


TUTORIALS = Path(__file__).parents[2] / "tripoli_tui" / "tutorials"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_tripoli_advise_prints_json_with_every_option() -> None:
    run = run_cli("advise", str(TUTORIALS / "07-hand-limit-1806.toml"), "--json", "--playouts", "3")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["options"] and out["playouts"] == 3 * len(out["options"])
    for option in out["options"]:
        assert set(option) >= {"choice", "win_chance", "margin", "playouts"}
        assert 0 <= option["win_chance"] <= 1 and option["playouts"] == 3
    again = json.loads(run_cli("advise", str(TUTORIALS / "07-hand-limit-1806.toml"), "--json",
                               "--playouts", "3").stdout)
    assert [o["win_chance"] for o in again["options"]] == [o["win_chance"] for o in out["options"]]


def test_tripoli_advise_as_text_marks_the_best_option() -> None:
    run = run_cli("advise", str(TUTORIALS / "07-hand-limit-1806.toml"), "--playouts", "2")
    assert run.returncode == 0, run.stderr
    assert sum(line.startswith("*") for line in run.stdout.splitlines()) == 1


def test_tripoli_advise_refuses_the_tbot_s_decision_with_a_message() -> None:
    run = run_cli("advise", str(TUTORIALS / "01-five-corsair-check.toml"))
    assert run.returncode == 2 and "T-bot" in run.stderr and "Traceback" not in run.stderr
    bad = run_cli("advise", "no-such-save-anywhere")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr


def test_tripoli_advise_ends_quietly_when_its_reader_has_gone() -> None:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               "advise", str(TUTORIALS / "07-hand-limit-1806.toml"), "--playouts", "1"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    errors = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, errors
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors


def test_playouts_draw_from_streams_far_apart():
    """No two playouts of an advice share a stretch of the generator's stream: the steps
    between their starting states are far more than a whole game draws (~10,000)."""
    from tripoli_tui.engine import rng
    from tripoli_tui.play.advisor import playout_seed

    states = [rng.seed_state(playout_seed(5, j)) for j in range(200)]
    for i, a in enumerate(states):
        for b in states[i + 1:]:
            steps = ((b - a) * rng.GOLDEN_INVERSE) & rng.MASK64  # from a to b along the stream
            assert 10**6 < steps < (1 << 64) - 10**6


# --- paired playouts, the race, the workers --------------------------------------------------

def late_game(seed: int = 5) -> Game:
    """An American play in 1806 (eleven options): short playouts."""
    return mid_game(seed, year=1806)


def without_time(advice) -> dict[str, object]:  # type: ignore[no-untyped-def]
    data = advice.to_data()
    data.pop("seconds")
    return data


def test_the_k_th_playout_of_every_option_has_the_same_piles_and_dice(monkeypatch) -> None:
    from tripoli_tui.play import advisor_playout

    seen: list[tuple[tuple[str, ...], tuple[str, ...], int]] = []
    real_hide = advisor_playout.hide

    def recording(state: GameState, seed: int) -> None:
        real_hide(state, seed)
        seen.append((tuple(state.us_draw), tuple(state.tbot_draw), state.rng))

    monkeypatch.setattr(advisor_playout, "hide", recording)
    game = late_game()
    advice = advise(game, seed=4, playouts=3, seconds=None, workers=1)
    options = len(advice.options)
    assert len(seen) == 3 * options
    # played option by option, playouts 0, 1, 2 each: the same three hidden draws for all
    by_option = [seen[3 * i:3 * i + 3] for i in range(options)]
    assert all(luck == by_option[0] for luck in by_option)
    assert len({luck[2] for luck in by_option[0]}) == 3  # and a new draw for each k


def test_the_same_advice_with_one_worker_or_two() -> None:
    game = late_game()
    one = advise(game, seed=8, playouts=40, seconds=None, workers=1)
    two = advise(game, seed=8, playouts=40, seconds=None, workers=2)
    assert without_time(one) == without_time(two)
    assert one.workers == 1 and two.workers == 2


def test_keeping_on_thinking_gives_the_advice_of_the_longer_budget() -> None:
    from tripoli_tui.play.advisor import Race

    game = late_game()
    race = Race(Position(game), 6, workers=1)
    race.think(playouts=8, seconds=None)
    longer = race.think(playouts=16, seconds=None)
    at_once = advise(game, seed=6, playouts=16, seconds=None, workers=1)
    assert without_time(longer) == without_time(at_once)


def planted(results: list[list[int]], dropped: list[bool] | None = None):  # type: ignore[no-untyped-def]
    """A race on a real decision whose playouts' results are planted."""
    from tripoli_tui.play.advisor import Race

    race = Race(Position(late_game()), 1, workers=1)
    race.results = [bytearray(r) for r in results] + [
        bytearray(results[-1]) for _ in range(len(race.results) - len(results))]
    if dropped is not None:
        race.dropped = dropped + [False] * (len(race.results) - len(dropped))
    return race


def test_an_option_with_the_best_s_results_is_tied_a_clearly_worse_one_is_not() -> None:
    luck = [1, 0, 1, 1, 0, 0, 1, 0] * 8
    worse = [0] * 64
    nearly = list(luck)
    nearly[0] = 0  # one game less in 64, on the same luck
    race = planted([luck, list(luck), worse, nearly])
    advice = race.advice()
    assert advice.best == 0
    assert advice.options[1].tied and advice.options[1].versus_best == 0
    assert advice.options[1].versus_margin == 0  # the same results every time: no doubt
    assert not advice.options[2].tied and advice.options[2].versus_best < -0.4
    assert advice.options[3].tied and advice.options[3].versus_best < 0
    assert 1 in advice.tied_with_best() and 2 not in advice.tied_with_best()
    assert advice.ranked()[0] == 0


def test_the_race_drops_a_clearly_worse_option_and_keeps_the_close_ones() -> None:
    from tripoli_tui.play.advisor import RACE_FROM

    luck = [1, 0, 1, 1, 0, 0, 1, 0] * (RACE_FROM // 8)
    race = planted([luck, list(luck), [0] * RACE_FROM])
    race._drop_the_clearly_behind()
    assert race.dropped[2] and not race.dropped[0] and not race.dropped[1]
    early = planted([luck[:RACE_FROM - 4], luck[:RACE_FROM - 4], [0] * (RACE_FROM - 4)])
    early._drop_the_clearly_behind()
    assert not any(early.dropped)  # too soon to tell


def treaty_at_hand(season: int) -> Game:
    """A planted position in 1806: Derne taken, no ally left, the Treaty in hand."""
    game = Game.new(8)
    s = game.state
    s.year, s.season = 1806, season
    s.derne_captured = True
    for h in d.ALLY_HARBORS:
        s.pieces[d.TRIPOLITAN_SUPPLY][d.ALLIED_CORSAIR] += s.pieces[h][d.ALLIED_CORSAIR]
        s.pieces[h][d.ALLIED_CORSAIR] = 0
    s.us_hand[:1] = ["treaty_of_peace_and_amity"]
    game = Game(s.clone())
    assert game.pending is not None
    assert k.PlayEvent("treaty_of_peace_and_amity") in game.pending.options
    return game


def test_on_the_last_turn_the_treaty_wins_the_race_and_the_rest_leave_it_early() -> None:
    """Winter 1806: only the Treaty wins now; every other option is a game still to win in no
    time left, so the race drops them after RACE_FROM playouts."""
    from tripoli_tui.play.advisor import RACE_FROM

    game = treaty_at_hand(season=3)
    advice = advise(game, seed=3, playouts=2 * RACE_FROM, seconds=None, workers=2)
    best = advice.options[advice.best]
    assert best.choice == k.PlayEvent("treaty_of_peace_and_amity") and best.win_chance == 1
    assert best.playouts == 2 * RACE_FROM
    others = [o for o in advice.options if o is not best]
    assert all(o.dropped and o.playouts < 2 * RACE_FROM and not o.tied for o in others), \
        [(o.choice.text(), o.win_chance, o.playouts) for o in others]
    assert advice.ranked()[0] == advice.best and not advice.tied_with_best()
    assert advice.playouts < 2 * RACE_FROM * len(advice.options)  # the race saved playouts


def test_options_that_come_to_the_same_are_tied_with_the_best() -> None:
    """Spring 1806: the Treaty now, or a move now and the Treaty the next turn, are the same
    win in different words: all tied with the best (no doubt at all: the same result every
    time); discarding the Treaty is not."""
    game = treaty_at_hand(season=0)
    advice = advise(game, seed=3, playouts=40, seconds=None, workers=1)
    treaty = advice.options.index(next(o for o in advice.options
                                       if o.choice == k.PlayEvent("treaty_of_peace_and_amity")))
    assert treaty == advice.best or treaty in advice.tied_with_best()
    for i, o in enumerate(advice.options):
        if o.win_chance == 1 and i != advice.best:
            assert o.tied and o.versus_best == 0 and o.versus_margin == 0
        if "treaty_of_peace_and_amity" in o.choice.text() and o.choice.text().startswith("discard"):
            assert not o.tied and o.dropped


def test_tripoli_advise_json_names_the_options_tied_with_the_best() -> None:
    run = run_cli("advise", str(TUTORIALS / "07-hand-limit-1806.toml"), "--json", "--playouts", "8")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    marked = [o["choice"] for o in out["options"] if o["tied_with_best"]]
    assert out["tied_with_best"] and sorted(out["tied_with_best"]) == sorted(marked)
    best = [o for o in out["options"] if o["best"]]
    assert len(best) == 1 and best[0]["choice"] == out["best"] and best[0]["versus_best"] == 0
    for option in out["options"]:
        assert -1 <= option["versus_best"] <= 0 and 0 <= option["versus_best_margin"] <= 1
    assert out["policy"] == "heuristic American vs the printed T-bot"


def test_tripoli_advise_gives_the_same_advice_whatever_the_workers() -> None:
    save = str(TUTORIALS / "07-hand-limit-1806.toml")
    runs = [run_cli("advise", save, "--json", "--playouts", "12", "--seed", "4", "--workers", n)
            for n in ("1", "2", "3")]
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    found = [json.loads(run.stdout) for run in runs]
    for out in found:
        out.pop("seconds")
    assert found[0] == found[1] == found[2]
    assert found[0]["playouts"] >= 12 * 2  # the best and at least one other, 12 each
    refused = run_cli("advise", save, "--workers", "0")
    assert refused.returncode == 2 and "--workers" in refused.stderr and "Traceback" not in refused.stderr


class StandIn:
    """What a Textual app puts in sys.stderr while it runs: no file behind it (fileno -1)."""

    def __init__(self) -> None:
        self.lines = 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return -1


def test_starting_the_worker_processes_from_a_thread_leaves_the_standard_error_alone(monkeypatch) -> None:
    """The app's crash and signal lines are written to sys.stderr from the main thread at any
    moment: while the advisor starts its worker processes from its thread (with the app's
    stand-in there, which has no file), every line written still reaches the stand-in (the
    advisor used to point sys.stderr at the null device for that moment, from its thread)."""
    import threading

    from tripoli_tui.play import advisor_workers

    advisor_workers.close_workers()  # the workers start afresh
    game = late_game()
    stand_in = StandIn()
    monkeypatch.setattr(sys, "stderr", stand_in)
    found: list[object] = []
    thinking = threading.Thread(target=lambda: found.append(
        advise(game, seed=2, playouts=8, seconds=None, workers=3)))
    thinking.start()
    written = 0
    while thinking.is_alive():
        print("a line the app writes", file=sys.stderr)
        written += 1
    thinking.join()
    assert found and sys.stderr is stand_in
    assert written > 0 and stand_in.lines == written
    started = advisor_workers._WORKERS
    assert len(started) == 2 and all(w.process.poll() is None for w in started)


def test_a_worker_killed_from_outside_costs_nothing_but_its_help() -> None:
    from tripoli_tui.play import advisor_workers

    game = late_game()
    alone = advise(game, seed=8, playouts=12, seconds=None, workers=1)
    advise(game, seed=8, playouts=1, seconds=None, workers=2)  # the worker is running
    advisor_workers._WORKERS[0].process.kill()
    advisor_workers._WORKERS[0].process.wait()
    helped = advise(game, seed=8, playouts=12, seconds=None, workers=2)
    assert without_time(helped) == without_time(alone)
    assert all(w.process.poll() is None for w in advisor_workers._WORKERS)


def test_a_stalled_worker_never_holds_the_advice_up() -> None:
    """A worker that gets no time (a busy machine; here stopped outright) has its chunk played
    by the advisor's own thread: the advice comes, the same as one worker's."""
    import os
    import signal
    import threading

    from tripoli_tui.play import advisor_workers

    game = late_game()
    alone = advise(game, seed=5, playouts=12, seconds=None, workers=1)
    advise(game, seed=5, playouts=1, seconds=None, workers=2)  # the worker is running
    stalled = advisor_workers._WORKERS[0].process
    os.kill(stalled.pid, signal.SIGSTOP)
    found: list[object] = []
    try:
        thinking = threading.Thread(target=lambda: found.append(
            advise(game, seed=5, playouts=12, seconds=None, workers=2)), daemon=True)
        thinking.start()
        thinking.join(timeout=120)
    finally:
        os.kill(stalled.pid, signal.SIGCONT)
    assert found and without_time(found[0]) == without_time(alone)
