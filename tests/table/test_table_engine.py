"""The table campaign's engine: dice and draws typed in through pending decisions of the table,
the modes, and Adjust. The proof that every rule still applies: a seed's own luck typed in plays
the seed's own game."""

from __future__ import annotations

import pytest

from bot.tbot import TBot
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import (
    AMERICAN_PLAY,
    TABLE,
    TABLE_DICE,
    TABLE_DRAW,
    Adjust,
    DrawnCard,
    IllegalChoice,
    RollDice,
    SwitchModes,
)
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import SeedTypist
from tripoli_tui.engine.saves import game_to_toml, load_game_text
from tripoli_tui.engine.state import GameState, TableModes, table_modes
from tripoli_tui.engine.table import TableRefusal, read_dice
from tripoli_tui.play.heuristic import HeuristicPlayer

ALL_TYPED = TableModes("all", "table", "table")


def players() -> dict[str, object]:
    return {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot(), TABLE: SeedTypist()}


def board(state: GameState) -> GameState:
    """The position without what only a table campaign has (its modes) and the log's lines."""
    copy = state.clone()
    copy.table, copy.log = None, []
    return copy


@pytest.mark.parametrize("modes", [ALL_TYPED, TableModes("mine", "program", "program"),
                                   TableModes("program", "table", "program"),
                                   TableModes("all", "program", "table")],
                         ids=lambda m: m.text())
def test_the_seeds_own_luck_typed_in_plays_the_seeds_own_game(modes: TableModes) -> None:
    seeds = range(200) if modes == ALL_TYPED else range(0, 200, 4)
    asked = 0
    for seed in seeds:
        screen = Game.new(seed)
        play(screen, players())  # type: ignore[arg-type]
        table = Game.new(seed, modes)
        play(table, players(), after=lambda g: None)  # type: ignore[arg-type]
        asked += sum(1 for e in table.history if isinstance(e.choice, (RollDice, DrawnCard)))
        assert board(table.state) == board(screen.state), f"seed {seed}"
        assert [e.text for e in table.state.log] == [e.text for e in screen.state.log], f"seed {seed}"
    assert asked > 10 * len(seeds)  # the table was asked (a die or a draw) many times a game


def first_table_ask(modes: TableModes, kind: str, seed: int = 1) -> Game:
    """A table game played on (heuristic American, T-bot, the seed's luck) to its first `kind`."""
    game = Game.new(seed, modes)
    play(game, players(), until=lambda g: g.pending is not None and g.pending.kind == kind)  # type: ignore[arg-type]
    assert game.pending is not None and game.pending.kind == kind
    return game


@pytest.mark.parametrize("typed, why", [
    ("7", "A die shows 1 to 6: 7 is not a die."),
    ("0", "A die shows 1 to 6: 0 is not a die."),
    ("x", "A die shows 1 to 6: x is not a die."),
    ("\x1b", "A die shows 1 to 6: '\\x1b' is not a die."),
    ("6 6", "Storms takes 3 dice: you typed 2."),
    ("6666", "Storms takes 3 dice: you typed 4."),
    ("", "Type the 3 dice of Storms, e.g. 6 3 1."),
])
def test_a_typed_roll_that_cannot_be_is_refused_with_a_sentence(typed: str, why: str) -> None:
    with pytest.raises(TableRefusal) as refused:
        read_dice(typed, 3, "Storms")
    assert str(refused.value) == why


@pytest.mark.parametrize("typed", ["6 3 1", "631", "6,3,1", " 6  3 1 "])
def test_several_dice_at_once(typed: str) -> None:
    assert read_dice(typed, 3) == "631"


def test_the_game_refuses_an_impossible_roll_and_keeps_its_state() -> None:
    game = first_table_ask(ALL_TYPED, TABLE_DICE)
    pending = game.pending
    assert pending is not None and pending.side == TABLE
    n = pending.info.count  # type: ignore[attr-defined]
    before = game.state.clone()
    for wrong in ("7" * n, "1" * (n + 1), "0" + "1" * (n - 1)):
        with pytest.raises(IllegalChoice):
            game.submit(RollDice(wrong))
        assert game.state == before and game.pending == pending
    game.submit(RollDice("6" * n))
    assert game.pending != pending


def test_a_typed_roll_is_undone_like_any_choice() -> None:
    game = first_table_ask(ALL_TYPED, TABLE_DICE)
    pending, before = game.pending, game.state.clone()
    assert pending is not None
    game.submit(RollDice("1" * pending.info.count))  # type: ignore[attr-defined]
    assert game.can_undo
    game.undo()
    assert game.pending == pending and board(game.state) == board(before)


