"""The T-bot's lines as card tiles: each tile in line order says whether the card would be played
now (✓/✗), as the engine's own checks say over positions of random games; the marks can be
turned off, and that is remembered; the draw and discard piles are counted; nothing of the lines
is cut at 80x24."""

from __future__ import annotations

import re

import pytest

from tests.engine.test_conditions import positions_along_games
from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position, press
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import solitaire_condition
from tripoli_tui.engine.game import Game
from tripoli_tui.storage.settings import read_settings
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.conditions import MET, UNMET


def engine_says(state, card: str) -> bool:
    """The engine's own answer: an event card's solitaire condition, a battle card's trigger."""
    c = TRIPOLITAN[card]
    if c.kind == d.BATTLE:
        assert c.trigger is not None
        return bool(c.trigger(state))
    return bool(solitaire_condition(state, card))


def tiles_of(state, marks: bool = True) -> list[tuple[str, str, str]]:
    """(line, card name, mark) for each numbered tile, in the order drawn."""
    lines = CardLines()
    lines.state, lines.marks = state, marks
    text = lines.render().plain
    out, line = [], ""
    names = "|".join(re.escape(d.card_name(c)) for c in (*state.event_card_line,
                                                        *state.battle_card_line))
    for row in text.splitlines():
        if row.startswith(("Events", "Battle")):
            line = row.split()[0]
        out += [(line, m.group(2), m.group(3) or "")
                for m in re.finditer(rf"(\d) ({names})( [{MET}{UNMET}])?", row)]
    return out


POSITIONS = positions_along_games(range(1, 5), every=11)


@pytest.mark.parametrize("state", POSITIONS[::3], ids=lambda s: f"{s.when}")
def test_each_tile_says_what_the_engine_says_in_line_order(state):
    tiles = tiles_of(state)
    expected = [("Events", c) for c in state.event_card_line] + [
        ("Battle", c) for c in state.battle_card_line]
    assert [(line, name) for line, name, _ in tiles] == [(line, d.card_name(c))
                                                         for line, c in expected]
    for (_, _, mark), (_, card) in zip(tiles, expected, strict=True):
        assert mark.strip() == (MET if engine_says(state, card) else UNMET), (card, state.when)


def test_the_marks_both_ways_are_met_over_the_games():
    """The positions tried hold cards that would be played and cards that would not."""
    seen = {engine_says(s, c) for s in POSITIONS for c in (*s.event_card_line,
                                                            *s.battle_card_line)}
    assert seen == {True, False}


def test_without_marks_no_tile_says_anything():
    state = Game.new(3).state
    assert all(mark == "" for _, _, mark in tiles_of(state, marks=False))
    assert any(mark for _, _, mark in tiles_of(state))


def test_the_draw_pile_and_discards_are_counted():
    state = Game.new(3).state
    state.tbot_discard.append(state.tbot_draw.pop())
    lines = CardLines()
    lines.state = state
    assert f"draw pile {len(state.tbot_draw)} · discards 1" in lines.render().plain


