"""HelpScreen: the keys tab reads the bindings in force, the rules are ours, the cards are searchable."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static

from tests.tui.helpers import position, press
from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.screens.help_texts import card_details, card_matches, rules_markdown
from tripoli_tui.tui.widgets.rules_text import RulesSection, RulesText, split_sections


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

    def __init__(self, tab: str = "keys", state: GameState | None = None) -> None:
        super().__init__()
        self.animation_level = "none"
        self.tab = tab
        self.state = state
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(BoardScreen())
        self.push_screen(HelpScreen(self.tab, self.state), self.results.append)


def test_keys_tab_lists_the_bindings_in_force_beneath() -> None:
    asyncio.run(_test_keys_tab_lists_the_bindings_in_force_beneath())


async def _test_keys_tab_lists_the_bindings_in_force_beneath() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        groups = key_groups(str(app.screen.query_one("#keys-text", Static).render()))
        assert list(groups) == ["Board screen", "Everywhere"]
        assert "m Move frigates" in groups["Board screen"]
        assert "f T-bot flowchart" in groups["Board screen"]
        assert "? Help" in groups["Everywhere"]
        assert not any(line.endswith("Undo") for lines in groups.values() for line in lines), \
            "a binding check_action hides is not listed"


def key_groups(text: str) -> dict[str, list[str]]:
    """The keys tab's text as {heading: ['key what', ...]} (the keys column's padding dropped)."""
    groups: dict[str, list[str]] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("  "):
            groups[heading].append(" ".join(line.split()))
        elif line.strip():
            heading = line.strip()
            groups[heading] = []
    return groups


def test_function_keys_switch_tabs_and_escape_clears_the_search_then_closes() -> None:
    asyncio.run(_test_function_keys_switch_tabs_and_escape_closes())


async def _test_function_keys_switch_tabs_and_escape_closes() -> None:
    """F1-F3 switch tabs; Esc in the search box clears it, then leaves it, then closes help
    (it closed the whole help from the box, the search lost)."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.tab == "keys"
        await pilot.press("f2")
        assert screen.tab == "rules"
        await pilot.press("f3")
        assert screen.tab == "cards"
        await pilot.press("f1")
        assert screen.tab == "keys"
        await pilot.press("slash")
        assert screen.tab == "cards"
        box = app.screen.focused
        assert isinstance(box, Input)
        for key in "storm":
            await pilot.press(key)
        await pilot.press("escape")  # in a search box Esc clears the search ...
        await pilot.pause()
        assert app.screen is screen and box.value == "" and app.screen.focused is box
        assert len(screen.shown) == len(screen.cards)
        await pilot.press("escape")  # ... then leaves the box for the list ...
        await pilot.pause()
        assert app.screen is screen and app.screen.focused is screen.query_one("#card-list")
        await pilot.press("escape")  # ... and only then closes the help
        await pilot.pause()
        assert app.results == [None]
        assert isinstance(app.screen, BoardScreen)


def test_rules_tab_shows_the_shipped_rules_and_toggles_contents() -> None:
    asyncio.run(_test_rules_tab_shows_the_shipped_rules_and_toggles_contents())


