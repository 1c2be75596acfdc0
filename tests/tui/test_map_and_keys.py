"""The map and the choices beside it: stable keys, clicks on the drawn map, nothing clipped."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, on_map, position, press
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.widgets.board import MapPanel
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel
from tripoli_tui.tui.widgets.log_panel import LogPanel
from tripoli_tui.tui.widgets.place_keys import NO_KEY, PLACE_KEYS, option_keys
from tripoli_tui.tui.widgets.status import DiceStrip

TEN_CARDS = ("naval_movement", "tribute_paid", "early_deployment", "launch_the_intrepid",
             "a_show_of_force", "burn_the_philadelphia", "bainbridge_supplies_intel",
             "corsairs_confiscated", "congress_authorizes_action", "hamet_recruits_bedouins")


def offered_keys(app) -> dict[str, str]:
    """Each offered option's text form → its key, as the choice panel shows them."""
    panel = app.screen.query_one(ChoicePanel)
    return {o.text(): key for o, key in zip(panel.offer.options, panel.keys, strict=True)}


def test_every_place_has_its_own_key_and_no_answers_are_zero():
    assert len(set(PLACE_KEYS.values())) == len(d.MAP_LOCATIONS)
    assert set(PLACE_KEYS) == set(d.MAP_LOCATIONS)
    assert not set(PLACE_KEYS.values()) & {"u", "U", "s", "q", NO_KEY}
    keys = option_keys((k.MoveFrom("tripoli"), k.Done(), k.MoveFrom("gibraltar_patrol_zone")))
    assert keys == ["t", "0", "G"]
    assert option_keys((k.Decline(), k.PlayBattleCard("prebles_boys_take_aim"))) == ["0", "1"]


async def test_each_place_keeps_its_key_across_two_different_prompts():
    s = position("naval_movement")
    s.pieces["us_supply"]["us_frigate"] -= 1
    s.pieces["tripoli_patrol_zone"]["us_frigate"] += 1
    app = make_app(game_of(s))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m")
        first = offered_keys(app)  # from where: Gibraltar, the Tripoli patrol zone, Done
        assert first == {"from gibraltar": "g", "from tripoli_patrol_zone": "T", "done": "0"}
        await press(pilot, "g")
        second = offered_keys(app)  # to where: thirteen places
        assert second["to tripoli_patrol_zone"] == "T"
        for text, key in second.items():
            assert key == PLACE_KEYS[text.split()[1]]
        await press(pilot, "T")  # to the patrol zone: the second frigate's prompt
        assert app.game.state.pieces["tripoli_patrol_zone"]["us_frigate"] == 2
        assert offered_keys(app) == first


async def test_options_past_nine_have_keys_and_shift_u_works_in_the_choices():
    app = make_app(game_of(position(*TEN_CARDS)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game.pending.kind == "hand_limit"
        keys = offered_keys(app)
        assert list(keys.values()) == [*"123456789", "c"]
        await press(pilot, "c")  # the tenth card
        assert app.game.state.us_discard == ["hamet_recruits_bedouins"]
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m", "g")
        assert app.game.pending.kind == "move_destination"
        await press(pilot, "U")  # with the choices in front of the player
        assert app.game.pending.kind == "american_play"


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_clicking_the_map_answers_a_place_choice(size):
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "m")
        await pilot.click(offset=on_map(app, "gibraltar"))
        await pilot.pause()
        assert app.game.pending.kind == "move_destination"
        await pilot.click(offset=on_map(app, "tripoli_patrol_zone"))
        await pilot.pause()
        assert app.game.state.pieces["tripoli_patrol_zone"]["us_frigate"] == 1
        assert app.game.pending.kind == "move_frigate"
        await pilot.click("#choice-list", offset=(4, 1))  # the second option: Done
        await pilot.pause()
        assert app.game.pending.side == "tripolitania"


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_every_place_is_on_the_map_with_its_key(size):
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(MapPanel)
        canvas = board._canvas
        for location in d.MAP_LOCATIONS:
            on_map(app, location)
        for zone in d.PATROL_ZONES:  # a zone shows its capital letter inside it
            assert any(canvas.chars[y][x] == PLACE_KEYS[zone] and canvas.places[y][x] == zone
                       for y in range(canvas.height) for x in range(canvas.width)), zone


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["compact", "drawn"])
async def test_the_map_drawn_over_its_cached_sea_and_land_is_the_map_drawn_afresh(size):
    """Only the pieces, names and marks are drawn per change, over a copy of the sea and land
    drawn once and with the labels where they were put while their sizes stay: after a move the
    map is what a map drawn from nothing shows."""
    app = make_app(game_of(position("naval_movement")), walkthrough=False)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "m", "g", "t", "0")
        board = app.screen.query_one(MapPanel)
        kept = [strip.text for strip in board._strips]
        board.forget_drawings()
        board._draw(board.size.width)
        assert kept == [strip.text for strip in board._strips]
        assert not any("F3" in line for line in kept) and any("F2" in line for line in kept)


