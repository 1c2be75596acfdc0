"""The difference between two positions as instructions for a physical board: their words for
each kind of change, their order, and (over many seeded games) that applying them to the position
before gives the position after on everything a board shows."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from bot import TBot
from tests.engine.positions import bare_state, place
from tripoli_tui.engine import Game, GameState
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Player, RandomPlayer
from tripoli_tui.engine.state import GameResult
from tripoli_tui.play.board_instructions import (
    BOARD_FIELDS,
    NOT_ON_THE_BOARD,
    Instruction,
    apply,
    board,
    instructions,
)
from tripoli_tui.play.heuristic import HeuristicPlayer


def texts(before: GameState, after: GameState) -> list[str]:
    return [i.text for i in instructions(before, after)]


def applied(before: GameState, found: list[Instruction]) -> GameState:
    state = before.clone()
    for instruction in found:
        apply(state, instruction)
    return state


def assert_complete(before: GameState, after: GameState) -> list[Instruction]:
    """The instructions from before to after, checked to bring the board all the way there."""
    found = instructions(before, after)
    got, want = board(applied(before, found)), board(after)
    assert got == want, {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    return found


@pytest.fixture
def state() -> GameState:
    s = bare_state(1802, "summer")
    place(s, "tripoli", d.CORSAIR, 4)
    place(s, "gibraltar", d.US_FRIGATE, 3)
    place(s, "tripoli_patrol_zone", d.US_FRIGATE, 2)
    s.pieces[d.SUNK][d.US_FRIGATE] = 1
    s.pieces[d.US_SUPPLY][d.US_FRIGATE] -= 1
    s.gold = 4
    s.us_hand = [s.us_draw.pop(), s.us_draw.pop()]
    return s


def test_every_field_of_a_position_is_on_the_board_or_said_not_to_be() -> None:
    every = {f.name for f in fields(GameState)}
    assert set(BOARD_FIELDS) | set(NOT_ON_THE_BOARD) == every
    assert not set(BOARD_FIELDS) & set(NOT_ON_THE_BOARD)


def test_nothing_changed_nothing_to_do(state: GameState) -> None:
    after = state.clone()
    after.rng, after.log = 99, [*after.log]
    assert instructions(state, after) == []


# --- pieces --------------------------------------------------------------------------------------

def test_a_move_between_places(state: GameState) -> None:
    after = state.clone()
    after.pieces["tripoli"][d.CORSAIR] -= 2
    after.pieces["tripoli_patrol_zone"][d.CORSAIR] += 2
    [move] = assert_complete(state, after)
    assert move == Instruction("pieces", "Move 2 Tripolitan corsairs from Tripoli to the Tripoli "
                               "patrol zone", piece=d.CORSAIR, n=2, source="tripoli",
                               destination="tripoli_patrol_zone")


def test_placed_from_the_supply_and_removed_to_it(state: GameState) -> None:
    built = state.clone()
    place(built, "tripoli", d.CORSAIR)
    assert texts(state, built) == ["Place 1 Tripolitan corsair from the supply at Tripoli"]
    assert texts(built, state) == ["Remove 1 Tripolitan corsair from Tripoli to the supply"]
    assert_complete(state, built)
    assert_complete(built, state)


def test_a_sunk_frigate_goes_to_the_sunk_frigates_box_with_the_count(state: GameState) -> None:
    after = state.clone()
    after.pieces["tripoli_patrol_zone"][d.US_FRIGATE] -= 1
    after.pieces[d.SUNK][d.US_FRIGATE] += 1
    assert texts(state, after) == ["Sink 1 American frigate in the Tripoli patrol zone: put it in "
                                   "the sunk-frigates box (2 sunk in all)"]


def test_the_sunk_count_runs_on_across_places(state: GameState) -> None:
    after = state.clone()
    for where in ("gibraltar", "tripoli_patrol_zone"):
        after.pieces[where][d.US_FRIGATE] -= 1
    after.pieces[d.SUNK][d.US_FRIGATE] += 2
    assert texts(state, after) == [
        "Sink 1 American frigate at Gibraltar: put it in the sunk-frigates box (2 sunk in all)",
        "Sink 1 American frigate in the Tripoli patrol zone: put it in the sunk-frigates box "
        "(3 sunk in all)"]


def test_a_damaged_frigate_goes_to_next_years_track_space(state: GameState) -> None:
    after = state.clone()
    after.pieces["tripoli_patrol_zone"][d.US_FRIGATE] -= 1
    after.pieces[d.track_space(1803)][d.US_FRIGATE] += 1
    assert texts(state, after) == ["Move 1 damaged American frigate from the Tripoli patrol zone to "
                                   "the 1803 space of the Year Turn Track"]


def test_several_sources_and_destinations_pair_in_the_boards_order(state: GameState) -> None:
    after = state.clone()
    after.pieces["tripoli"][d.CORSAIR] -= 3
    after.pieces[d.TRIPOLITAN_SUPPLY][d.CORSAIR] -= 1
    after.pieces["gibraltar_patrol_zone"][d.CORSAIR] += 2
    after.pieces["tunis_patrol_zone"][d.CORSAIR] += 2
    assert texts(state, after) == [
        "Move 2 Tripolitan corsairs from Tripoli to the Gibraltar patrol zone",
        "Move 1 Tripolitan corsair from Tripoli to the Tunis patrol zone",
        "Place 1 Tripolitan corsair from the supply in the Tunis patrol zone"]
    assert_complete(state, after)


def test_frigates_damaged_in_the_assault(state: GameState) -> None:
    after = replace(state, assault_damaged={d.US_FRIGATE: 1, d.TRIPOLITAN_FRIGATE: 0})
    [damage] = assert_complete(state, after)
    assert (damage.kind, damage.piece, damage.n) == ("damage", d.US_FRIGATE, 1)
    assert damage.text == "American frigates damaged in the battle at Tripoli: 1 (were 0)"


# --- cards ---------------------------------------------------------------------------------------

def test_the_tbot_draws_and_queues_a_card(state: GameState) -> None:
    drawn = state.clone()
    drawn.tbot_draw.remove("storms")
    drawn.tbot_drawn = "storms"
    assert texts(state, drawn) == ["The T-bot draws Storms"]
    queued = drawn.clone()
    queued.tbot_drawn = ""
    queued.event_card_line.append("storms")
    assert texts(drawn, queued) == ["Storms, the card the T-bot drew: add it to the end of the "
                                    "event card line"]
    assert texts(state, queued) == ["The T-bot draws Storms: add it to the end of the event card "
                                    "line"]
    for before, after in ((state, drawn), (drawn, queued), (state, queued)):
        assert_complete(before, after)


def test_the_drawn_card_leaves_before_the_next_one_is_drawn(state: GameState) -> None:
    before = state.clone()
    before.tbot_draw.remove("storms")
    before.tbot_drawn = "storms"
    after = before.clone()
    after.tbot_drawn = after.tbot_draw.pop(0)
    after.event_card_line.append("storms")
    found = assert_complete(before, after)
    assert [i.source for i in found] == ["tbot_drawn", "tbot_draw"]


def test_a_line_card_played_as_an_event(state: GameState) -> None:
    discarded = state.clone()
    discarded.event_card_line.remove("yusuf_qaramanli")
    discarded.tbot_discard.append("yusuf_qaramanli")
    discarded.tbot_active_event = "yusuf_qaramanli"
    assert texts(state, discarded) == [
        "Remove Yusuf Qaramanli from the event card line: played as an event, put it on the T-bot's "
        "discard pile",
        "Yusuf Qaramanli is the T-bot's active event"]
    removed = state.clone()
    removed.event_card_line.remove("murad_reis_breaks_out")
    removed.tbot_removed.append("murad_reis_breaks_out")
    assert texts(state, removed) == ["Remove Murad Reis Breaks Out from the event card line: played "
                                     "as an event, remove it from the game"]
    by_an_american_event = removed.clone()
    by_an_american_event.us_hand.pop()
    assert texts(state, by_an_american_event)[0] == (
        "Remove Murad Reis Breaks Out from the event card line: remove it from the game")
    as_the_american_event = removed.clone()
    as_the_american_event.us_active_event = state.us_hand[0]
    assert texts(state, as_the_american_event)[0] == texts(state, by_an_american_event)[0]


def test_a_battle_card_played(state: GameState) -> None:
    after = state.clone()
    after.battle_card_line.remove("happy_hunting")
    after.tbot_removed.append("happy_hunting")
    assert texts(state, after) == ["Remove Happy Hunting from the battle card line: played as a "
                                   "battle card, remove it from the game"]


def test_the_american_cards(state: GameState) -> None:
    drawn = state.clone()
    drawn.us_hand += [drawn.us_draw.pop(0), drawn.us_draw.pop(0)]
    played = drawn.clone()
    card = played.us_hand.pop(0)
    played.us_discard.append(card)
    played.us_active_event = card
    name = d.card_name(card)
    assert texts(state, drawn) == [f"Draw 2 cards into the American hand: {d.card_name(drawn.us_hand[2])} "
                                   f"and {d.card_name(drawn.us_hand[3])}"]
    assert texts(drawn, played) == [f"{name} is the American active event",
                                    f"Take {name} from the American hand: put it on the American "
                                    "discard pile"]
    ended = played.clone()
    ended.us_active_event = ""
    assert texts(played, ended) == [f"{name} is no longer the American active event"]


def test_a_reshuffled_pile_is_said_to_be_shuffled(state: GameState) -> None:
    before = state.clone()
    before.us_discard, before.us_draw = before.us_draw[:5], before.us_draw[5:]
    after = before.clone()
    after.us_draw = after.us_draw + after.us_discard
    after.us_discard = []
    after.us_draw.reverse()
    found = assert_complete(before, after)
    assert found[0].text.endswith("from the American discard pile: shuffle them into the American "
                                  "draw pile")
    assert found[-1] == Instruction("order", "Shuffle the American draw pile", source="us_draw",
                                    cards=tuple(after.us_draw))


def test_a_line_put_in_another_order(state: GameState) -> None:
    after = state.clone()
    after.event_card_line.reverse()
    [order] = assert_complete(state, after)
    assert order.text == ("Put the event card line in this order: Sweden Pays Tribute, Yusuf "
                          "Qaramanli, Constantinople Sends Aid and Murad Reis Breaks Out")


# --- gold, cities, the date, the end ---------------------------------------------------------------

def test_gold(state: GameState) -> None:
    assert texts(state, replace(state, gold=5)) == ["Tripoli gains 1 gold: 5 in all"]
    assert texts(state, replace(state, gold=2)) == ["Tripoli loses 2 gold: 2 in all"]


def test_a_city_captured(state: GameState) -> None:
    after = replace(state, derne_captured=True)
    assert texts(state, after) == ["Derne is captured (place the control marker)"]
    assert texts(after, state) == ["Derne is no longer captured (remove the control marker)"]
    assert_complete(state, replace(state, benghazi_captured=True))


def test_the_date(state: GameState) -> None:
    assert texts(state, replace(state, season=2)) == ["Advance to Fall 1802"]
    assert texts(state, replace(state, year=1801, season=3)) == ["Go back to Winter 1801"]


def test_the_end(state: GameState) -> None:
    result = GameResult("tripolitania", "gold", "Tripoli has twelve gold.", 1802, 1, 0, 1, 12, 1)
    after = replace(state, gold=12, result=result)
    assert texts(state, after) == ["Tripoli gains 8 gold: 12 in all",
                                   "The game ends: Tripoli has twelve gold."]
    assert_complete(state, after)
    assert_complete(after, state)


def test_a_turn_in_the_order_it_is_played(state: GameState) -> None:
    """The T-bot's cards, then the pieces, gold, the end of the season, the new year's date, and
    then what the new year brings."""
    before = replace(state, season=3, tbot_active_event="yusuf_qaramanli")
    before.pieces[d.track_space(1803)][d.US_FRIGATE] = 1
    before.pieces[d.US_SUPPLY][d.US_FRIGATE] -= 1
    after = before.clone()
    after.tbot_draw.remove("storms")
    after.event_card_line.append("storms")
    place(after, "tripoli", d.CORSAIR)
    after.gold = 5
    after.tbot_active_event = ""
    after.year, after.season = 1803, 0
    after.pieces[d.track_space(1803)][d.US_FRIGATE] = 0
    after.pieces["gibraltar"][d.US_FRIGATE] += 1
    after.us_hand.append(after.us_draw.pop(0))
    assert [i.kind for i in assert_complete(before, after)] == [
        "cards", "pieces", "gold", "event", "date", "pieces", "cards"]


# --- real games --------------------------------------------------------------------------------------

def played_positions(seed: int, american: Player) -> list[GameState]:
    """A seeded game's position after every action (the first: before any)."""
    game = Game.new(seed)
    positions = [game.state.clone()]
    play(game, {d.US: american, d.TRIPOLITANIA: TBot()},
         after=lambda g: positions.append(g.state.clone()))
    return positions


@pytest.mark.parametrize("seed", range(1, 25))
def test_every_change_of_a_real_game_is_told(seed: int) -> None:
    """Property: from each position to the next, and back, and over each whole T-bot turn, the
    instructions applied to the position before give the position after on the board."""
    american: Player = HeuristicPlayer() if seed % 2 else RandomPlayer(seed)
    positions = played_positions(seed, american)
    for before, after in zip(positions, positions[1:], strict=False):
        assert_complete(before, after)
        assert_complete(after, before)
    assert_complete(positions[0], positions[-1])
    assert_complete(positions[-1], positions[0])


def test_a_tbot_turn_of_a_real_game_in_words() -> None:
    game = Game.new(3)
    play(game, {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.TRIPOLITANIA)
    before = game.state.clone()
    play(game, {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.US)
    found = assert_complete(before, game.state)
    assert [i.text for i in found][:2] == [
        "Remove Murad Reis Breaks Out from the event card line: played as an event, remove it from "
        "the game",
        "Move 2 Tripolitan corsairs from Gibraltar to Tripoli"]
