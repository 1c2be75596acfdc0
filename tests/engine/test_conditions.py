"""A card's conditions, each marked met or not, from the card's own check (the hand and the help
show them): the check holds exactly when every condition is met, unmet ones come first."""

from __future__ import annotations

from tests.engine.positions import bare_state, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.queries import AllOf, Check
from tripoli_tui.engine.state import GameState


def every_check(state: GameState) -> list[tuple[str, Check]]:
    """Each card's requirement, T-bot condition and battle trigger on this board."""
    checks = [(c, event_requirement(state, c)) for c in d.CARDS if d.CARDS[c].deck == d.US]
    for cid, card in TRIPOLITAN.items():
        for rule in (card.condition, card.trigger):
            if rule is not None:
                checks.append((cid, rule(state)))
    return checks


def positions_along_games(seeds: range, every: int = 7) -> list[GameState]:
    """States met along whole random games (every seventh action)."""
    out: list[GameState] = []
    steps = [0]

    def keep(g: Game) -> None:
        steps[0] += 1
        if steps[0] % every == 0:
            out.append(g.state.clone())

    for seed in seeds:
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)}, after=keep)
    return out


def parts(check: Check) -> list[Check]:
    """The checks that decide for themselves (an AllOf's parts, recursively)."""
    return [p for c in check.checks for p in parts(c)] if isinstance(check, AllOf) else [check]


def test_a_check_holds_exactly_when_each_of_its_conditions_is_met() -> None:
    seen_failing = 0
    for state in positions_along_games(range(1, 9)):
        for card, check in every_check(state):
            conditions = check.conditions()
            if conditions:
                assert check.ok == all(c.met for c in conditions), (card, check)
            for part in parts(check):  # each condition answered by its own check
                assert sum(bool(f.needed) for f in part.facts) <= 1, (card, part)
                seen_failing += not check.ok
    assert seen_failing > 100


def test_unmet_conditions_come_first_each_with_its_own_answer() -> None:
    s = bare_state(1802, "spring")
    place(s, "tunis", "allied_corsair", 1)
    place(s, "gibraltar", "us_frigate", 2)
    marked = [(c.fact.label, c.met) for c in event_requirement(s, "a_show_of_force")
              .conditions_unmet_first()]
    assert marked == [("American frigates on the map", False), ("allies at war", True)]
    place(s, "malta", "us_frigate", 1)
    assert all(c.met for c in event_requirement(s, "a_show_of_force").conditions())


def test_a_battle_trigger_marks_each_of_its_conditions() -> None:
    s = bare_state(1804, "spring")
    s.us_hand.append("naval_movement")
    marked = {c.fact.label: c.met for c in TRIPOLITAN["us_signal_books_overboard"].trigger(s)
              .conditions()}  # type: ignore[misc]
    assert marked == {"year": False, "cards in the American hand": True}
