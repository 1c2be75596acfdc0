"""Each kind of decision carries its own typed facts (engine.decisions.Facts and its kinds)."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from bot import TBot
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer


def _kinds() -> list[type[k.Facts]]:
    return [k.Facts, *k.FACTS.values()]


def test_what_a_procedure_may_give_is_every_fact_of_every_kind() -> None:
    given = typing.get_type_hints(k.GivenFacts)
    fields = {f.name: f.type for kind in _kinds() for f in dataclasses.fields(kind)}
    assert set(given) == set(fields)
    hints = {name: hint for kind in _kinds() for name, hint in typing.get_type_hints(kind).items()}
    assert {name: hints[name] for name in given} == given


@pytest.mark.parametrize("seed", [3, 29])
def test_every_decision_of_a_game_has_the_facts_of_its_kind(seed: int) -> None:
    game = Game.new(seed)
    seen: dict[str, type[k.Facts]] = {}

    def check(game: Game) -> None:
        pending = game.pending
        if pending is not None:
            assert type(pending.info) is k.FACTS.get(pending.kind, k.Facts), pending.kind
            seen[pending.kind] = type(pending.info)

    check(game)
    play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: TBot()}, after=check)
    assert {k.HAND_LIMIT, k.MOVE_FRIGATE, k.MOVE_DESTINATION, k.ALLOCATE_HITS} <= set(seen)


def test_the_facts_say_what_the_procedure_gave() -> None:
    hit = k.facts(k.ALLOCATE_HITS, {"hits_left": 2, "location": "tripoli", "assault": True})
    assert hit == k.HitFacts("", 2, "tripoli", True) and hit.places() == ("tripoli",)
    move = k.facts(k.MOVE_FRIGATE, {"moved": 1, "limit": 3, "destination": "", "card": "x"})
    assert move == k.MoveFrigateFacts("x", 1, 3, "") and move.places() == ()
    assert k.facts(k.MOVE_DESTINATION, {"source": "malta"}).places() == ("malta",)
    assert k.facts(k.BATTLE_CARD, {"card": "happy_hunting"}) == k.Facts("happy_hunting")
    assert k.facts(k.TRIPOLITAN_TURN, {}) is k.NO_FACTS


def test_a_fact_its_kind_does_not_have_is_refused() -> None:
    with pytest.raises(TypeError):
        k.facts(k.BATTLE_CARD, {"excess": 2})
    with pytest.raises(TypeError):
        k.facts(k.HAND_LIMIT, {"location": "tripoli"})
