"""A position in the middle of a turn, at a T-bot decision (`[position.mid_turn]`): it loads at that
decision, saves and reloads, and each inconsistency is refused with one clear line."""

from __future__ import annotations

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.saves import SaveError, game_to_toml, load_game_text, position_to_toml


def text_of(name: str) -> str:
    return (storage.examples_dir() / f"{name}.toml").read_text(encoding="utf-8")


def swap(name: str, old: str, new: str) -> str:
    text = text_of(name)
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize("name", ["08-hits-1804", "10-hits-assault", "11-queue-and-redraw",
                                  "12-yusuf-raid-order", "13-signal-books-offered",
                                  "14-tripoli-attacks-hits"])
def test_a_mid_turn_position_saves_and_reloads_at_its_decision(name: str) -> None:
    game = load_game_text(text_of(name))
    assert game.pending is not None and game.pending.side == "tripolitania"
    assert game.state.mid_turn is None and game.origin.mid_turn is not None
    again = load_game_text(game_to_toml(game))  # the origin keeps [position.mid_turn]
    assert again.state == game.state and again.pending == game.pending
    written = position_to_toml(game.origin)
    assert "[position.mid_turn]" in written
    assert load_game_text(written).pending == game.pending


def test_play_goes_on_from_the_decision_and_the_history_replays() -> None:
    game = load_game_text(text_of("11-queue-and-redraw"))
    from tripoli_tui.engine.decisions import parse_choice

    game.submit(parse_choice("queue"))
    assert game.state.event_card_line[-1] == "storms"
    assert game.pending is not None and game.pending.kind == "drawn_card"
    assert load_game_text(game_to_toml(game)).state == game.state


