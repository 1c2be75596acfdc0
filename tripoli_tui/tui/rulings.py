"""The game's rulings (tripoli_tui/help/rulings.md) as data, and ruling references in any text.

A reference is a ruling id such as "TB-9" or "G-2"; `linked` turns every reference in a text into a
link that opens that ruling (the app's `show_ruling` action).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rich.style import Style
from rich.text import Text

REFERENCE = re.compile(r"(?<![\w-])(?:TB|G|A|C|S|E)-\d{1,2}(?![\w-])")
"""A ruling id in a text: a topic letter (TB for the T-bot), a hyphen and a number."""
HEADING = re.compile(r"^### ((?:TB|G|A|C|S|E)-\d{1,2}) — (.+)$")
TOPIC = re.compile(r"^## (.+)$")


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling: its id, its title, its text and the topic it is filed under."""

    id: str
    title: str
    text: str
    topic: str


def rulings_markdown() -> str:
    """The rulings document shipped with the game, or a clear note if it is missing."""
    from importlib import resources  # (~1 ms, and no start needs it before its first paint)

    try:
        return resources.files("tripoli_tui").joinpath("help", "rulings.md").read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        return f"# Rulings\n\nThe rulings could not be read ({exc}). Reinstall the game to restore them."


def parse_rulings(markdown: str) -> dict[str, Ruling]:
    """Every `### ID — title` section of the document, in order, filed under its `## topic`."""
    found: dict[str, Ruling] = {}
    topic = current = title = ""
    body: list[str] = []

    def close() -> None:
        if current:
            found[current] = Ruling(current, title, " ".join(body).strip(), topic)

    for line in markdown.splitlines():
        heading, topic_line = HEADING.match(line), TOPIC.match(line)
        if heading or topic_line:
            close()
            current, body = "", []
            if heading:
                current, title = heading.group(1), heading.group(2)
            elif topic_line:
                topic = topic_line.group(1)
        elif current:
            body.append(line.strip())
    close()
    return found


@cache
def rulings() -> dict[str, Ruling]:
    """The game's rulings by id, read once."""
    return parse_rulings(rulings_markdown())


def references(text: str) -> list[str]:
    """The ruling ids a text names, in order, each once."""
    return list(dict.fromkeys(REFERENCE.findall(text)))


def ruling_matches(ruling: Ruling, query: str) -> bool:
    """A query of ruling ids matches those rulings; any other query needs every word in the ruling."""
    words = query.casefold().split()
    if words and all(REFERENCE.fullmatch(w.upper()) for w in words):
        return ruling.id.casefold() in words
    haystack = f"{ruling.id} {ruling.title} {ruling.topic} {ruling.text}".casefold()
    return all(word in haystack for word in words)


def link_style(ruling_id: str) -> Style:
    """The style of a clickable reference: underlined, opening the ruling."""
    return Style(underline=True, meta={"@click": f"app.show_ruling({ruling_id!r})"})


def linked(text: str | Text, style: str = "") -> Text:
    """A copy of `text` in which every ruling reference is a link to its ruling."""
    out = Text(text, style=style) if isinstance(text, str) else text.copy()
    for match in REFERENCE.finditer(out.plain):
        out.stylize(link_style(match.group(0)), match.start(), match.end())
    return out
