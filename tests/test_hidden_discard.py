"""The rulebook's optional hidden discard pile (issue 36, point 1): no one may look through
either discard pile, but while Bainbridge Supplies Intel is the American's active event. The
rule of what may be seen is queries.seen_discard's; the option is the campaign's, kept in its
saves; the odds and the advice use only what may be seen; Load and the record show it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import TBot
from bot.odds import draw_odds
from tripoli_tui import storage
from tripoli_tui.cli import main as cli
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.decks import CARDS
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.queries import BAINBRIDGE, discards_in_sight, seen_discard
from tripoli_tui.engine.saves import game_to_toml, load_game_text
from tripoli_tui.play.advisor_playout import hide
from tripoli_tui.play.simulate import simulate
from tripoli_tui.tui import app as tui_app


def played(seed: int, hidden: bool, year: int = 1803) -> Game:
    game = Game.new(seed, hidden_discard=hidden)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.state.year >= year)
    return game


def test_a_hidden_discard_pile_shows_nothing_of_itself_but_during_bainbridge() -> None:
    assert BAINBRIDGE in CARDS
    game = next(g for seed in range(40) if (g := played(seed, True)).state.tbot_discard
                and g.state.us_discard)
    s = game.state
    assert not discards_in_sight(s)
    assert seen_discard(s, "tbot_discard") == seen_discard(s, "us_discard") == ()
    s.us_active_event = BAINBRIDGE
    assert seen_discard(s, "tbot_discard") == tuple(s.tbot_discard)
    s.us_active_event = ""
    s.hidden_discard = False
    assert seen_discard(s, "us_discard") == tuple(s.us_discard)


def test_the_option_is_kept_in_the_campaign_s_saves_and_an_older_save_has_it_off() -> None:
    game = played(11, True)
    text = game_to_toml(game)
    assert "hidden_discard = true" in text and "origin_hidden_discard = true" in text
    loaded = load_game_text(text)
    assert loaded.state.hidden_discard and loaded.origin.hidden_discard
    assert loaded.state == game.state
    older = game_to_toml(played(11, False))
    assert "hidden_discard" not in older
    assert not load_game_text(older).state.hidden_discard


def test_the_rule_changes_no_move_of_the_game() -> None:
    """(It hides piles from the players' eyes: the same seed and choices, the same game.)"""
    for seed in range(5):
        hidden, open_ = played(seed, True, 1806), played(seed, False, 1806)
        assert [e.choice for e in hidden.history] == [e.choice for e in open_.history]
        hidden.state.hidden_discard = False
        assert hidden.state == open_.state


def test_the_odds_count_the_hidden_discards_among_the_cards_out_of_sight() -> None:
    game = next(g for seed in range(40) if (g := played(seed, True)).state.tbot_discard)
    s = game.state
    odds = draw_odds(s)
    assert odds.unseen == len(s.tbot_draw) + len(s.tbot_discard)
    s.hidden_discard = False
    assert draw_odds(s).unseen == len(s.tbot_draw)


def test_the_advice_does_not_peek_at_which_unseen_card_is_in_which_pile() -> None:
    """Two positions alike but for which of the unseen cards lie in the draw pile and which in
    the (hidden) discard pile: the advice's playouts deal them alike (planted: a playout that
    shuffles the draw pile alone, as with open discards, deals them apart)."""
    game = next(g for seed in range(40) if len((g := played(seed, True)).state.tbot_discard) >= 2
                and len(g.state.tbot_draw) >= 2 and len(g.state.us_discard) >= 1)
    one, two = game.state.clone(), game.state.clone()
    two.tbot_draw[0], two.tbot_discard[0] = one.tbot_discard[0], one.tbot_draw[0]
    two.us_draw[0], two.us_discard[0] = one.us_discard[0], one.us_draw[0]
    assert (one.tbot_draw, one.us_draw) != (two.tbot_draw, two.us_draw)
    for seed in (1, 2, 3):
        a, b = one.clone(), two.clone()
        hide(a, seed)
        hide(b, seed)
        assert (a.tbot_draw, a.tbot_discard, a.us_draw) == (b.tbot_draw, b.tbot_discard, b.us_draw)


def test_new_and_simulate_take_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **how: seen.append(how) or 0)
    monkeypatch.setattr(cli, "has_a_terminal", lambda: True)
    assert cli.main(["new", "--hidden-discard"]) == 0
    assert seen[0]["hidden_discard"] is True
    summary = simulate(20, 1, hidden_discard=True, check=False)
    assert summary["hidden_discard"] is True
    assert summary == {**simulate(20, 1, check=False), "hidden_discard": True,
                       "seconds": summary["seconds"],
                       "games_per_second": summary["games_per_second"]}


def test_load_and_the_record_show_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path))
    game = storage.start_campaign(played(11, True, 1807))
    storage.write_save(game, "hidden")
    assert [s.hidden_discard for s in storage.list_saves()] == [True]
    storage.record_result(game)
    entry = storage.read_record().entries[0]
    assert entry.hidden_discard
    campaigns, _ = storage.list_campaigns()
    rows = storage.campaign_rows(campaigns, storage.read_record())
    assert [r.hidden_discard for r in rows] == [True]