BAD = [
    ("08-hits-1804", 'decision = "allocate_hits"', 'decision = "allocate_gold"',
     "position.mid_turn.decision: 'allocate_gold' is not a T-bot decision"),
    ("08-hits-1804", 'phase = "american_play"', 'phase = "tripolitan_play"',
     "position.phase: the allocate_hits decision stands in phase 'american_play'"),
    ("08-hits-1804", "hits = 2", "hits = 0",
     "position.mid_turn.hits: 0 hits: a hit allocation takes 1 to 40 hits"),
    ("08-hits-1804", 'location = "tripoli"', 'location = "malta"',
     "position.mid_turn.location: 'malta': the battle is in a harbor"),
    ("08-hits-1804", 'battle = "harbor"', 'battle = "skirmish"',
     "position.mid_turn.battle: 'skirmish' is not a battle"),
    ("08-hits-1804", "hits = 2\n", "hits = 2\ncard = \"Storms\"\n",
     "position.mid_turn.card: not a field of the allocate_hits decision"),
    ("08-hits-1804", "hits = 2\n", "",
     "position.mid_turn.hits: missing"),
    ("08-hits-1804", "tripolitan_frigate = 1, tripolitan_infantry = 6",
     "tripolitan_infantry = 6",
     "can take a hit one way only: the T-bot has nothing to decide"),
    ("08-hits-1804", "us_frigate = 2, corsair = 3", "corsair = 3",
     "no American ship is in the harbor of Tripoli: there is no battle"),
    ("10-hits-assault", 'us_active_event = "Assault on Tripoli"', "",
     "position.cards.us_active_event: the Assault on Tripoli must be the American active event"),
    ("10-hits-assault", "assault_round = 2\n", "",
     "position.mid_turn.assault_round: the round of the Assault"),
    ("11-queue-and-redraw", 'tbot_drawn = "Storms"\n', "",
     "position.cards.tbot_drawn: missing: a drawn_card decision consults the card"),
    ("11-queue-and-redraw", '[position.mid_turn]\ndecision = "drawn_card"\n', "",
     "position.cards.tbot_drawn: a drawn card is consulted in the middle of the T-bot's turn: "
     "add [position.mid_turn]"),
    ("12-yusuf-raid-order", 'harbors = ["tunis", "algiers"]', 'harbors = ["tunis"]',
     "position.mid_turn.harbors: at least two harbors still to raid"),
    ("12-yusuf-raid-order", 'harbors = ["tunis", "algiers"]', 'harbors = ["tunis", "tunis"]',
     "position.mid_turn.harbors: a harbor is listed twice"),
    ("12-yusuf-raid-order", 'harbors = ["tunis", "algiers"]', 'harbors = ["tunis", "malta"]',
     "position.mid_turn.harbors: 'malta' not a harbor Yusuf raids from"),
    ("12-yusuf-raid-order", 'tbot_active_event = "Yusuf Qaramanli"\n', "",
     "position.cards.tbot_active_event: Yusuf Qaramanli's raids: it must be the T-bot's active"),
    ("13-signal-books-offered", 'card = "US Signal Books Overboard"', 'card = "Storms"',
     "position.mid_turn.card: Storms is not a battle card the T-bot is offered in a pirate raid"),
    ("13-signal-books-offered", 'card = "US Signal Books Overboard"\nraid = "tripoli"',
     'card = "Happy Hunting"\nraid = "tunis"', "Happy Hunting is offered in a raid from Tripoli"),
    ("13-signal-books-offered", "tripoli_patrol_zone = { us_frigate = 1 }\n", "",
     "US Signal Books Overboard is offered after an American frigate's interception roll"),
    ("13-signal-books-offered", 'raid = "tripoli"', 'raid = "gibraltar"',
     "position.mid_turn.raid: 'gibraltar' is not a harbor corsairs raid from"),
    ("13-signal-books-offered", 'card = "US Signal Books Overboard"', 'card = "Signal Books"',
     "position.mid_turn.card: unknown card 'Signal Books'"),
    ("14-tripoli-attacks-hits", 'location = "tripoli_patrol_zone"', 'location = "tripoli"',
     "position.mid_turn.location: 'tripoli': the Tripoli Attacks battle is in the Tripoli patrol"),
    ("14-tripoli-attacks-hits", 'tbot_active_event = "Tripoli Attacks"\n', "",
     "position.cards.tbot_active_event: the Tripoli Attacks battle: it must be the T-bot's"),
    ("14-tripoli-attacks-hits", "american_hits = 1\n", "american_hits = 1\nassault_round = 1\n",
     "position.mid_turn.assault_round: only in the Assault on Tripoli"),
    ("14-tripoli-attacks-hits", "tripoli = { tripolitan_infantry = 6 }",
     "tripoli = { tripolitan_infantry = 6, corsair = 1 }",
     "position.pieces.tripoli: every Tripolitan ship of the harbor of Tripoli sailed into"),
    ("14-tripoli-attacks-hits", "us_frigate = 1, corsair = 3, tripolitan_frigate = 1",
     "corsair = 3, tripolitan_frigate = 1",
     "no American frigate is in the Tripoli patrol zone: there is no battle"),
    ("14-tripoli-attacks-hits", "corsair = 3, tripolitan_frigate = 1 }", "corsair = 3 }",
     "the Tripolitan ships in the Tripoli patrol zone can take a hit one way only"),
    ("14-tripoli-attacks-hits", "american_hits = 1", "american_hits = 41",
     "position.mid_turn.american_hits: 41 hits: 0 to 40"),
    ("08-hits-1804", "hits = 2\n", "hits = 2\namerican_hits = 1\n",
     "position.mid_turn.american_hits: only in the Tripoli Attacks battle"),
]


@pytest.mark.parametrize(("name", "old", "new", "message"), BAD,
                         ids=[f"{b[0][:2]}:{b[3][:40]}" for b in BAD])
def test_each_inconsistency_is_refused_with_one_clear_line(name: str, old: str, new: str,
                                                           message: str) -> None:
    with pytest.raises(SaveError) as refused:
        load_game_text(swap(name, old, new))
    problems = refused.value.problems
    assert len(problems) == 1, problems
    assert message in problems[0]
    assert "\n" not in problems[0]


@pytest.mark.parametrize("card", ["US Signal Books Overboard", "Happy Hunting",
                                  "Merchant Ship Converted"])
