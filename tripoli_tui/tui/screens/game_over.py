"""GameOverScreen: who won and how, tournament points, and the war season by season."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...engine.core import WAYS_TO_END
from ...engine.game import Game
from ...engine.state import GameResult, GameState, SeasonRecord, season_title
from ..theme import paint
from ..widgets.key_footer import KeyFooter
from .themed import FollowsTheme

GOLD_TOTAL = 12
FRIGATES_TO_WIN = 4
SEASON_SHORT = ("Sp", "Su", "Fa", "Wi")
COLUMN = 3
"""Characters per season in the chart: a two-character bar and a gap."""

WINNER_HEADLINE = {
    "us": "Victory — the United States wins",
    "tripolitania": "Defeat — Tripolitania wins",
    "draw": "A draw — neither side prevails",
}


def headline(result: GameResult) -> str:
    return WINNER_HEADLINE.get(result.winner, "The game is over")


def result_lines(result: GameResult) -> Text:
    """How the game ended, when, and the tournament points, in words."""
    text = Text()
    winner = result.winner
    colour = {"us": "text-success", "tripolitania": "text-error"}.get(winner, "text-warning")
    style = f"bold {paint(colour)}"
    text.append(headline(result), style=style)
    how = result.how
    when = f"{season_title(result.season)} {result.year}"
    way = WAYS_TO_END.get(how, how.replace("_", " "))
    text.append("\n")
    text.append(" · ".join(part for part in (way[:1].upper() + way[1:], when) if part),
                style="italic")
    if result.text:
        text.append(f"\n{result.text}")
    us, tr = result.us_points, result.tripolitan_points
    text.append("\nTournament points: ", style="bold")
    text.append(f"United States {us} · Tripolitania {tr}")
    won = {"us": (us, tr), "tripolitania": (tr, us)}.get(winner)
    if won is not None and won[0] < won[1]:
        text.append(" (a low-point win)", style="italic")
    return text


def _bar_rows(values: Sequence[int], rows: int, per_row: int, style: str, label_every: int
              ) -> list[Text]:
    """A vertical bar chart: one column per value, `per_row` units per text row (half blocks for
    a half row when per_row is 2), top row first, each row labelled with its top value."""
    lines: list[Text] = []
    for row in range(rows, 0, -1):
        top = row * per_row
        label = f"{top:>2}" if row % label_every == 0 or row == rows else "  "
        line = Text.assemble((f"{label}│", "dim"))  # the axis dim, not the bars after it
        for value in values:
            if value >= top:
                cell = "██"
            elif per_row == 2 and value == top - 1:
                cell = "▄▄"
            else:
                cell = "  "
            line.append(cell, style=style)
            line.append(" ")
        lines.append(line)
    return lines


def season_chart(history: Sequence[SeasonRecord]) -> Text:
    """Gold held by Tripoli (of 12) and American frigates sunk (of 4), one column per season,
    exact numbers under the bars so the chart reads without colour."""
    if not history:
        return Text("No season was completed: nothing to chart.", style="italic")
    gold = [max(0, min(GOLD_TOTAL, h.gold)) for h in history]
    sunk = [max(0, min(FRIGATES_TO_WIN, h.frigates_sunk)) for h in history]
    out = Text()

    def numbers(values: Sequence[int]) -> Text:
        line = Text.assemble(("  │", "dim"))
        for v in values:
            line.append(f"{v:>2} ")
        return line

    out.append("Gold held by Tripoli, of 12\n", style="bold")
    for line in _bar_rows(gold, GOLD_TOTAL // 2, 2, paint("gold"), 1):
        out.append_text(line)
        out.append("\n")
    out.append_text(numbers(gold))
    out.append("\n")
    out.append("American frigates sunk, of 4\n", style="bold")
    for line in _bar_rows(sunk, FRIGATES_TO_WIN // 2, 2, paint("side-tripolitania"), 1):
        out.append_text(line)
        out.append("\n")
    out.append_text(numbers(sunk))
    out.append("\n")
    seasons = Text("  └", style="dim")
    years = [" "] * (COLUMN * len(history) + 4)
    last_year = None
    for i, h in enumerate(history):
        short = SEASON_SHORT[h.season] if 0 <= h.season < 4 else "??"
        seasons.append(f"{short}─", style="dim")
        if h.year != last_year:
            last_year = h.year
            for j, ch in enumerate(str(last_year)):
                years[COLUMN * i + j] = ch
    out.append_text(seasons)
    out.append("\n")
    out.append("   " + "".join(years).rstrip())
    return out


GameOverChoice = Literal["new", "title", "quit"]
"""What the player chose at the end of a campaign: a new one, the title screen, or to quit."""
CHOICES: dict[str, GameOverChoice] = {"new": "new", "title": "title", "quit": "quit"}


class GameOverScreen(FollowsTheme, Screen[GameOverChoice]):
    """The end of a campaign. Dismisses with the player's GameOverChoice."""

    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("n", "choose('new')", "New campaign", id="over.new"),
        Binding("t", "choose('title')", "Title screen", id="over.title"),
        Binding("escape", "choose('title')", "Title screen", show=False, id="over.title_escape"),
        Binding("q", "choose('quit')", "Quit", id="over.quit"),
    ]

    def __init__(self, game: Game | GameState) -> None:
        super().__init__()
        self.state = game.state if isinstance(game, Game) else game
        self.challenge = ""
        """The code that deals this game again ('' for none: play/challenge.py)."""
        if isinstance(game, Game):
            from tripoli_tui.play.challenge import campaign_challenge

            self.challenge = campaign_challenge(game)

    def compose(self) -> ComposeResult:
        result = self.state.result
        winner = result.winner if result is not None else ""
        with VerticalScroll(id="over-body"):
            yield Static(self._result(), id="over-result", classes=f"winner-{winner or 'unknown'}")
            yield Static(season_chart(self.state.history_season), id="over-chart")
            with Horizontal(id="over-buttons"):
                yield Button("New campaign [dim](n)[/]", id="new", variant="primary", compact=True)
                yield Button("Title screen [dim](t)[/]", id="title", compact=True)
                yield Button("Quit [dim](q)[/]", id="quit", variant="error", compact=True)
            if self.challenge:
                yield Static(Text.assemble(("Challenge ", "bold"), (self.challenge, "bold"),
                                           ": the same deal for anyone, to compare — tripoli new "
                                           f"--challenge {self.challenge}"), id="over-challenge")
        yield KeyFooter(palette=True)

    def _result(self) -> Text:
        result = self.state.result
        if result is None:
            return Text("The game is over, but its result was not recorded.", style="bold")
        return result_lines(result)

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def repaint(self) -> None:
        self.query_one("#over-result", Static).update(self._result())
        self.query_one("#over-chart", Static).update(season_chart(self.state.history_season))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "")

    def action_choose(self, choice: str) -> None:
        if choice in CHOICES:
            self.dismiss(CHOICES[choice])