async def test_the_marks_are_turned_off_with_k_and_that_is_remembered():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tiles = app.screen.query_one(CardLines)
        assert tiles.marks
        await press(pilot, "k")
        assert not tiles.marks and MET not in str(tiles.render()) and UNMET not in str(
            tiles.render())
    settings, problem = read_settings()
    assert settings.card_marks is False and not problem
    again = make_app(game_of(position("naval_movement")))
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not again.screen.query_one(CardLines).marks


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)])
async def test_the_card_lines_are_not_cut(size):
    """Every line of tiles in view: the widget as tall as its lines at the smallest sizes."""
    app = make_app(Game.new(3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        tiles = app.screen.query_one(CardLines)
        assert len(tiles.render().plain.splitlines()) <= tiles.content_region.height


async def test_a_drill_does_not_show_the_marks_it_asks_about():
    """A drill asks whether each card's condition holds: its tiles do not say."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(CardLines).marks
        await press(pilot, "d", "b")  # drill on; discard to build: the T-bot's turn begins
        tiles = app.screen.query_one(CardLines)
        assert not tiles.marks and UNMET not in tiles.render().plain


async def test_the_tbot_s_turn_shows_no_marks_ahead_of_its_walkthrough():
    """In the T-bot's turn the walkthrough tests each card in its turn: the tiles do not answer
    the tests it has not shown yet; back in the American turn they do again."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "b")  # discard to build: the T-bot's turn begins, walked through
        assert app.game.pending.side == d.TRIPOLITANIA
        tiles = app.screen.query_one(CardLines)
        assert not tiles.marks and UNMET not in tiles.render().plain
        await press(pilot, "f")  # its turn played at once
        assert app.game.pending.side == d.US and tiles.marks


def engine_check(state, card: str):
    c = TRIPOLITAN[card]
    return c.trigger(state) if c.kind == d.BATTLE else solitaire_condition(state, card)


@pytest.mark.parametrize("state", POSITIONS[::3], ids=lambda s: f"{s.when}")
def test_a_selected_tile_says_the_engine_s_deciding_facts(state):
    """Under the lines, the selected card with its mark and the facts of the engine's own check
    that decide it: the conditions it fails when it would not be played, all of them when it
    would (in the words of the check's facts, as the T-bot's trace says them)."""
    lines = CardLines()
    lines.state = state
    for i, card in enumerate((*state.event_card_line, *state.battle_card_line)):
        lines.selected = i
        shown = lines.render().plain.splitlines()[-1]
        check = engine_check(state, card)
        head = f"{d.card_name(card)} {MET if check else UNMET} "
        assert shown.startswith(head), (shown, state.when)
        facts = shown.removeprefix(head).split("; ")
        conditions = check.conditions()
        if conditions:
            expected = [str(c.fact) for c in conditions if check.ok or not c.met] or [
                str(f) for f in check.facts]
        else:
            expected = [str(f) for f in check.facts]
        assert facts == expected and all(f for f in facts), (card, state.when)


def test_a_selected_tile_without_marks_is_read_not_judged():
    state = Game.new(3).state
    lines = CardLines()
    lines.state, lines.marks, lines.selected = state, False, 1
    card = d.CARDS[state.event_card_line[1]]
    assert lines.render().plain.splitlines()[-1] == f"{card.name}: {card.tbot}"


async def test_the_tiles_are_selected_with_keys_and_the_mouse():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tiles = app.screen.query_one(CardLines)
        state = app.game.state
        cards = [*state.event_card_line, *state.battle_card_line]
        # the key is said on the line itself (the footer has no room at 80 columns)
        assert "K why" in tiles.render().plain and tiles.selected is None
        # never focused as the next widget (it would take the hand's keys)
        assert not tiles.can_focus and tiles not in app.screen.focus_chain
        await press(pilot, "K")
        assert tiles.has_focus and tiles.selected == 0
        assert tiles.render().plain.splitlines()[-1].startswith(d.card_name(cards[0]))
        await press(pilot, "right", "right")
        assert tiles.render().plain.splitlines()[-1].startswith(d.card_name(cards[2]))
        await press(pilot, "left", "left", "left")  # round to the last battle card
        assert tiles.render().plain.splitlines()[-1].startswith(d.card_name(cards[-1]))
        # every row of the lines and the facts is in view at 80x24
        assert tiles.content_region.height >= len(tiles.render().wrap(
            app.console, tiles.content_region.width))
        await press(pilot, "escape")
        assert not tiles.has_focus and tiles.selected is None and tiles not in app.screen.focus_chain
        assert app.focused is not None and app.focused.id == "hand-list"
        # a click on a tile's name selects it
        rows = tiles.render().plain.splitlines()
        name = d.card_name(state.battle_card_line[1])
        y = next(i for i, row in enumerate(rows) if name in row)
        await pilot.click(CardLines, offset=(rows[y].index(name) + 2, y))
        await pilot.pause()
        assert tiles.has_focus and tiles.selected == len(state.event_card_line) + 1
        assert tiles.render().plain.splitlines()[-1].startswith(name)