def test_a_raid_stands_at_each_of_its_battle_card_offers(card: str) -> None:
    from tripoli_tui.engine import data as d

    game = load_game_text(swap("13-signal-books-offered", 'card = "US Signal Books Overboard"',
                               f'card = "{card}"'))
    assert game.pending is not None and game.pending.kind == "battle_card"
    assert game.pending.info.card == d.card_by_name(card).id
    assert game.pending.side == "tripolitania"


def test_yusuf_raids_go_on_in_the_order_chosen() -> None:
    from tripoli_tui.engine.decisions import parse_choice

    game = load_game_text(text_of("12-yusuf-raid-order"))
    game.submit(parse_choice("choose tunis"))  # not the T-bot's order: the engine takes any
    raids = [e.data["raid"] for e in game.state.log if isinstance(e.data, dict) and "raid" in e.data]
    assert raids[0] == "tunis"


def test_tripoli_attacks_goes_on_from_the_tbots_hits_to_the_end_of_its_turn() -> None:
    """The attacker allocates first: the T-bot's hits, then the American frigate's, then every
    ship goes home; the game resumes at the end of the T-bot's turn (the American turn next)."""
    from bot import TBot
    from tripoli_tui.engine import check_invariants
    from tripoli_tui.engine import data as d
    from tripoli_tui.engine.loop import play

    game = load_game_text(text_of("14-tripoli-attacks-hits"))
    pending = game.pending
    assert pending is not None and pending.side == d.TRIPOLITANIA
    assert (pending.kind, pending.info.location) == ("allocate_hits", "tripoli_patrol_zone")
    assert [o.text() for o in pending.options] == ["hit frigate", "hit corsair"]
    made: list[str] = []
    play(game, {d.TRIPOLITANIA: TBot()}, until=lambda game: game.pending.side != d.TRIPOLITANIA,
         after=lambda game: made.append(game.history[-1].choice.text()))
    assert made == ["hit frigate", "hit corsair"]  # frigates first in 1804
    s = game.state
    assert s.when == "Fall 1804" and game.pending is not None and game.pending.side == d.US
    zone, tripoli = s.pieces["tripoli_patrol_zone"], s.pieces["tripoli"]
    assert zone[d.CORSAIR] == zone[d.TRIPOLITAN_FRIGATE] == zone[d.US_FRIGATE] == 0
    assert tripoli[d.CORSAIR] == 2 and s.pieces["track_1805"][d.TRIPOLITAN_FRIGATE] == 1
    assert s.pieces["track_1805"][d.US_FRIGATE] == 1  # the American frigate took its hit
    assert check_invariants(s) == []
    again = load_game_text(game_to_toml(game))  # the history replays from the position
    assert again.state == game.state and again.pending == game.pending


def test_the_american_hits_may_be_left_out() -> None:
    game = load_game_text(swap("14-tripoli-attacks-hits", "american_hits = 1\n", ""))
    assert game.origin.mid_turn is not None and game.origin.mid_turn.american_hits == 0
    assert "american_hits" not in position_to_toml(game.origin)


def test_tripoli_attacks_stands_in_the_tbots_turn() -> None:
    with pytest.raises(SaveError) as refused:
        load_game_text(swap("14-tripoli-attacks-hits", 'phase = "tripolitan_play"',
                            'phase = "american_play"'))
    assert ("position.phase: the allocate_hits decision stands in phase 'tripolitan_play' (the "
            "T-bot's turn), not 'american_play'") in refused.value.problems


@pytest.mark.parametrize(("name", "header"), [
    ("10-hits-assault", "In the Assault on Tripoli, round 2, the Tripolitan ships take 3 hits."),
    ("08-hits-1804", "In the naval battle in the harbor of Tripoli, the Tripolitan ships take "
                     "2 hits."),
    ("14-tripoli-attacks-hits", "Tripoli attacks: in the battle in the Tripoli patrol zone the "
                                "Tripolitan ships take 2 hits, then the American ships 1 hit."),
])
def test_the_log_says_where_the_position_stands_in_the_battle(name: str, header: str) -> None:
    game = load_game_text(text_of(name))
    assert header in [e.text for e in game.state.log if e.kind == "header"]
