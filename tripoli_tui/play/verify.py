"""Campaigns replayed with today's rules (`tripoli verify`): each campaign's saves, from its origin
through its recorded choices, and the first place today's game parts from what was saved.

Three things can part: a recorded choice today's rules refuse; a position saved along the way
that today's replay does not reach; a decision of the T-bot's where today's T-bot answers
otherwise than the campaign recorded (a rule of its flowchart changed). Pure: save texts in,
verdicts out (the files are the command's: cli/verify.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot import TBot
from bot.tbot import TBotError
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import TableStep
from tripoli_tui.engine.players import Submitted
from tripoli_tui.engine.saves import (
    first_difference,
    load_game_text,
    parse_document,
    read_campaign,
    read_history,
    read_position,
)
from tripoli_tui.engine.state import GameState


@dataclass(frozen=True)
class SavedGame:
    """One save as verify reads it: where its campaign started, its choices, where it stood."""

    file: str
    campaign: str
    """The campaign's label ('' for a save of none: it is a campaign of its own)."""
    name: str
    """The campaign's name as the save holds it ('' for none)."""
    origin: GameState
    entries: tuple[Submitted, ...]
    stored: GameState
    replayable: bool = True
    """False for a position without its history (an example, a hand-made position): there is
    nothing to replay, and it was checked to open."""


@dataclass(frozen=True)
class Parting:
    """The first place a campaign's replay today parts from what was saved."""

    file: str
    """The save it is found in."""
    choice: int
    """The number of the choice (1 the campaign's first; 0 its start)."""
    season: str
    """Where the war stood: 'Fall 1803'."""
    what: str
    """What differs, in a sentence."""


@dataclass(frozen=True)
class Verdict:
    """A campaign replayed: the same as saved, or where it first parts."""

    campaign: str
    name: str
    files: tuple[str, ...]
    choices: int
    """How many choices its longest save holds."""
    parting: Parting | None = None

    @property
    def same(self) -> bool:
        return self.parting is None

    @property
    def title(self) -> str:
        """How the report names it: its name, else its label, else its file."""
        return self.name or self.campaign or self.files[0]


def read_saved_game(file: str, text: str) -> SavedGame:
    """A save's text read for verify (SaveError as loading it would say, for a save that cannot
    be read at all)."""
    doc = parse_document(text)
    stored = read_position(doc["position"], "position")
    label, facts, _ = read_campaign(doc.get("campaign", ""))
    if "history" not in doc:  # a position alone: nothing to replay, but it must open today
        load_game_text(text)
        return SavedGame(file, label, facts.name, stored, (), stored, replayable=False)
    origin, entries = read_history(doc["history"], stored)
    return SavedGame(file, label, facts.name, origin, tuple(entries), stored)


def _continues(longer: SavedGame, shorter: SavedGame) -> bool:
    """Whether `shorter`'s history is the beginning of `longer`'s, from the same origin."""
    n = len(shorter.entries)
    return (len(longer.entries) >= n and not first_difference(longer.origin, shorter.origin)
            and all(a.choice.text() == b.choice.text()
                    for a, b in zip(longer.entries[:n], shorter.entries, strict=True)))


def campaigns(saves: Iterable[SavedGame]) -> list[list[SavedGame]]:
    """The saves grouped by campaign, each group one line of play (a save of a campaign whose
    history is not the beginning of its longest one's starts a group of its own), the longest
    first in each group; groups in the order of their first file."""
    groups: list[list[SavedGame]] = []
    for save in sorted(saves, key=lambda s: (s.campaign or s.file, -len(s.entries), s.file)):
        home = next((g for g in groups if save.campaign and save.replayable
                     and g[0].campaign == save.campaign and g[0].replayable
                     and _continues(g[0], save)), None)
        if home is None:
            groups.append([save])
        else:
            home.append(save)
    return sorted(groups, key=lambda g: min(s.file for s in g))


def verify_campaign(saves: list[SavedGame], *, tbot: bool = True) -> Verdict:
    """Replay the longest save of one line of play (`campaigns`) with today's rules; the first
    parting, checked at each choice (refused, or the T-bot answering otherwise when `tbot`) and at
    each position saved along the way."""
    spine = saves[0]
    verdict = Verdict(spine.campaign, next((s.name for s in saves if s.name), ""),
                      tuple(sorted(s.file for s in saves)), len(spine.entries))
    if not spine.replayable:
        return verdict
    saved_at: dict[int, list[SavedGame]] = {}
    for save in saves:
        saved_at.setdefault(len(save.entries), []).append(save)
    answer = TBot().answer if tbot else None
    done, season = 0, spine.origin.when
    replayed = Game.replaying(spine.origin, spine.entries)
    try:
        for done, game in replayed:
            season = game.state.when
            for save in saved_at.get(done, ()):
                difference = first_difference(save.stored, game.state)
                if difference:
                    return _parted(verdict, save.file, done, season,
                                   f"the position saved differs from today's replay: {difference}")
            if done == len(spine.entries):
                break
            recorded = spine.entries[done].choice
            pending = game.pending
            if (answer is not None and pending is not None and pending.side == d.TRIPOLITANIA
                    and not isinstance(recorded, TableStep)):
                try:
                    today = answer(game).choice
                except TBotError as exc:
                    return _parted(verdict, spine.file, done + 1, season,
                                   f"the T-bot cannot answer today ({exc}); the campaign has "
                                   f"{recorded.text()!r}")
                if today.text() != recorded.text():
                    return _parted(verdict, spine.file, done + 1, season,
                                   f"the T-bot today answers {pending.kind!r} with "
                                   f"{today.text()!r}; the campaign has {recorded.text()!r}")
    except Exception as exc:  # a choice today's rules refuse (IllegalChoice, or worse)
        refused = spine.entries[done].choice.text() if done < len(spine.entries) else "?"
        return _parted(verdict, spine.file, done + 1, season,
                       f"today's rules refuse the choice {refused!r}: {exc}")
    return verdict


def _parted(verdict: Verdict, file: str, choice: int, season: str, what: str) -> Verdict:
    return replace(verdict, parting=Parting(file, choice, season, what))


def report_line(verdict: Verdict) -> str:
    """One line for a campaign: the same, or where it parts."""
    saves = f"{len(verdict.files)} save{'s' if len(verdict.files) != 1 else ''}"
    if verdict.same:
        replayed = (f"{verdict.choices} choices replayed" if verdict.choices else
                    "a position without choices: it opens")
        return f"{verdict.title}: the same ({saves}, {replayed})"
    p = verdict.parting
    assert p is not None
    where = f"choice {p.choice}" if p.choice else "its start"
    return f"{verdict.title}: DIFFERS at {where}, {p.season} ({p.file}): {p.what}"
