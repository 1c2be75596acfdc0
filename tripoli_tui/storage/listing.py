"""Listing saves: the facts a list shows (read without replaying), one-line summaries, the latest
save and the tutorials."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import data as d
from ..engine.game import Game
from ..engine.saves import SaveError, parse_document, read_position
from ..engine.state import Phase, season_title
from .files import MAX_SAVE_BYTES, SUFFIX, examples_dir, read_text, save_dir
from .record import RECORD_FILE

WINNER_WORDS = {d.US: "the United States wins", d.TRIPOLITANIA: "Tripolitania wins", "draw": "a draw"}


def summary(game: Game) -> str:
    """One line: date, gold, frigates sunk and whose decision is pending."""
    s = game.state
    score = (f"gold {s.gold} of {d.GOLD_TOTAL}, "
             f"{s.frigates_sunk} of {d.FRIGATES_SUNK_TO_WIN} American frigates sunk")
    if game.pending is None:
        r = s.result
        winner = WINNER_WORDS.get(r.winner, "over") if r is not None else "over"
        text = r.text if r is not None else ""
        return f"{s.when}: game over, {winner} ({text}); {score}".replace("\n", " ")
    p = game.pending
    who = "your decision" if p.side == d.US else "the T-bot's decision"
    return f"{s.when}: {score}; {who} ({p.kind}): {p.prompt}".replace("\n", " ")


@dataclass(frozen=True)
class SaveFacts:
    """What a list of saves shows, read without replaying the history."""

    year: int
    season: int
    gold: int
    frigates_sunk: int
    pending_side: str
    """'us', 'tripolitania', or '' when the game is over."""
    title: str = ""
    description: str = ""


def read_facts(text: str) -> SaveFacts:
    """The listing facts of a save (validates the document and its position, no replay)."""
    try:
        doc = parse_document(text)
        state = read_position(doc["position"], "position")
    except SaveError:
        raise
    except Exception as exc:  # listing never crashes on a bad file
        raise SaveError(f"the save cannot be read: {type(exc).__name__}: {exc}") from exc
    pending = doc.get("pending")
    side = pending.get("side", "") if isinstance(pending, dict) else ""
    if not side:
        side = {Phase.TRIPOLITAN_PLAY: d.TRIPOLITANIA, Phase.GAME_OVER: ""}.get(state.phase, d.US)
    return SaveFacts(state.year, state.season, state.gold, state.frigates_sunk, str(side),
                     str(doc.get("title", "")), str(doc.get("description", "")))


@dataclass
class SaveInfo:
    """One save as a list shows it."""

    name: str
    path: Path
    year: int
    season: int
    """0 spring .. 3 winter."""
    gold: int
    frigates_sunk: int
    modified: float
    """When it was last played (the file's modification time, seconds since the epoch)."""
    pending_side: str
    """'us', 'tripolitania', or '' when the game is over."""
    description: str = ""
    title: str = ""
    error: str = ""
    """Why the file cannot be loaded ('' when it reads)."""

    @property
    def readable(self) -> bool:
        return not self.error

    @property
    def when(self) -> str:
        """'Summer 1803' ('' for an unreadable file)."""
        return f"{season_title(self.season)} {self.year}" if self.readable else ""


def _info(path: Path) -> SaveInfo:
    name = path.name[: -len(SUFFIX)]
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        facts = read_facts(read_text(path, MAX_SAVE_BYTES))
    except SaveError as exc:
        return SaveInfo(name, path, 0, 0, 0, 0, modified, "", error=str(exc))
    return SaveInfo(name, path, facts.year, facts.season, facts.gold, facts.frigates_sunk, modified,
                    facts.pending_side, facts.description, facts.title)


def _save_files(folder: Path) -> list[Path]:
    """The save files in a folder (none if it cannot be read)."""
    try:
        return [p for p in folder.iterdir()
                if p.name.endswith(SUFFIX) and not p.name.startswith(".")
                and p.name != RECORD_FILE and p.is_file()]
    except OSError:
        return []


def list_saves() -> list[SaveInfo]:
    """Every save in the save folder, newest first; unreadable ones are listed with their error."""
    infos = [_info(p) for p in _save_files(save_dir())]
    return sorted(infos, key=lambda i: (-i.modified, i.name))


def latest_save() -> SaveInfo | None:
    """The most recently played readable save (for Continue), or None."""
    return next((i for i in list_saves() if i.readable), None)


def list_examples() -> list[SaveInfo]:
    """The example positions, in their numbered order, each with its description."""
    return sorted((_info(p) for p in _save_files(examples_dir())), key=lambda i: i.name)
