"""HelpScreen: the keys tab reads the bindings in force, the rules are ours, the cards are searchable."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, MarkdownViewer, OptionList, Static, TabbedContent

from tripoli_tui.engine import data as d
from tripoli_tui.screens.help import HelpScreen, card_details, card_matches, rules_markdown


class BoardScreen(Screen[None]):
    """Stands in for the game screen: a few bindings, one hidden by check_action."""

    BINDINGS = [
        Binding("m", "move", "Move frigates"),
        Binding("u", "undo", "Undo"),
        Binding("f", "flowchart", "T-bot flowchart"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("board")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False if action == "undo" else True


class Host(App[None]):
    BINDINGS = [Binding("question_mark", "help", "Help")]

    def __init__(self, tab: str = "keys") -> None:
        super().__init__()
        self.animation_level = "none"
        self.tab = tab
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(BoardScreen())
        self.push_screen(HelpScreen(self.tab), self.results.append)


def test_keys_tab_lists_the_bindings_in_force_beneath() -> None:
    asyncio.run(_test_keys_tab_lists_the_bindings_in_force_beneath())


async def _test_keys_tab_lists_the_bindings_in_force_beneath() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#keys-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert ["m", "Move frigates", "board screen"] in rows
        assert ["f", "T-bot flowchart", "board screen"] in rows
        assert ["?", "Help", "everywhere"] in rows
        assert not any(r[1] == "Undo" for r in rows), "a binding check_action hides is not listed"


def test_function_keys_switch_tabs_and_escape_closes() -> None:
    asyncio.run(_test_function_keys_switch_tabs_and_escape_closes())


async def _test_function_keys_switch_tabs_and_escape_closes() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tabs = app.screen.query_one(TabbedContent)
        assert tabs.active == "keys"
        await pilot.press("f2")
        assert tabs.active == "rules"
        await pilot.press("f3")
        assert tabs.active == "cards"
        await pilot.press("f1")
        assert tabs.active == "keys"
        await pilot.press("slash")
        assert tabs.active == "cards"
        assert isinstance(app.screen.focused, Input)
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == [None]
        assert isinstance(app.screen, BoardScreen)


def test_rules_tab_shows_the_shipped_rules_and_toggles_contents() -> None:
    asyncio.run(_test_rules_tab_shows_the_shipped_rules_and_toggles_contents())


async def _test_rules_tab_shows_the_shipped_rules_and_toggles_contents() -> None:
    app = Host("rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "rules"
        viewer = app.screen.query_one(MarkdownViewer)
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y > 0, "the rules scroll from the keyboard at once"
        assert not viewer.show_table_of_contents
        await pilot.press("t")
        assert viewer.show_table_of_contents


def test_rules_cover_the_whole_solitaire_game() -> None:
    text = rules_markdown()
    for heading in ("How the game ends", "Components", "Setup", "Sequence of play",
                    "American naval movement", "Naval combat", "Bombardment", "Ground combat",
                    "Assault on Tripoli", "Pirate raids", "The T-bot"):
        assert f"## {heading}" in text, heading


def test_search_filters_cards_and_shows_the_selected_one() -> None:
    asyncio.run(_test_search_filters_cards_and_shows_the_selected_one())


async def _test_search_filters_cards_and_shows_the_selected_one() -> None:
    app = Host("cards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cards = app.screen.query_one("#card-list", OptionList)
        assert cards.option_count == len(d.CARDS)
        await pilot.press("slash", *"storm")
        await pilot.pause()
        names = [d.CARDS[cards.get_option_at_index(i).id].name for i in range(cards.option_count)]
        assert names == ["Second Storms", "Storms"]
        await pilot.press("enter", "down")
        await pilot.pause()
        detail = str(app.screen.query_one("#card-text", Static).render())
        assert "Storms" in detail and "T-bot:" in detail


def test_a_search_with_no_match_says_so() -> None:
    asyncio.run(_test_a_search_with_no_match_says_so())


async def _test_a_search_with_no_match_says_so() -> None:
    app = Host("cards")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"zzzz")
        await pilot.pause()
        assert app.screen.query_one("#card-list", OptionList).option_count == 0
        assert "No card matches" in str(app.screen.query_one("#card-text", Static).render())


def test_card_details_carry_every_field() -> None:
    card = d.CARDS["tripoli_attacks"]
    text = card_details(card).plain
    for part in (card.name, "Tripolitania", "common event", "1 copy", card.text, card.tbot):
        assert part in text
    assert card_matches(card, "tripolitania attacks")
    assert not card_matches(card, "us battle")
    assert "T-bot:" not in card_details(d.CARDS["naval_movement"]).plain
    assert "4 copies" in card_details(d.CARDS["naval_movement"]).plain


def _no_blink(pilot: object) -> None:
    for box in pilot.app.screen.query(Input):  # type: ignore[attr-defined]
        box.cursor_blink = False


def test_snapshot_help_keys_80x24(snap_compare: object) -> None:
    assert snap_compare(Host("keys"), terminal_size=(80, 24), run_before=_no_blink)


def test_snapshot_help_keys_120x40(snap_compare: object) -> None:
    assert snap_compare(Host("keys"), terminal_size=(120, 40), run_before=_no_blink)


def test_snapshot_help_cards_search_80x24(snap_compare: object) -> None:
    assert snap_compare(Host("cards"), press=["slash", *"raid"], terminal_size=(80, 24),
                        run_before=_no_blink)


def test_snapshot_help_cards_search_120x40(snap_compare: object) -> None:
    assert snap_compare(Host("cards"), press=["slash", *"raid"], terminal_size=(120, 40),
                        run_before=_no_blink)


async def test_a_ruling_reference_opens_help_on_that_ruling_and_the_rulings_are_searchable() -> None:
    from tripoli_tui.app import TripoliApp

    app = TripoliApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("show_ruling('TB-11 G-2')")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.query_one(TabbedContent).active == "rulings"
        listing = help_screen.query_one("#ruling-list", OptionList)
        assert [listing.get_option_at_index(i).id for i in range(listing.option_count)] == [
            "G-2", "TB-11"]
        assert "G-2 — The tie-break order" in str(help_screen.query_one("#ruling-text", Static).render())
        # a link followed inside Help stays in Help and lists the ruling it names
        await app.run_action("show_ruling('TB-9')")
        await pilot.pause()
        assert app.screen is help_screen
        assert listing.option_count == 1 and listing.get_option_at_index(0).id == "TB-9"
        # searching by words: '/' searches the tab on show
        await pilot.press("slash")
        search = help_screen.query_one("#ruling-search", Input)
        assert search.has_focus
        search.value = ""
        await pilot.press(*"uncharted")
        await pilot.pause()
        shown = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        assert "TB-22" in shown and "A-1" not in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
