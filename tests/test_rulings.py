"""The rulings document: every reference in the game names a ruling it holds, and nothing a player can
read points to a document he does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import flowchart
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.tui import rulings as rl

ROOT = Path(__file__).resolve().parent.parent
PLAYER_VISIBLE = [
    *sorted((ROOT / "tripoli_tui").rglob("*.py")), *sorted((ROOT / "tripoli_tui").rglob("*.md")),
    *sorted((ROOT / "tripoli_tui").rglob("*.toml")), *sorted((ROOT / "bot").rglob("*.py")),
    *sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md",
    *sorted((ROOT / "tests" / "golden").glob("*.json")),
]
"""Everything the game shows or ships: code (its texts), help, tutorials, docs, the recorded games'
logs and traces."""
FOREIGN = re.compile(r"digest|(?<![\w-])R[0-9]{2}(?!\w)|(?<![\w.])[a-f]\.[1-9](?![\w])|\bN0[1-9]\b",
                     re.IGNORECASE)
"""A pointer into a document the player does not have: the digest, its R-numbers, its sections
('e.5'), the old project numbers (N01)."""


def test_the_document_holds_every_topic_and_numbers_each_ruling_once() -> None:
    markdown = rl.rulings_markdown()
    found = rl.rulings()
    headings = re.findall(r"^### (\S+) — ", markdown, re.MULTILINE)
    assert len(headings) == len(set(headings)) == len(found) >= 60
    assert {r.id.split("-")[0] for r in found.values()} == {"G", "A", "C", "S", "E", "TB"}
    assert all(r.title and len(r.text) > 40 and r.topic for r in found.values())


@pytest.mark.parametrize("path", PLAYER_VISIBLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_player_visible_text_points_outside_the_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if FOREIGN.search(line)
             and "hexdigest" not in line]
    assert lines == []


@pytest.mark.parametrize("path", PLAYER_VISIBLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_ruling_reference_names_a_ruling(path: Path) -> None:
    missing = [ref for ref in rl.references(path.read_text(encoding="utf-8"))
               if ref not in rl.rulings()]
    assert missing == []


def test_every_card_and_flowchart_box_cites_rulings_that_exist() -> None:
    cited = [(c.id, rl.references(c.rulings)) for c in TRIPOLITAN.values() if c.rulings]
    cited += [(s.id, rl.references(s.rule)) for s in flowchart.FLOWCHART]
    assert [name for name, refs in cited if not refs] == []
    assert [(name, r) for name, refs in cited for r in refs if r not in rl.rulings()] == []


def test_a_reference_is_found_and_linked_only_as_a_whole_id() -> None:
    assert rl.references("ties go by G-2 (TB-11), not by T-bot or H-F; TB-11 again") == ["G-2", "TB-11"]
    assert rl.references("XG-2 G-2x TB-999 T3 B1") == []
    text = rl.linked("rulings TB-9, G-1")
    links = [(text.plain[s.start:s.end], s.style.meta["@click"]) for s in text.spans
             if not isinstance(s.style, str) and s.style.meta]
    assert links == [("TB-9", "app.show_ruling('TB-9')"), ("G-1", "app.show_ruling('G-1')")]


def test_a_search_by_ids_lists_those_rulings_and_words_search_the_text() -> None:
    every = list(rl.rulings().values())
    assert [r.id for r in every if rl.ruling_matches(r, "tb-9 G-2")] == ["G-2", "TB-9"]
    storms = [r.id for r in every if rl.ruling_matches(r, "storms zone")]
    assert "TB-13" in storms and "A-1" not in storms
    assert len([r for r in every if rl.ruling_matches(r, "")]) == len(every)


def test_a_missing_heading_body_is_parsed_into_topics() -> None:
    parsed = rl.parse_rulings("# R\n\n## G — General\n\n### G-1 — One\nfirst line\nsecond\n\n"
                              "## TB — The T-bot\n### TB-2 — Two\ntext\n")
    assert parsed == {"G-1": rl.Ruling("G-1", "One", "first line second", "G — General"),
                      "TB-2": rl.Ruling("TB-2", "Two", "text", "TB — The T-bot")}