async def _test_rules_tab_shows_the_shipped_rules_and_toggles_contents() -> None:
    app = Host("rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen) and screen.tab == "rules"
        text = screen.query_one("#rules-text", VerticalScroll)
        await pilot.press("pagedown")
        await pilot.pause()
        assert text.scroll_y > 0, "the rules scroll from the keyboard at once"
        rules = screen.query_one(RulesText)
        contents = screen.query_one("#rules-contents", OptionList)
        assert not rules.show_contents and not contents.display
        await pilot.press("t")
        await pilot.pause()
        assert rules.show_contents and contents.display and contents.has_focus
        titles = [str(contents.get_option_at_index(i).prompt).strip()
                  for i in range(contents.option_count)]
        await pilot.press("home", *["down"] * titles.index("Naval combat"))
        await pilot.pause()
        section = next(s for s in screen.query(RulesSection) if s.section.title == "Naval combat")
        assert section.region.y - section.styles.margin.top == text.content_region.y, \
            "the heading chosen is on top"
        await pilot.press("enter")
        assert text.has_focus
        await pilot.press("t")
        await pilot.pause()
        assert not contents.display and text.has_focus


def test_the_rules_text_is_every_section_of_the_shipped_rules() -> None:
    text = rules_markdown()
    sections = split_sections(text)
    headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
    assert [s.title for s in sections] == headings
    assert "\n\n".join(s.markdown for s in sections) == text.strip()
    assert [s.level for s in sections][:3] == [1, 2, 2]


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


def test_snapshot_help_card_conditions_80x24(snap_compare: object) -> None:
    assert snap_compare(Host("cards", position("a_show_of_force")), terminal_size=(80, 24),
                        run_before=_no_blink)


def test_snapshot_help_rules_contents_80x24(snap_compare: object) -> None:
    assert snap_compare(Host("rules"), press=["pagedown", "t"], terminal_size=(80, 24),
                        run_before=_no_blink)


def test_snapshot_help_rules_200x60(snap_compare: object) -> None:
    assert snap_compare(Host("rules"), terminal_size=(200, 60), run_before=_no_blink)


def test_snapshot_help_rulings_200x60(snap_compare: object) -> None:
    assert snap_compare(Host("rulings"), terminal_size=(200, 60), run_before=_no_blink)


async def test_a_ruling_reference_opens_help_on_that_ruling_and_the_rulings_are_searchable() -> None:
    from tripoli_tui.tui.app import TripoliApp

    app = TripoliApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("show_ruling('TB-11 G-2')")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.tab == "rulings"
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
        await press(pilot, "escape", "escape")  # the search cleared, the box left
        assert isinstance(app.screen, HelpScreen) and search.value == ""
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_help_builds_only_the_tab_on_show_and_the_others_when_first_shown() -> None:
    app = Host("keys")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.built == {"keys"}
        assert not screen.query(RulesText) and not screen.query("#card-list")
        assert not screen.query("#ruling-list")
        await pilot.press("f3")
        await pilot.pause()
        assert screen.built == {"keys", "cards"} and screen.query_one("#card-list").has_focus
        await pilot.press("f1", "f3")  # shown again: built once, as it was left
        await pilot.pause()
        assert len(screen.query("#card-list")) == 1 and screen.tab == "cards"


async def test_search_finds_a_card_when_help_opened_on_another_tab() -> None:
    from tests.tui.conftest import make_app
    from tests.tui.helpers import press
    from tripoli_tui.engine.game import Game

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen) and screen.tab == "keys"
        await press(pilot, "slash", *"philadelphia runs", "enter")
        listing = screen.query_one("#card-list", OptionList)
        assert [listing.get_option_at_index(i).id for i in range(listing.option_count)] == [
            "the_philadelphia_runs_aground", "uncharted_waters"]  # its text names the other
        assert "The Philadelphia Runs Aground" in str(screen.query_one("#card-text", Static).render())


async def test_a_ruling_is_read_by_its_number_from_a_help_opened_on_another_tab() -> None:
    from tests.tui.conftest import make_app

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(HelpScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen) and "rulings" not in screen.built
        await app.run_action("show_ruling('TB-22')")
        await pilot.pause()
        assert app.screen is screen and screen.tab == "rulings"
        listing = screen.query_one("#ruling-list", OptionList)
        assert [listing.get_option_at_index(i).id for i in range(listing.option_count)] == ["TB-22"]
        assert screen.query_one("#ruling-search", Input).value == "TB-22"
        assert str(screen.query_one("#ruling-text", Static).render()).startswith("TB-22 — ")


async def test_the_help_card_view_marks_the_conditions_unmet_first() -> None:
    from tests.tui.conftest import make_app
    from tests.tui.helpers import game_of, position, press

    app = make_app(game_of(position("a_show_of_force")))  # three frigates, no ally at war
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "question_mark", "slash", *"a show of force", "enter")
        text = str(app.screen.query_one("#card-text", Static).render())
        unmet = text.index("✗ allies at war: none, needed at least 1")
        assert unmet < text.index("✓ American frigates on the map: 3, needed at least 3")
        box = app.screen.query_one("#card-text", Static)  # at 80x24 a condition goes on
        drawn = [strip.text.rstrip() for strip in box.render_lines(box.content_region.reset_offset)]
        at = next(n for n, line in enumerate(drawn) if "✗ allies at war" in line)
        assert drawn[at + 1].startswith("  ") and drawn[at + 1].strip()  # under its words


def test_a_ruling_shows_its_emphasis_in_italics_not_asterisks() -> None:
    from tripoli_tui.tui import rulings as rl
    from tripoli_tui.tui.screens.help_texts import ruling_details

    text = ruling_details(rl.rulings()["G-1"])
    assert "*" not in text.plain
    start = text.plain.index("Constantinople Sends Aid")
    assert any(span.style == "italic" and span.start <= start < span.end for span in text.spans)