async def test_the_newest_dice_come_first_with_their_result_whole_at_80x24():
    s = position("naval_movement")
    s.pieces["us_supply"]["gunboat"] -= 1
    s.pieces["malta"]["gunboat"] += 1
    s.forced_dice = [6, 1, 1, 6, 1, 1, 1, 1]
    app = make_app(game_of(s), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m", "g", "t", "0", "t")  # into Tripoli with the gunboat: a battle
        rolls = [e for e in app.game.state.log if e.kind == "dice"]
        assert len(rolls) >= 2
        line = app.screen.query_one(DiceStrip).line.plain
        newest = rolls[-1].text.rpartition(" - ")[2]
        assert line.startswith("Dice ") and line.index(newest) < 40
        assert line.endswith(newest) or " │ " in line
        assert len(line) <= 80


async def test_resizing_keeps_the_log_at_its_newest_entry():
    app = make_app(game_of(position("naval_movement")), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await press(pilot, "m", "0")  # three seasons of log
            await pilot.pause()
        log = app.screen.query_one(LogPanel)
        for size in [(200, 60), (80, 24), (120, 40), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y >= log.max_scroll_y - 1, size


async def test_the_footer_keeps_quit_in_view_at_80x24():
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    app = make_app(game_of(position("naval_movement", "tribute_paid")), walkthrough=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys in ((), ("enter",), ("escape", "m"), ("0",)):  # the hand, choices, the T-bot
            await press(pilot, *keys)
            await pilot.pause()
            footer = app.screen.query_one(KeyFooter)
            footer.render()
            assert footer.spans and footer.spans[-1][2] == "q", keys
            assert all(end <= 80 for _, end, _ in footer.spans), keys


async def test_a_click_on_a_footer_key_presses_it():
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    app = make_app(game_of(position("naval_movement", "tribute_paid")), walkthrough=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        footer.render()
        choose = next(start for start, _, key in footer.spans if key == "c")
        await pilot.click(KeyFooter, offset=(choose + 2, 0))  # on its description
        await pilot.pause()
        assert app.screen.offer is not None  # the choices are asked


async def test_a_click_on_a_dimmed_footer_key_does_nothing():
    """The game screen shows no dimmed key (a key it shows works), but the footer draws one a
    screen dims (check_action None) and a click on it presses nothing."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding

    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    class Host(App[None]):
        BINDINGS = [Binding("x", "pressed('x')", "Dimmed"), Binding("y", "pressed('y')", "Works")]

        def __init__(self) -> None:
            super().__init__()
            self.pressed: list[str] = []

        def compose(self) -> ComposeResult:
            yield KeyFooter()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            return None if parameters == ("x",) else True

        def action_pressed(self, key: str) -> None:
            self.pressed.append(key)

    app = Host()
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        footer.render()
        spans = {key: start for start, _, key in footer.spans}
        await pilot.click(KeyFooter, offset=(spans["x"], 0))
        await pilot.click(KeyFooter, offset=(spans["y"] + 2, 0))
        await pilot.pause()
        assert app.pressed == ["y"]


async def test_the_footer_draws_the_palette_key_at_the_right_only_beside_every_key():
    """Every screen's footer is the one-widget KeyFooter (Textual's rebuilt a widget per key at
    every look at the keys). The screens that showed Textual's '^p palette' at the right still do:
    a click on it opens the palette, the mouse over a key shows its tooltip; where the screen's own
    keys leave no room, the palette's key is left out and theirs stay whole."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.command import CommandPalette

    from tripoli_tui.tui.widgets.key_footer import PALETTE_RULE, KeyFooter

    class Host(App[None]):
        BINDINGS = [Binding("x", "pressed('x')", "Ring the bell", tooltip="Rings it"),
                    Binding("y", "pressed('y')", "Again")]

        def compose(self) -> ComposeResult:
            yield KeyFooter(palette=True)

        def action_pressed(self, key: str) -> None:
            self.bell()

    app = Host()
    async with app.run_test(size=(60, 3)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        drawn = str(footer.render())
        assert drawn.startswith("x Ring the bell y Again ")
        assert drawn.rstrip().endswith(f"{PALETTE_RULE}^p palette") and len(drawn) == 60
        spans = {key: (start, end) for start, end, key in footer.spans}
        assert spans["ctrl+p"][1] == 59
        await pilot.hover(KeyFooter, offset=(spans["x"][0] + 3, 0))
        assert footer.tooltip == "Rings it"
        await pilot.hover(KeyFooter, offset=(spans["x"][1] + 1, 0))  # between the keys
        assert footer.tooltip is None
        await pilot.click(KeyFooter, offset=(spans["ctrl+p"][0] + 3, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.resize_terminal(30, 3)
        await pilot.pause()
        drawn = str(footer.render())
        assert "palette" not in drawn and "ctrl+p" not in {key for *_, key in footer.spans}
        assert drawn.startswith("x Ring the bell y Again")


async def test_the_footer_is_redrawn_only_when_its_keys_change():
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    app = make_app(game_of(position("naval_movement", "tribute_paid")), walkthrough=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        redrawn = []
        footer.refresh = lambda *a, **kw: redrawn.append(1)  # type: ignore[method-assign]
        await press(pilot, "l")  # the log: its keys ([ and ]) join the footer
        assert app.screen.query_one(LogPanel).has_focus and redrawn
        redrawn.clear()
        await press(pilot, "up", "down")  # reading on in the log: the same keys
        assert not redrawn
        await press(pilot, "H")
        assert app.screen.query_one("#hand-list").has_focus
        redrawn.clear()
        await press(pilot, "down", "up")  # along the hand: the same keys
        assert not redrawn
        await press(pilot, "m")
        assert redrawn and "c" not in [key for key, *_ in footer.shown]


async def test_the_status_line_says_the_decision_whole_at_80x24():
    """A long prompt is not cut: the meters give way to bare counts (and the date is not said
    twice); with room, the meters stay."""
    from tripoli_tui.tui.widgets.status import StatusBar

    for size, meters in (((80, 24), False), ((120, 40), True)):
        app = make_app(game_of(position("naval_movement")), walkthrough=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            line = app.screen.query_one(StatusBar).line.plain
            assert "Your play." in line and line.count("Spring 1801") == 1, line
            await press(pilot, "m", "g")
            line = app.screen.query_one(StatusBar).line.plain
            prompt = app.game.pending.prompt
            assert prompt in line and len(line) <= size[0], (size, line)
            assert ("○" in line) is meters, (size, line)


async def test_a_dice_name_shortened_in_a_narrow_strip_is_whole_again_when_it_widens():
    from textual.app import App

    from tripoli_tui.engine.state import LogEntry

    roll = LogEntry(1802, 1, "tripolitania", "dice",
                    "Corsairs hunt merchant ships (5-6 captures): [4] [5] [3] [1] [3] - "
                    "1 merchant ship captured", [4, 5, 3, 1, 3])

    class Strip(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield DiceStrip()

    app = Strip()
    async with app.run_test(size=(80, 3)) as pilot:
        strip = app.query_one(DiceStrip)
        strip.show([roll], 0)
        await pilot.pause()
        assert "…" in strip.line.plain and strip.line.plain.endswith("1 merchant ship captured")
        await pilot.resize_terminal(160, 3)
        await pilot.pause()
        assert "Corsairs hunt merchant ships (5-6 captures) 4" in strip.line.plain


async def test_a_question_longer_than_the_status_line_is_said_short_and_asked_whole_below():
    """At 80x24 a long question (an interception roll offering Lieutenant Sterett) was cut with
    an ellipsis: the status line says the decision is yours and where its question is, and the
    choices ask it whole (a second status line would move the whole screen: ~10 KB over SSH)."""
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import RandomPlayer
    from tripoli_tui.tui.widgets.status import StatusBar

    game = Game.new(1)

    def long_question(g: Game) -> bool:
        return g.pending is not None and g.pending.side == d.US and len(g.pending.prompt) > 64

    play(game, {d.US: RandomPlayer(1), d.TRIPOLITANIA: RandomPlayer(2)}, until=long_question)
    prompt = game.pending.prompt
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusBar)
        assert status.region.height == 1
        assert status.line.plain.endswith("Your decision: its question in full below"), (
            status.line.plain)
        asked = str(app.screen.query_one("#choice-prompt").render())
        assert " ".join(prompt.split()) in " ".join(asked.split()), asked


async def test_a_roll_of_more_dice_than_the_dice_row_holds_goes_on_to_a_second_line():
    """The Guns of Tripoli add twelve dice: a roll longer than the row is not cut, its result
    whole on a second line."""
    from textual.app import App

    from tripoli_tui.engine.state import LogEntry

    dice = [1, 2, 3, 4, 5, 6] * 6
    roll = LogEntry(1805, 1, "tripolitania", "dice", "Tripoli fires 36 dice: "
                    + " ".join(f"[{v}]" for v in dice) + " - 6 hits", dice)

    class Strip(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield DiceStrip()

    app = Strip()
    async with app.run_test(size=(80, 5)) as pilot:
        strip = app.query_one(DiceStrip)
        strip.show([roll], 0)
        await pilot.pause()
        assert strip.region.height == 2
        shown = strip.render_line(0).text + strip.render_line(1).text
        assert shown.count("6") >= 6 and "→ 6 hits" in shown, shown
