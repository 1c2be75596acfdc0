"""A seeded, bounded fuzz of mutated saves (the full 3,000: `python -m tests.soak.fuzz_saves`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.soak.fuzz_saves import Figures, run, try_file


@pytest.mark.slow
def test_mutated_saves_are_refused_or_played_never_a_traceback_never_changed(save_folder: Path) -> None:
    figures = run(600, save_folder)
    assert figures.files == 600
    assert figures.tracebacks == [] and figures.changed == [] and figures.disagreements == []
    assert figures.control_out == [], figures.control_out[:3]
    assert figures.refused > 300 and figures.accepted > 10, "the mutations reach both verdicts"


def test_the_harness_sees_a_result_that_breaks_the_game_over_text(save_folder: Path,
                                                                   monkeypatch) -> None:
    import tests.soak.fuzz_saves as harness
    from tripoli_tui import storage
    from tripoli_tui.engine import Game
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import RandomPlayer

    game = Game.new(5)
    play(game, {"us": RandomPlayer(5), "tripolitania": RandomPlayer(6)})
    path = storage.write_save(game, "over")

    def broken(result: object) -> None:
        raise ValueError("invalid literal for int() with base 10: 'abc'")

    monkeypatch.setattr(harness, "result_lines", broken)
    figures = Figures()
    try_file(path, figures)
    assert figures.ended == 1 and len(figures.tracebacks) == 1