async def test_the_help_card_view_shows_the_conditions_under_the_requirement_in_view_at_80x24():
    from textual.geometry import Region

    app = Host("cards", position("a_show_of_force"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#card-detail", VerticalScroll)
        detail = box.query_one("#card-text", Static)
        text = str(detail.render())
        assert text.index("Requirement:") < text.index("The requirement now:") < text.index("Effect:")
        height = box.scrollable_content_region.height
        in_view = " ".join(strip.text.strip() for strip in
                           detail.render_lines(Region(0, 0, detail.size.width, height)))
        assert box.scroll_y == 0
        assert "✗ allies at war: none, needed at least 1" in in_view, in_view


async def test_the_rules_contents_show_beside_the_rules_when_wide_and_follow_the_text() -> None:
    for size, shown in (((80, 24), False), ((120, 40), True)):
        app = Host("rules")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            rules = app.screen.query_one(RulesText)
            contents = app.screen.query_one("#rules-contents", OptionList)
            assert rules.show_contents == shown == contents.display, size
            assert app.screen.query_one("#rules-text").has_focus
            if not shown:
                continue
            assert contents.highlighted == 0
            await pilot.press("pagedown", "pagedown", "pagedown")
            await pilot.pause()
            on_top = rules.section_on_top()
            assert on_top > 0 and contents.highlighted == on_top
            assert app.screen.query_one("#rules-text").has_focus, "marking is not choosing"


async def test_a_click_on_a_tab_shows_it() -> None:
    from tripoli_tui.tui.widgets.tab_bar import TabBar

    app = Host("keys")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        bar = screen.query_one(TabBar)
        start, _, _ = next(span for span in bar.spans() if span[2].id == "rulings")
        await pilot.click(TabBar, offset=(start + 2, 0))
        await pilot.pause()
        assert screen.tab == "rulings" and bar.active == "rulings"
        assert screen.query_one("#ruling-list").has_focus
        await pilot.press("f1")
        await pilot.pause()
        await pilot.click(TabBar, offset=(bar.size.width - 2, 0))  # past the last tab: nothing
        await pilot.pause()
        assert screen.tab == "keys"


async def test_the_tabs_keep_to_one_line_in_a_narrow_terminal() -> None:
    from tripoli_tui.tui.widgets.tab_bar import TabBar

    for size, names in (((80, 24), "Keys F1  Rules F2  Cards F3  Rulings F4"),
                        ((40, 12), "Keys  Rules  Cards  Rulings")):
        app = Host("keys")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(TabBar)
            first, rule = str(bar.render()).split("\n")
            assert first.strip() == names, size
            assert set(rule.strip()) == {"━", "─"}, size


async def test_a_tab_built_is_hidden_until_it_is_the_one_shown() -> None:
    app = Host("keys")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        await screen._build("rulings")  # as the first F4 does, before it switches to it
        assert not screen.query_one("#rulings").display and screen.query_one("#keys").display
        await pilot.press("f4")
        await pilot.pause()
        assert screen.query_one("#rulings").display and not screen.query_one("#keys").display


async def test_the_keys_of_the_game_leave_out_sideways_scrolling_that_does_nothing() -> None:
    """The hand list wraps its lines: Textual's scroll/page left and right do nothing there and
    are not listed; its up and down are."""
    from tests.tui.conftest import make_app
    from tripoli_tui.engine.game import Game

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        groups = key_groups(str(app.screen.query_one("#keys-text", Static).render()))
        hand = next(lines for heading, lines in groups.items() if heading.endswith("(focused)"))
        assert "↓ Down" in hand
        listed = " ".join(line for lines in groups.values() for line in lines)
        for sideways in ("Scroll Left", "Scroll Right", "Page Left", "Page Right"):
            assert sideways not in listed


async def test_every_key_of_the_game_screen_is_explained_in_a_sentence() -> None:
    """The Keys tab gave one word a key ('Odds'): each of the game screen's keys now says what
    it does in a sentence under its name, and the advice key is called Advice as its window is."""
    from tests.tui.conftest import make_app
    from tripoli_tui.engine.game import Game
    from tripoli_tui.tui.screens.help_keys import key_rows

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = key_rows(app, app.screen)
        game = [(keys, what, sentence) for where, keys, what, sentence in rows
                if where == "game screen"]
        assert len(game) >= 8
        assert all(len(sentence.split()) >= 4 for _, _, sentence in game), game
        assert ("h", "Advice") in [(keys, what) for keys, what, _ in game]
        await press(pilot, "question_mark")
        text = str(app.screen.query_one("#keys-text", Static).render())
        assert "Each option's chance of winning against the T-bot." in text
        assert all(len(line) <= 80 for line in text.splitlines())
