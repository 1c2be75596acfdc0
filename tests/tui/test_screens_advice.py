"""The advice screen: h at an American decision, a cancel that leaves the game untouched, the
options best first with the best marked and playable, t to keep thinking, and its look at 80x24."""

from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, option_lines, position
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.play.advisor import Advice, OptionAdvice, Race
from tripoli_tui.tui.screens import advice as advice_screen
from tripoli_tui.tui.screens.advice import AdviceScreen
from tripoli_tui.tui.screens.game import GameScreen


async def thought(pilot, screen: AdviceScreen) -> None:
    """Wait until the advice screen has shown its advice (its worker starts once mounted)."""
    for _ in range(500):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        if screen.advice is not None:
            await pilot.pause()
            return
    raise AssertionError("the advice never came")


async def advised(app, pilot, game: Game, **options: object) -> AdviceScreen:
    """The advice screen on `game`, pushed over the game and done thinking."""
    await pilot.pause()
    screen = AdviceScreen(game, **options)  # type: ignore[arg-type]
    app.push_screen(screen)
    await thought(pilot, screen)
    assert screen.advice is not None
    return screen


async def open_and_cancel_the_advice(app, pilot) -> None:
    """h opens the advice, Escape stops it while it thinks; back on the game screen."""
    await pilot.press("h")
    await pilot.pause()
    assert isinstance(app.screen, AdviceScreen)
    await pilot.press("escape")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_a_cancelled_advice_leaves_the_game_untouched(monkeypatch) -> None:
    # the game's own thinking time: Escape comes while it thinks (a pause waits at most 1 s)
    monkeypatch.setitem(AdviceScreen.__init__.__kwdefaults__, "seconds", advice_screen.DEFAULT_SECONDS)
    game = Game.new(7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before, history, pending = game.state.clone(), list(game.history), game.pending
        await open_and_cancel_the_advice(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert game.state == before and game.history == history and game.pending == pending


async def test_the_advice_marks_the_best_option_and_enter_plays_it() -> None:
    game = Game.new(7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = AdviceScreen(game, playouts=2, workers=1)
        chosen = []
        app.push_screen(screen, chosen.append)
        await thought(pilot, screen)
        assert screen.advice is not None
        best = screen.advice.options[screen.advice.best]
        assert best.win_chance == max(o.win_chance for o in screen.advice.options)
        assert all(o.playouts == 2 for o in screen.advice.options)
        listing = screen.query_one("#advice-list", OptionList)
        shown = [screen.advice.options[int(str(listing.get_option_at_index(i).id)[7:])]
                 for i in range(listing.option_count)]
        chances = [o.win_chance for o in shown]
        assert chances == sorted(chances, reverse=True) and shown[0] == best  # best first
        assert listing.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == [best.choice]


async def test_h_opens_the_advice_while_choosing_and_not_on_the_tbot_s_turn() -> None:
    game = Game.new(3)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")  # discard to move: the choice panel asks which frigate
        await pilot.pause()
        assert game.pending is not None and game.pending.kind == "move_frigate"
        await open_and_cancel_the_advice(app, pilot)
        assert isinstance(app.screen, GameScreen) and game.pending.kind == "move_frigate"
        while game.pending is not None and game.pending.side == d.US:
            await app.screen.submit(game.pending.options[-1])  # Done, or the last option
            await pilot.pause()
        assert game.pending is not None and game.pending.side == d.TRIPOLITANIA
        await pilot.press("h")
        await pilot.pause()
        assert not isinstance(app.screen, AdviceScreen)


class FixedRace(Race):
    """A race whose advice has made-up figures, so that the snapshot shows the layout, not the
    playouts: the second option tied with the best, the last dropped from the race."""

    def think(self, **_):  # type: ignore[no-untyped-def,override]
        options = self.position.pending.options
        wins = [(7 * i) % 20 for i in range(len(options))]
        found = tuple(OptionAdvice(o, wins=w, playouts=20 if i == len(options) - 1 else 40,
                                   versus_best=(w - max(wins)) / 40, versus_margin=0.04,
                                   tied=w == max(wins) - 1, dropped=i == len(options) - 1)
                      for i, (o, w) in enumerate(zip(options, wins, strict=True)))
        return Advice(self.position.pending.prompt, found, self.seed, 1.0)


LONG_NAMES = ("general_eaton_attacks_benghazi", "lieutenant_obannon_leads_the_charge",
              "constantinople_demands_tribute", "lieutenant_sterett_in_pursuit",
              "general_eaton_attacks_derne", "congress_authorizes_action",
              "bainbridge_supplies_intel")
"""A hand of long names: its discards ('Discard Lieutenant O'Bannon Leads the Charge to build a
gunboat in Malta') are longer than a row of the advice at 80 columns."""


async def test_every_option_reads_whole_at_80x24_its_figures_in_columns(monkeypatch) -> None:
    monkeypatch.setattr(advice_screen, "Race", FixedRace)
    game = game_of(position(*LONG_NAMES))
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = AdviceScreen(game, playouts=2, seed=1)
        app.push_screen(screen)
        await thought(pilot, screen)
        assert screen.advice is not None
        listing = screen.query_one("#advice-list", OptionList)
        words_at, wrapped = set(), 0
        for index in range(listing.option_count):
            option = screen.advice.options[int(str(listing.get_option_at_index(index).id)[7:])]
            listing.highlighted = index  # scrolled into sight
            await pilot.pause()
            first, *more = option_lines(listing, index)
            wrapped += bool(more)
            figures = FIGURES.match(first)
            assert figures is not None, first
            words_at.add(figures.end())
            assert figures.group("chance").endswith("%") and figures.group("margin")
            assert all(line[:figures.end()].isspace() for line in more), more
            words = " ".join(line.strip() for line in [first[figures.end():], *more])
            assert words == option.choice.describe()  # whole: no two options read alike
        assert len(words_at) == 1, "the options' words do not start in one column"
        assert wrapped >= 10, "the options fit a line anyway: the test checks no long option"


FIGURES = re.compile(r"(?P<best>[★= ]) (?P<chance>[ \d]{3}%) (?P<margin>±[ \d]{2}) +"
                     r"(?P<versus>best|[+−]\d+±\d+) +(?P<playouts>\d+)  ")
"""The figures of an option's first line, each in its column: ★ or =, win chance, ± margin, the
difference from the best (± its margin), playouts."""


class TestAdviceScreen:
    @pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
    def test_the_advice(self, snap_compare, size, monkeypatch):
        monkeypatch.setattr(advice_screen, "Race", FixedRace)
        game = Game.new(3)
        app = make_app(game)

        async def run_before(pilot) -> None:
            await pilot.pause()
            screen = AdviceScreen(game, playouts=2, seed=1)
            app.push_screen(screen)
            await thought(pilot, screen)

        assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_t_keeps_thinking_to_twice_the_playouts_at_80x24() -> None:
    game = Game.new(7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await advised(app, pilot, game, playouts=2, workers=1)
        assert screen.advice is not None and screen.advice.per_option == 2
        first = screen.advice
        assert "Keep thinking" in footer_text(app)
        await pilot.press("t")
        for _ in range(500):
            await pilot.pause()
            await app.workers.wait_for_complete()
            if not screen.thinking:
                break
        assert screen.advice is not first and screen.advice.per_option == 4
        # the first playouts are the same games: the longer advice goes on from them
        assert game.pending is not None and isinstance(app.screen, AdviceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def footer_text(app) -> str:  # type: ignore[no-untyped-def]
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    return str(app.screen.query_one(KeyFooter).render())


async def test_the_advice_says_in_words_what_its_figures_mean(monkeypatch) -> None:
    """The rows' summary in a learner's words, and what ★, = and 'vs ★' mean, above the rows at
    80x24 (issue 34, point 9)."""
    monkeypatch.setattr(advice_screen, "Race", FixedRace)
    game = Game.new(7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await advised(app, pilot, game, playouts=2, seed=1)
        assert screen.advice is not None
        status = str(screen.query_one("#advice-status").render())
        assert screen.advice.in_words() in " ".join(status.split()), status
        assert "= about equal to ★" in status and "vs ★: points behind ★, same dice" in status, status
        assert screen.query_one("#advice-status").region.y < screen.query_one("#advice-list").region.y


class ChangingRace(Race):
    """A race whose figures change as it thinks: the first best falls to fourth at the end."""

    def think(self, *, update=None, **_):  # type: ignore[no-untyped-def,override]
        options = self.position.pending.options

        def advice(wins: list[int]) -> Advice:
            return Advice(self.position.pending.prompt, tuple(
                OptionAdvice(o, wins=w, playouts=40, versus_best=(w - max(wins)) / 40,
                             versus_margin=0.04, tied=False, dropped=False)
                for o, w in zip(options, wins, strict=True)), self.seed, 1.0)

        first = [30 if i == 0 else 10 + i for i in range(len(options))]
        if update is not None:
            update(advice(first))
        return advice([5 if i == 0 else 10 + i for i in range(len(options))])


async def test_enter_plays_the_best_found_at_the_end_not_the_first_best(monkeypatch) -> None:
    """The highlight stayed with the option best when the figures were first shown, wherever
    the playouts took it: at the end it sat on a worse option, the best scrolled out of sight,
    and ⏎ ('play it') played that option. Left on the first row it follows the best; moved by
    the player, it stays with the option chosen."""
    monkeypatch.setattr(advice_screen, "Race", ChangingRace)
    game = Game.new(7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chosen: list[object] = []
        screen = AdviceScreen(game, playouts=2, seed=1)
        app.push_screen(screen, chosen.append)
        await thought(pilot, screen)
        listing = screen.query_one("#advice-list", OptionList)
        assert listing.highlighted == 0 and listing.scroll_offset.y == 0
        best = screen.advice.options[screen.advice.best]
        assert best.choice is not game.pending.options[0]  # the first best is best no more
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == [best.choice]

    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:  # the player's own choice is kept
        await pilot.pause()
        screen = AdviceScreen(game, playouts=2, seed=1)
        app.push_screen(screen)
        await thought(pilot, screen)
        listing = screen.query_one("#advice-list", OptionList)
        await pilot.press("down", "down")
        picked = listing.highlighted_option.id
        screen._show(screen.advice, True)  # the figures shown again
        assert listing.highlighted_option.id == picked