def test_a_draw_on_the_table_offers_only_the_cards_the_pile_can_hold() -> None:
    game = first_table_ask(TableModes("program", "table", "program"), TABLE_DRAW)
    pending = game.pending
    assert pending is not None
    offered = {o.card for o in pending.options if isinstance(o, DrawnCard)}
    assert offered == set(game.state.tbot_draw)
    elsewhere = next(c for c in game.state.event_card_line)
    with pytest.raises(IllegalChoice):
        game.submit(DrawnCard(elsewhere))


def american_turn(modes: TableModes = ALL_TYPED) -> Game:
    return first_table_ask(modes, AMERICAN_PLAY)


def test_adjust_changes_the_position_logs_it_and_is_undone() -> None:
    game = american_turn()
    before = game.state.clone()
    game.submit(Adjust("gold=5"))
    assert game.state.gold == 5
    assert game.state.log[-2].text == f"Adjusted to the table: Tripoli's gold from {before.gold} to 5."
    assert game.pending is not None and game.pending.kind == AMERICAN_PLAY
    game.submit(Adjust("pieces.tripoli.corsair=2"))
    assert game.state.pieces["tripoli"][d.CORSAIR] == 2
    game.undo()
    game.undo()
    assert board(game.state) == board(before)


@pytest.mark.parametrize("change, why", [
    ("gold=13", "Gold is a number from 0 to 12, not '13'."),
    ("pieces.algiers.corsair=1", "Tripolitan corsairs are never at Algiers."),
    ("pieces.tripoli.corsair=9", "Only"),
    ("pieces.atlantis.corsair=1", "There is no place called 'atlantis'"),
    ("card.storms=the_moon", "There is no pile called 'the_moon'"),
    ("card.no_such_card=us_hand", "There is no card called 'no_such_card'."),
    ("wind=5", "Nothing called 'wind' can be adjusted"),
    ("gold", "An adjustment reads KEY=VALUE"),
    ("card.storms=us_hand", "cannot be: American cards do not add up"),
])
def test_an_adjustment_that_cannot_be_is_refused_naming_what(change: str, why: str) -> None:
    game = american_turn()
    before, history = game.state.clone(), list(game.history)
    with pytest.raises(TableRefusal) as refused:
        game.submit(Adjust(change))
    assert why in str(refused.value)
    assert game.state == before and game.history == history


def test_adjust_waits_for_the_start_of_the_american_turn() -> None:
    game = first_table_ask(ALL_TYPED, TABLE_DICE)
    with pytest.raises(TableRefusal, match="start of your turn"):
        game.submit(Adjust("gold=5"))


def test_only_a_table_campaign_adjusts_or_switches_modes() -> None:
    game = Game.new(3)
    for step in (Adjust("gold=5"), SwitchModes("dice=all,deck=program,hand=program")):
        with pytest.raises(TableRefusal, match="not played at the table"):
            game.submit(step)


def test_a_mode_switch_is_a_step_of_the_history_and_replays() -> None:
    game = american_turn(TableModes())
    game.submit(SwitchModes("dice=all,deck=table,hand=table"))
    assert game.state.table == ALL_TYPED
    again = Game.replay(game.origin, game.history)
    assert again.state == game.state
    game.undo()
    assert game.state.table == TableModes()


@pytest.mark.parametrize("text", ["dice=7", "colour=red", "dice=all,dice=mine"])
def test_a_wrong_mode_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        table_modes(text)
    game = american_turn(TableModes())
    with pytest.raises(TableRefusal):
        game.submit(SwitchModes(text))


def test_a_table_campaign_saves_and_loads_with_its_modes_adjustments_and_typed_luck() -> None:
    game = american_turn()
    game.submit(Adjust("gold=4"))
    game.submit(SwitchModes("dice=mine,deck=table,hand=program"))
    loaded = load_game_text(game_to_toml(game))
    assert loaded.state == game.state
    assert loaded.history == game.history
    assert loaded.state.table == TableModes("mine", "table", "program")


def test_the_dice_typed_in_are_the_dice_used() -> None:
    for typed in ("6", "1"):
        game = first_table_ask(ALL_TYPED, TABLE_DICE)
        pending = game.pending
        assert pending is not None
        n = pending.info.count  # type: ignore[attr-defined]
        game.submit(RollDice(typed * n))
        rolls = [e for e in game.state.log if e.kind == "dice"]
        assert rolls[-1].data == [int(typed)] * n


def test_the_card_typed_in_is_the_card_drawn() -> None:
    game = first_table_ask(TableModes("program", "table", "program"), TABLE_DRAW)
    last = sorted(set(game.state.tbot_draw))[-1]
    game.submit(DrawnCard(last))
    assert last not in game.state.tbot_draw and f"The T-bot draws {d.card_name(last)}." in [
        e.text for e in game.state.log]
