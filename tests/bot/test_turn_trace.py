"""The T-bot's whole turn as one trace, per flowchart branch: the steps, the decisions, the cards
drawn and queued, the event card line after, the battle cards played and kept, and the hits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from bot import TBot
from bot.turn_trace import TurnTrace, latest_turn, turn_traces
from tests.engine.positions import bare_state, give_hand, place
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.state import GameState, Phase


def tbot_turn(state: GameState) -> tuple[Game, TurnTrace]:
    """Play the T-bot's turn from `state` until the American side is to act; its whole trace."""
    state.phase = Phase.TRIPOLITAN_PLAY
    game = Game(state)
    play(game, {d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.US)
    turn = latest_turn(game.state.log)
    assert turn is not None and turn.tbot_turn
    return game, turn


@dataclass
class Branch:
    name: str
    setup: Callable[[GameState], None]
    steps: list[str]
    choices: list[str]
    drawn: tuple[str, ...] = ()
    queued: tuple[str, ...] = ()
    line_after: list[str] | None = None
    played: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    hits: list[tuple[str, tuple[str, ...], int]] = field(default_factory=list)
    raid_order: tuple[str, ...] = ()


def line_card(s: GameState) -> None:
    s.year, s.season = 1801, 0
    place(s, "gibraltar", "corsair", 2)


def five_corsairs(s: GameState) -> None:
    s.year, s.season = 1802, 1
    place(s, "tripoli", "corsair", 5)
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    give_hand(s, "naval_movement")
    s.battle_card_line = ["happy_hunting", "merchant_ship_converted", "us_signal_books_overboard"]
    s.forced_dice = [1, 1, 6, 5, 1, 1, 1, 1, 1, 1]


def queue_and_redraw(s: GameState) -> None:
    s.year, s.season = 1802, 2
    s.tbot_draw.remove("storms")
    s.tbot_draw.remove("algerine_corsairs_raid")
    s.tbot_draw[:0] = ["storms", "algerine_corsairs_raid"]
    place(s, "tripoli", "corsair", 2)


def draw_and_play(s: GameState) -> None:
    s.year, s.season = 1802, 2
    s.tbot_draw.remove("troops_to_tripoli")
    s.tbot_draw.insert(0, "troops_to_tripoli")


def empty_pile_raid(s: GameState) -> None:
    s.year, s.season = 1803, 0
    s.tbot_draw = []
    s.event_card_line = []
    place(s, "tangier", "allied_corsair", 3)
    place(s, "algiers", "allied_corsair", 3)
    s.forced_dice = [1, 1, 1]


def yusuf_1805(s: GameState) -> None:
    s.year, s.season = 1805, 0
    s.event_card_line = ["yusuf_qaramanli"]
    place(s, "tripoli", "corsair", 2)
    place(s, "tunis", "allied_corsair", 1)
    s.battle_card_line = ["happy_hunting", "merchant_ship_converted"]
    s.forced_dice = [5, 1, 1, 1, 1, 6]


def tripoli_attacks_1803(s: GameState) -> None:
    s.year, s.season = 1803, 1
    s.event_card_line = []
    s.tbot_draw.remove("tripoli_attacks")
    s.tbot_draw.insert(0, "tripoli_attacks")
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    s.forced_dice = [1, 1, 1, 1, 1, 6, 6]


BRANCHES = [
    Branch("T1 plays a line card", line_card, ["T1"], ["play-line murad_reis_breaks_out"],
           line_after=["Constantinople Sends Aid", "Yusuf Qaramanli", "Sweden Pays Tribute"]),
    Branch("T2 Five Corsair Check, battle cards played and kept", five_corsairs,
           ["T1", "T1", "T1", "T1", "T2", "B5", "B1", "B2"],
           ["five-corsair-check", "decline", "battle-card happy_hunting",
            "battle-card merchant_ship_converted"],
           played=("Happy Hunting", "Merchant Ship Converted"),
           kept=("US Signal Books Overboard",)),
    Branch("T4 QUEUE then draw again, discard, T5 build", queue_and_redraw,
           ["T1", "T1", "T1", "T1", "T2", "T3", "T4", "T3", "T4", "T5.1", "T5.1", "T5.1",
            "T5.1", "T5.3"],
           ["draw", "queue", "discard-raid-or-build", "build-corsair"],
           drawn=("Storms", "Algerine Corsairs Raid"), queued=("Storms",),
           line_after=["Murad Reis Breaks Out", "Constantinople Sends Aid", "Yusuf Qaramanli",
                       "Sweden Pays Tribute", "Storms"]),
    Branch("T4 PLAY", draw_and_play, ["T1", "T1", "T1", "T1", "T2", "T3", "T4"],
           ["draw", "play-drawn"], drawn=("Troops to Tripoli",)),
    Branch("T3 empty pile, T5 raid on a tie", empty_pile_raid,
           ["T1", "T2", "T3", "T5.1", "T5.1", "T5.1", "T5.1", "T5.2"],
           ["raid-or-build", "raid tangier"]),
    Branch("Yusuf's raid order, Happy Hunting played", yusuf_1805,
           ["T1", "Y-order", "B1", "B2", "Y-order"],
           ["play-line yusuf_qaramanli", "choose tripoli", "battle-card happy_hunting",
            "battle-card merchant_ship_converted"],
           line_after=[], played=("Happy Hunting", "Merchant Ship Converted"),
           raid_order=("tripoli", "tunis")),
    Branch("Tripoli Attacks: hits allocated frigates first in 1803", tripoli_attacks_1803,
           ["T1", "T2", "T3", "T4", "H-MODE", "H-F", "H-F", "H-MODE", "H-F", "H-F"],
           ["draw", "play-drawn", "hit frigate", "hit corsair"],
           drawn=("Tripoli Attacks",), line_after=[],
           hits=[("tripoli_patrol_zone", ("frigate", "corsair"), 2)]),
]


@pytest.mark.parametrize("branch", BRANCHES, ids=[b.name for b in BRANCHES])
def test_the_whole_turn_is_one_trace(branch: Branch) -> None:
    state = bare_state()
    branch.setup(state)
    when = state.when
    game, turn = tbot_turn(state)
    assert [s.step for s in turn.steps] == branch.steps
    assert [t.choice for t in turn.decisions if t.asked] == branch.choices
    assert turn.drawn == branch.drawn
    assert turn.queued == branch.queued
    if branch.line_after is not None:
        assert [d.card_name(c) for c in game.state.event_card_line] == branch.line_after
    assert turn.battle_cards_played == branch.played
    assert turn.battle_cards_kept == branch.kept
    assert [(h.location, h.taken_by, h.chosen) for h in turn.hits] == branch.hits
    assert turn.raid_order == branch.raid_order
    assert turn.title == f"The T-bot's turn, {when}"


def test_dice_fall_between_the_decisions_in_order() -> None:
    state = bare_state()
    tripoli_attacks_1803(state)
    when = state.when
    _, turn = tbot_turn(state)
    kinds = [("decision", i.decision.choice) if hasattr(i, "decision") else (i.kind, i.text)
             for i in turn.items]
    draw = kinds.index(("decision", "draw"))
    first_hit = kinds.index(("decision", "hit frigate"))
    dice = [i for i, (kind, _) in enumerate(kinds) if kind == "dice"]
    assert len(dice) == 2 and draw < dice[0] < dice[1] < first_hit
    assert turn.events[0].text == f"The T-bot's turn, {when}."
    rolled = [e.dice for e in turn.events if e.kind == "dice"]
    assert rolled == [(1, 1, 1, 1, 1), (6, 6)]


def test_answers_in_the_american_turn_are_their_own_group() -> None:
    game = Game.new(3)
    from tripoli_tui.engine.players import BiasedPlayer

    play(game, {d.US: BiasedPlayer(3), d.TRIPOLITANIA: TBot()},
         until=lambda g: any(not t.tbot_turn for t in turn_traces(g.state.log)))
    turns = turn_traces(game.state.log)
    american = [t for t in turns if not t.tbot_turn]
    assert american and american[0].title.startswith("The T-bot's answers in the American turn")
    assert {dec.kind for dec in american[0].decisions} <= {"battle_card", "allocate_hits"}
    traced = sum(1 for e in game.state.log if e.kind == "tbot_trace")
    assert sum(1 for t in turns for dec in t.decisions if dec.asked) == traced


def test_each_step_knows_its_decision() -> None:
    state = bare_state()
    queue_and_redraw(state)
    _, turn = tbot_turn(state)
    owners = [turn.decision_of(i) for i in range(len(turn.steps))]
    assert owners == [0] * 6 + [1, 2, 3] + [4] * 5  # 2: the redraw, settled
    with pytest.raises(IndexError):
        turn.decision_of(len(turn.steps))


def test_each_decision_kind_carries_its_particulars() -> None:
    from bot.trace import TraceDecision
    from bot.turn_trace import decisions_data

    made = (
        TraceDecision("tripolitan_turn", "five-corsair-check", "raid"),
        TraceDecision("drawn_card", "queue", "queued", "Storms"),
        TraceDecision("drawn_card", "discard-raid-or-build", "discarded", "Tunisian Corsairs Raid"),
        TraceDecision("raid_or_build", "raid tangier", "raid", "", "tangier"),
        TraceDecision("choose_location", "choose tripoli_patrol_zone", "storm", "Storms",
                      "tripoli_patrol_zone"),
        TraceDecision("yusuf_raid_order", "choose tripoli", "next", "Yusuf Qaramanli", "tripoli"),
        TraceDecision("yusuf_raid_order", "choose tunis", "next", "Yusuf Qaramanli", "tunis"),
        TraceDecision("battle_card", "decline", "kept", "Happy Hunting"),
        TraceDecision("allocate_hits", "hit corsair", "hit", "", "algiers"),
        TraceDecision("keep_die", "keep 5", "die", "Uncharted Waters"),
    )
    got = [{k: v for k, v in item.items() if k not in ("kind", "choice", "summary", "card")}
           for item in decisions_data(made)]
    assert got == [
        {"harbor": "Tripoli"},
        {"instruction": "queue"},
        {"instruction": "raid_or_build"},
        {"harbor": "Tangier"},
        {"zone": "Tripoli patrol zone"},
        {"harbor": "Tripoli", "raid_order": ["Tripoli"]},
        {"harbor": "Tunis", "raid_order": ["Tripoli", "Tunis"]},
        {"played": False},
        {"allocation": {"at": "Algiers", "target": "Sink a corsair"}},
        {"die": 5},
    ]
