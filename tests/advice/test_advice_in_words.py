"""The advice in a learner's words (issue 34, point 9): when the playouts cannot tell the options
apart it says so, names the one clearly worse option, counts several, and the screen shows the
sentence with what ★, = and 'vs ★' mean."""

from __future__ import annotations

from tripoli_tui.engine.game import Game
from tripoli_tui.play.advisor import Advice, OptionAdvice


def advice(tied: list[bool], wins: list[int] | None = None) -> Advice:
    """Advice on the first American decision of seed 3, the first option best, each next one
    `tied` with it or not."""
    pending = Game.new(3).pending
    assert pending is not None
    options = pending.options[:len(tied)]
    wins = wins or [30 - i for i in range(len(tied))]
    found = tuple(OptionAdvice(o, wins=w, playouts=40, tied=t and i > 0,
                               versus_best=(w - wins[0]) / 40)
                  for i, (o, w, t) in enumerate(zip(options, wins, tied, strict=True)))
    return Advice(pending.prompt, found, seed=1, seconds=1.0)


def test_every_option_tied_is_said_about_equal() -> None:
    words = advice([True] * 5).in_words()
    assert words.startswith("These 5 are about equal: the playouts cannot tell them apart"), words


def test_one_option_clearly_worse_is_named() -> None:
    found = advice([True, True, True, False])
    worse = found.options[3].choice.describe()
    assert found.in_words() == f"These 3 are about equal (★ and =); “{worse}” is clearly worse."


def test_several_clearly_worse_are_counted() -> None:
    found = advice([True, True, False, False, False])
    assert found.in_words() == "These 2 are about equal (★ and =); the other 3 are clearly worse."


def test_a_clear_best_is_named() -> None:
    found = advice([True, False, False])
    best = found.options[0].choice.describe()
    assert found.in_words() == f"“{best}” is clearly the best; the other 2 are clearly worse."


def test_one_option_alone() -> None:
    assert advice([True]).in_words() == "There is only one option: it is the one to play."


def test_the_command_and_its_json_say_it_too() -> None:
    found = advice([True, True, False, False])
    assert found.in_words().replace("★", "*") in found.render().splitlines()
    assert found.to_data()["in_words"] == found.in_words()
