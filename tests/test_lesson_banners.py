"""A lesson says what to watch, not what happens: no lesson's banner (its title, goal and text, on
screen before the first step) names an answer the drill or the walkthrough then reveals.

The check plays the T-bot from each lesson's position, as the drill asks it, until the American
side acts, and reads the banner a sentence at a time against each question and the T-bot's answer:
- a choice of a place (a patrol zone, the harbor that raids): no sentence names the place chosen
  beside a word of that choice ('raid', 'first', 'next', 'choose' ...);
- a card the T-bot tests or draws (its requirement, a battle card's moment, what it does with a
  drawn card): no sentence names the card beside a word that says whether it is played;
- a hit: no sentence names the piece that takes it beside a word that says so ('first', 'sink');
- and no banner uses a phrase that tells a box's result outright ('can be played', 'in that
  order', 'goes first').
Facts on the board may be named (five corsairs in the harbor of Tripoli); what the T-bot does with
them may not."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.test_drill import tutorial
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.play.drill import Drill, Question

TUTORIALS = Path(__file__).resolve().parent.parent / "tripoli_tui" / "tutorials"
LESSONS = sorted(p.name for p in TUTORIALS.glob("*.toml"))

CHOICE_WORDS = ("raid", "raids", "raided", "first", "next", "then", "choose", "chooses", "picks",
                "chosen", "goes", "before")
PLAY_WORDS = ("play", "plays", "played", "playable", "fires", "queue", "queued", "queues", "waits",
              "wait", "cannot", "discard", "discards", "discarded", "goes to the end", "pay",
              "follows", "comes up", "come up", "stopped", "stops", "passes")
HIT_WORDS = ("first", "sink", "sinks", "sunk", "sinking", "go down", "goes down", "takes the",
             "loses", "lose", "damages", "is damaged", "then")
OUTCOMES = ("can be played", "cannot be played", "is played", "are played", "plays it",
            "it plays", "in that order", "goes first", "raids first", "go first", "is damaged",
            "sinks", "goes down", "go down")


def banner(name: str) -> str:
    data = tomllib.loads((TUTORIALS / name).read_text(encoding="utf-8"))
    return " ".join(" ".join(str(data.get(key, "")).split())
                    for key in ("title", "goal", "description"))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.:;?!])\s+|\s+—\s+", text) if s]


def says(sentence: str, words: tuple[str, ...]) -> str:
    low = sentence.casefold()
    return next((w for w in words if re.search(rf"\b{re.escape(w)}\b", low)), "")


def names(sentence: str, name: str) -> bool:
    return bool(name) and re.search(rf"\b{re.escape(name.casefold())}\b", sentence.casefold()) \
        is not None


def asked(name: str) -> list[Question]:
    game = tutorial(name)
    drill = Drill(game)
    out: list[Question] = []
    while (question := drill.question) is not None and len(out) < 100:
        out.append(question)
        drill.answer(question.answer)
    return out


def card_of(question: Question) -> str:
    if question.card_id in d.CARDS:
        return d.card_name(question.card_id)
    step = question.step
    return step.card if step is not None and step.card else ""


def leaks(name: str) -> list[str]:
    """Each sentence of the lesson's banner that gives an answer away, with why."""
    text = banner(name)
    found = [f"{phrase!r} tells a result: {s!r}" for s in sentences(text)
             for phrase in OUTCOMES if names(s, phrase)]
    for question in asked(name):
        card = card_of(question)
        for s in sentences(text):
            if question.place and names(s, d.place_name(question.place)) and (
                    word := says(s, CHOICE_WORDS)):
                found.append(f"names {d.place_name(question.place)} (chosen) with {word!r}: {s!r}")
            if question.about == k.ALLOCATE_HITS:
                piece = "frigate" if "frigate" in question.answer else "corsair"
                if re.search(rf"\b{piece}s?\b", s.casefold()) and (word := says(s, HIT_WORDS)):
                    found.append(f"names the {piece} hit with {word!r}: {s!r}")
            elif card and names(s, card) and (word := says(s, PLAY_WORDS)):
                found.append(f"names {card} with {word!r}: {s!r}")
    return sorted(set(found))


@pytest.mark.parametrize("name", LESSONS)
def test_no_lesson_banner_names_an_answer_before_it_is_shown(name: str) -> None:
    assert leaks(name) == []


def test_the_check_finds_an_answer_given_away() -> None:
    """Planted: the old texts of lessons 1 and 13 gave the zone, the raid order and the turn."""
    import tests.test_lesson_banners as me

    told = {"02-storms-in-the-line.toml": "Two frigates blockade: the line scan finds Storms "
            "playable before anything else and picks the Tripoli patrol zone.",
            "12-yusuf-raid-order.toml": "Yusuf Qaramanli's raids: Tripoli, Tangier, Algiers, "
            "Tunis, in that order.",
            "08-hits-1804.toml": "The T-bot puts the first hit on a frigate."}
    original = me.banner
    try:
        for name, words in told.items():
            me.banner = lambda _n, w=words: w  # type: ignore[assignment]
            assert leaks(name), name
    finally:
        me.banner = original
