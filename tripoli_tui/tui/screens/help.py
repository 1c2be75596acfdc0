"""HelpScreen: the keys in force, the rules in our own words, every card of both decks, and the rulings."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ContentSwitcher, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import data as d
from ...engine.state import GameState
from .. import rulings as rl
from ..widgets.fitted import HangingText
from ..widgets.key_footer import KeyFooter
from ..widgets.readable_list import ReadableOptionList
from ..widgets.rules_text import RulesText
from ..widgets.tab_bar import Tab, TabBar
from .help_keys import key_rows, keys_text
from .help_texts import (
    card_details,
    card_matches,
    card_prompt,
    nothing_matches,
    rules_markdown,
    ruling_details,
    ruling_prompt,
)
from .themed import FollowsTheme

TABS = ("keys", "rules", "cards", "rulings")
"""The tabs, in order; HelpScreen(tab=...) opens on one of them."""
WIDE = 120
"""A terminal at least this wide shows the rules' contents beside them from the start."""


class HelpScreen(FollowsTheme, ModalScreen[None]):
    """Keys, rules, cards and rulings. Dismisses with None."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close",
                tooltip="Close the help (in a search box: clear the search, then leave the box)"),
        Binding("question_mark", "close", "Close", show=False, id="help.close_question"),
        Binding("f1", "show_tab('keys')", "Keys", id="help.keys",
                tooltip="The keys of the screen you came from, each with what it does"),
        Binding("f2", "show_tab('rules')", "Rules", id="help.rules",
                tooltip="The rules of the solitaire game in short"),
        Binding("f3", "show_tab('cards')", "Cards", id="help.cards",
                tooltip="Every card of both decks, searchable, with its conditions in this game"),
        Binding("f4", "show_tab('rulings')", "Rulings", id="help.rulings",
                tooltip="The rulings the game applies where the rules leave a question"),
        Binding("slash", "search", "Search", id="help.search",
                tooltip="Type words to find a card (or a ruling, on the Rulings tab)"),
        Binding("t", "toggle_contents", "Contents", id="help.contents",
                tooltip="Show or hide the rules' contents beside them"),
    ]

    def __init__(self, tab: str = "keys", state: GameState | None = None, rulings: str = "",
                 tbot_now: bool = True) -> None:
        """`rulings`: ruling ids ("TB-2 G-5") to open the Rulings tab on, those rulings listed."""
        super().__init__()
        self.state = state
        """The game on show, if any: the cards tab marks each condition met or not in it."""
        self.tbot_now = tbot_now
        """Whether the T-bot's cards are judged on the board now (not while a drill asks it)."""
        self.initial_tab = tab if tab in TABS else "keys"
        self.cards = sorted(d.CARDS.values(), key=lambda c: (c.deck != d.US, c.name.casefold()))
        self.shown: list[d.Card] = list(self.cards)
        self.all_rulings = list(rl.rulings().values())
        self.ruling_query = ""
        self.rulings_shown: list[rl.Ruling] = []
        self._match_rulings(rulings)
        self.built = {self.initial_tab}
        """The tabs whose widgets are built: only the one on show at first, the others when shown."""

    def compose(self) -> ComposeResult:
        with Vertical(id="help-frame") as frame:
            frame.border_title = "Help — The Shores of Tripoli"
            yield TabBar(*(Tab(tab, tab.capitalize(), f"F{n}") for n, tab in enumerate(TABS, 1)),
                         active=self.initial_tab, id="help-tabs")
            with ContentSwitcher(initial=self.initial_tab, id="help-pages"):
                yield from self._page(self.initial_tab)  # the others are built when first shown
            yield KeyFooter()

    def _page(self, tab: str) -> ComposeResult:
        """The widgets of one tab, in a container named after it."""
        with Vertical(id=tab, classes="help-page"):
            if tab == "keys":
                yield Static("", id="keys-note")
                with VerticalScroll(id="keys-table"):
                    yield Static("", id="keys-text")
            elif tab == "rules":
                yield RulesText(rules_markdown(), contents=self.app.size.width >= WIDE,
                                id="rules-view")
            elif tab == "cards":
                with Horizontal(id="search-row"):
                    yield Static("Search [dim](/)[/]", id="search-label")
                    yield Input(placeholder="words from a card: 'storm', 'us battle', 'gold'…",
                                id="card-search", compact=True)
                    yield Static("", id="search-count")
                with Horizontal(id="cards-body"):
                    yield ReadableOptionList(*self._card_options(), id="card-list")
                    with VerticalScroll(id="card-detail"):
                        yield Static("", id="card-text")
            else:
                with Horizontal(id="ruling-search-row"):
                    yield Static("Search [dim](/)[/]", id="ruling-search-label")
                    yield Input(self.ruling_query, id="ruling-search", compact=True,
                                placeholder="words or ruling ids: 'storms', 'TB-9 G-2'…")
                    yield Static("", id="ruling-count")
                with Horizontal(id="rulings-body"):
                    yield ReadableOptionList(*self._ruling_options(), id="ruling-list")
                    with VerticalScroll(id="ruling-detail"):
                        yield Static("", id="ruling-text")

    def _fill(self, tab: str) -> None:
        """What a tab shows once its widgets are there."""
        if tab == "keys":
            self._fill_keys()
        elif tab == "cards":
            self._count()
            self._show_card(self.shown[0] if self.shown else None)
        elif tab == "rulings":
            self._count_rulings()
            self._show_ruling(self.rulings_shown[0] if self.rulings_shown else None,
                              self.ruling_query)

    async def _build(self, tab: str) -> None:
        """Build a tab the first time it is shown."""
        if tab in self.built or tab not in TABS:
            return
        self.built.add(tab)
        await self.query_one(ContentSwitcher).mount_compose(self._page(tab))
        self._fill(tab)

    def on_mount(self) -> None:
        self._fill(self.initial_tab)
        self._focus_tab(self.initial_tab)

    def repaint(self) -> None:
        """The cards' deck tags in the new theme's colours (the rest follows it by itself)."""
        if "cards" in self.built:
            cards = self.query_one("#card-list", OptionList)
            for index, card in enumerate(self.shown):
                cards.replace_option_prompt_at_index(index, card_prompt(card))

    # --- keys tab ---

    def _fill_keys(self) -> None:
        stack = self.app.screen_stack
        beneath = stack[-2] if len(stack) >= 2 and stack[-1] is self else None
        try:
            rows = key_rows(self.app, beneath)
        except Exception as exc:  # a screen's check_action failing must not take the help down
            rows = []
            self.notify(f"The keys could not be read ({exc}).", severity="warning")
        self.query_one("#keys-text", Static).update(keys_text(rows, self.app.size.width - 8))
        note = self.query_one("#keys-note", Static)
        if rows:
            note.update("The keys of the screen you came from, as they stand right now.")
        else:
            note.update("No other screen is open: only this help's keys (below) apply.")

    # --- cards tab ---

    def _card_options(self) -> list[Option]:
        return [Option(card_prompt(c), id=c.id) for c in self.shown]

    @on(Input.Changed, "#card-search")
    def _filter_cards(self, event: Input.Changed) -> None:
        self.shown = [c for c in self.cards if card_matches(c, event.value)]
        cards = self.query_one("#card-list", OptionList)
        cards.set_options(self._card_options())
        if self.shown:
            cards.highlighted = 0
        self._show_card(self.shown[0] if self.shown else None, query=event.value)
        self._count()

    def _count(self) -> None:
        self.query_one("#search-count", Static).update(f"{len(self.shown)} of {len(self.cards)}")

    @on(Input.Submitted, "#card-search")
    def _search_done(self) -> None:
        self.query_one("#card-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#card-list")
    def _card_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        card = d.CARDS.get(event.option.id or "")
        if card is not None:
            self._show_card(card)

    def _show_card(self, card: d.Card | None, query: str = "") -> None:
        detail = self.query_one("#card-text", Static)
        if card is None:
            detail.update(nothing_matches("card", query))
        else:
            detail.update(HangingText(card_details(card, self.state, self.tbot_now)))

    # --- rulings tab ---

    def _match_rulings(self, query: str) -> None:
        """The rulings that `query` asks for, and the query they answer."""
        self.ruling_query = query
        self.rulings_shown = [r for r in self.all_rulings if rl.ruling_matches(r, query)]

    def _ruling_options(self) -> list[Option]:
        return [Option(ruling_prompt(r), id=r.id) for r in self.rulings_shown]

    @on(Input.Changed, "#ruling-search")
    def _filter_rulings(self, event: Input.Changed) -> None:
        self._match_rulings(event.value)
        listing = self.query_one("#ruling-list", OptionList)
        listing.set_options(self._ruling_options())
        if self.rulings_shown:
            listing.highlighted = 0
        self._show_ruling(self.rulings_shown[0] if self.rulings_shown else None, event.value)
        self._count_rulings()

    def _count_rulings(self) -> None:
        self.query_one("#ruling-count", Static).update(
            f"{len(self.rulings_shown)} of {len(self.all_rulings)}")

    @on(Input.Submitted, "#ruling-search")
    def _ruling_search_done(self) -> None:
        self.query_one("#ruling-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#ruling-list")
    def _ruling_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        ruling = rl.rulings().get(event.option.id or "")
        if ruling is not None:
            self._show_ruling(ruling)

    def _show_ruling(self, ruling: rl.Ruling | None, query: str = "") -> None:
        detail = self.query_one("#ruling-text", Static)
        if ruling is None:
            detail.update(nothing_matches("ruling", query))
        else:
            detail.update(ruling_details(ruling))

    async def open_rulings(self, ids: str) -> None:
        """Show the rulings tab with the rulings `ids` names listed (a link followed inside Help)."""
        self._match_rulings(ids)
        built = "rulings" in self.built
        await self.action_show_tab("rulings")
        if built:
            self.query_one("#ruling-search", Input).value = ids

    # --- actions ---

    def _focus_tab(self, tab: str) -> None:
        if tab == "rules":
            self.query_one(RulesText).focus_text()
            return
        target = {"keys": "#keys-table", "cards": "#card-list", "rulings": "#ruling-list"}[tab]
        self.query_one(target).focus()

    @property
    def tab(self) -> str:
        """The tab on show."""
        return self.query_one(ContentSwitcher).current or self.initial_tab

    async def action_show_tab(self, tab: str) -> None:
        if tab in TABS:
            await self._build(tab)
            self.query_one(ContentSwitcher).current = tab
            self.query_one(TabBar).active = tab
            self._focus_tab(tab)
            self.refresh_bindings()

    @on(TabBar.Chosen)
    async def _tab_clicked(self, event: TabBar.Chosen) -> None:
        await self.action_show_tab(event.tab)

    async def action_search(self) -> None:
        tab = "rulings" if self.tab == "rulings" else "cards"
        await self.action_show_tab(tab)
        self.query_one("#ruling-search" if tab == "rulings" else "#card-search", Input).focus()

    def action_toggle_contents(self) -> None:
        rules = self.query_one(RulesText)
        rules.show_contents = not rules.show_contents

    def action_close(self) -> None:
        """Esc: in a search box, clear it (the list shows everything again), or leave an empty
        one for its list; anywhere else, close the help."""
        box = self.focused
        if isinstance(box, Input) and box.id in ("card-search", "ruling-search"):
            if box.value:
                box.value = ""
            else:
                self._focus_tab(self.tab)
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_contents":
            return self.tab == "rules"
        return True
