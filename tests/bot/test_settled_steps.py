"""Every box the T-bot's path passes is a step of its turn's trace, asked or settled: each draw
attempt (the redraw after a QUEUE, the draw pile found empty on a redraw), every harbor of Yusuf
Qaramanli's raids, the only patrol zone of Storms or US Supplies Run Low, and each hit with the
ships left after it. The settled steps are read from the log: the game itself is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from bot.turn_trace import TurnTrace, joined_turn
from tests.bot.test_turn_trace import tbot_turn
from tests.engine.positions import bare_state, drive, place
from tripoli_tui.engine.mechanics.combat import harbor_battle
from tripoli_tui.engine.state import GameState


def _draw_first(s: GameState, *cards: str) -> None:
    for card in cards:
        s.tbot_draw.remove(card)
    s.tbot_draw[:0] = list(cards)


def queue_then_play(s: GameState) -> None:
    s.year, s.season = 1802, 2
    _draw_first(s, "storms", "troops_to_tripoli")


def queue_twice_then_discard(s: GameState) -> None:
    s.year, s.season = 1802, 2
    _draw_first(s, "storms", "second_storms", "algerine_corsairs_raid")
    place(s, "tripoli", "corsair", 2)


def queue_then_empty_pile(s: GameState) -> None:
    s.year, s.season = 1802, 2
    s.tbot_draw = ["storms"]
    place(s, "tripoli", "corsair", 2)


def empty_pile_at_once(s: GameState) -> None:
    s.year, s.season = 1803, 0
    s.tbot_draw, s.event_card_line = [], []
    place(s, "tripoli", "corsair", 2)


@dataclass
class Draws:
    name: str
    setup: Callable[[GameState], None]
    path: list[str]
    """The T3/T4/T5 boxes in order (T1, T2 left out)."""
    draws: list[dict[str, object]]
    settled: list[str] = field(default_factory=list)
    """The outcomes of the settled T3 steps."""


DRAWS = [
    Draws("queue, then the redraw is played", queue_then_play,
          ["T3", "T4", "T3", "T4"],
          [{"attempt": 1, "card": "Storms"}, {"attempt": 2, "card": "Troops to Tripoli"}],
          ["draw again: Troops to Tripoli; consult it"]),
    Draws("queue twice, then the third card is discarded to Raid or Build",
          queue_twice_then_discard,
          ["T3", "T4", "T3", "T4", "T3", "T4", "T5.1", "T5.1", "T5.1", "T5.1", "T5.3"],
          [{"attempt": 1, "card": "Storms"}, {"attempt": 2, "card": "Second Storms"},
           {"attempt": 3, "card": "Algerine Corsairs Raid"}],
          ["draw again: Second Storms; consult it",
           "draw again: Algerine Corsairs Raid; consult it"]),
    Draws("queue, then the redraw finds the pile empty", queue_then_empty_pile,
          ["T3", "T4", "T3", "T5.1", "T5.1", "T5.1", "T5.1", "T5.3"],
          [{"attempt": 1, "card": "Storms"}, {"attempt": 2, "empty_pile": True}],
          ["the draw pile is empty: Raid or Build, no card used"]),
    Draws("the first draw finds the pile empty (asked, nothing settled)", empty_pile_at_once,
          ["T3", "T5.1", "T5.1", "T5.1", "T5.1", "T5.3"],
          [{"attempt": 1, "empty_pile": True}]),
]


@pytest.mark.parametrize("case", DRAWS, ids=[c.name for c in DRAWS])
def test_every_draw_attempt_is_a_step(case: Draws) -> None:
    state = bare_state()
    case.setup(state)
    _, turn = tbot_turn(state)
    assert [s.step for s in turn.steps if s.step not in ("T1", "T2")] == case.path
    data = turn.to_data()
    assert data["draws"] == case.draws
    settled = [t for t in turn.traces if not t.decision.asked]
    assert [t.steps[0].outcome for t in settled] == case.settled
    for n, trace in enumerate(settled, start=2):
        assert trace.steps[0].step == "T3"
        assert f"draw attempt: {n}" in trace.steps[0].facts
    assert all(not s["asked"] for s in data["steps"] if s["step"] == "T3"
               and s is not data["steps"][[x["step"] for x in data["steps"]].index("T3")])
    assert [dec["choice"] for dec in data["settled"]] == [
        t.decision.choice for t in settled]


def test_a_settled_step_is_never_a_logged_decision() -> None:
    state = bare_state()
    queue_twice_then_discard(state)
    game, turn = tbot_turn(state)
    logged = sum(1 for e in game.state.log if e.kind == "tbot_trace")
    assert logged == sum(1 for dec in turn.decisions if dec.asked) == 5
    assert len(turn.decisions) == 7  # and the two redraws


# --- Yusuf Qaramanli's raids -----------------------------------------------------------

def yusuf_tripoli_empty(s: GameState) -> None:
    """1804: two active allies, no corsair in the harbor of Tripoli."""
    s.year, s.season = 1804, 0
    s.event_card_line = ["yusuf_qaramanli"]
    place(s, "tangier", "allied_corsair", 1)
    place(s, "tunis", "allied_corsair", 1)
    s.battle_card_line = []
    s.forced_dice = [1, 1]


def test_yusuf_every_harbor_in_order_an_empty_one_named() -> None:
    state = bare_state()
    yusuf_tripoli_empty(state)
    game, turn = tbot_turn(state)
    log = [e.text for e in game.state.log]
    assert "No corsairs in Tripoli: no raid (ruling S-1)." in log
    yusuf = [t for t in turn.traces if t.decision.kind == "yusuf_raid_order"]
    assert [(t.decision.location, t.decision.asked) for t in yusuf] == [
        ("tripoli", True), ("tangier", True), ("tunis", False)]
    tripoli = yusuf[0].steps[0]
    assert "raids next" not in tripoli.outcome  # the log says no raid: so does the trace
    assert tripoli.outcome == "Tripoli is next: it has no corsair, so it makes no raid"
    assert "corsairs in the harbor of Tripoli: 0" in tripoli.facts
    assert yusuf[1].steps[0].outcome == "Tangier raids next"
    last = yusuf[2].steps[0]
    assert last.step == "Y-order" and last.card_id == "yusuf_qaramanli"
    assert last.facts == ("harbors still to raid: Tunis (the only one left)",
                          "raided before it: Tripoli, Tangier")
    assert last.outcome == "Tunis raids last"
    assert turn.to_data()["yusuf_raids"] == [
        {"harbor": "Tripoli", "raid": False, "asked": True},
        {"harbor": "Tangier", "raid": True, "asked": True},
        {"harbor": "Tunis", "raid": True, "asked": False}]


# --- the only patrol zone ----------------------------------------------------------------

def storms_one_zone(s: GameState) -> None:
    s.year, s.season = 1803, 0
    s.event_card_line = ["storms"]
    place(s, "tangier_patrol_zone", "us_frigate", 2)
    s.forced_dice = [1, 1]


def supplies_one_zone(s: GameState) -> None:
    s.year, s.season = 1803, 0
    s.event_card_line = []
    _draw_first(s, "us_supplies_run_low")
    place(s, "tripoli_patrol_zone", "us_frigate", 2)


@pytest.mark.parametrize(("setup", "step", "card", "zone", "facts", "outcome"), [
    (storms_one_zone, "Z-storms", "storms", "tangier_patrol_zone",
     ("patrol zones with American frigates: the Tangier patrol zone only",
      "American frigates in the Tangier patrol zone: 2 (a die each)"),
     "the storm strikes the Tangier patrol zone, the only choice"),
    (supplies_one_zone, "Z-supplies", "us_supplies_run_low", "tripoli_patrol_zone",
     ("patrol zones with American frigates: the Tripoli patrol zone only",),
     "a frigate leaves the Tripoli patrol zone for Malta, the only choice"),
], ids=["Storms", "US Supplies Run Low"])
def test_the_only_zone_is_a_step_with_its_facts(setup: Callable[[GameState], None], step: str,
                                                card: str, zone: str, facts: tuple[str, ...],
                                                outcome: str) -> None:
    state = bare_state()
    setup(state)
    _, turn = tbot_turn(state)
    chosen = [t for t in turn.traces if t.decision.kind == "choose_location"]
    assert len(chosen) == 1 and not chosen[0].decision.asked
    assert chosen[0].decision.location == zone
    only = chosen[0].steps[0]
    assert (only.step, only.card_id, only.facts, only.outcome) == (step, card, facts, outcome)
    assert turn.steps[-1] == only  # the last box of the path
    data = turn.to_data()
    assert data["zones"] == [{"card": only.card, "zone": zone.replace("_", " ").capitalize(),
                              "asked": False}]


# --- hits and the ships left -----------------------------------------------------------

def tripoli_attacks_1803(s: GameState) -> None:
    s.year, s.season = 1803, 1
    s.event_card_line = []
    _draw_first(s, "tripoli_attacks")
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    s.forced_dice = [1, 1, 1, 1, 1, 6, 6]


def tripoli_attacks_turn() -> TurnTrace:
    state = bare_state()
    tripoli_attacks_1803(state)
    return tbot_turn(state)[1]


def attack_on_an_ally() -> TurnTrace:
    """An American attack on the harbor of Tangier: each hit can only sink an allied corsair (the
    engine takes it without asking the T-bot)."""
    state = bare_state(1803, "spring")
    place(state, "tangier", "us_frigate", 1)
    place(state, "tangier", "allied_corsair", 3)
    state.forced_dice = [6, 6, 1, 1, 1]
    assert drive(state, harbor_battle(state, "tangier", active="us")).pending is None
    return joined_turn(state.log, 0)


@pytest.mark.parametrize(("turn_of", "path", "facts"), [
    (tripoli_attacks_turn, ["H-MODE", "H-F", "H-F", "H-MODE", "H-F", "H-F"], [
        ("hit taken: Damage an undamaged frigate",
         "the T-bot's ships left in the Tripoli patrol zone: 1 frigate (1 damaged), 3 corsairs"),
        ("hit taken: Sink a corsair",
         "the T-bot's ships left in the Tripoli patrol zone: 1 frigate (1 damaged), 2 corsairs"),
    ]),
    (attack_on_an_ally, ["H-F", "H-F"], [
        ("hit taken: Sink a corsair (the only way the ships could take it)",
         "the T-bot's ships left in the harbor of Tangier: 2 allied corsairs"),
        ("hit taken: Sink a corsair (the only way the ships could take it)",
         "the T-bot's ships left in the harbor of Tangier: 1 allied corsair"),
    ]),
], ids=["decided", "only one way"])
def test_each_hit_and_the_ships_left_after_it(turn_of: Callable[[], TurnTrace],
                                             path: list[str],
                                             facts: list[tuple[str, ...]]) -> None:
    turn = turn_of()
    assert [s.step for s in turn.steps if s.step.startswith("H-")] == path
    after = [t.steps[0] for t in turn.traces
             if t.decision.kind == "allocate_hits" and not t.decision.asked]
    assert [s.facts for s in after] == facts
    (run,) = turn.hits
    assert run.ships_left == tuple(f[1].partition(": ")[2] for f in facts)
    assert [h["ships_left"] for h in turn.to_data()["hits"][0]["each"]] == list(run.ships_left)
