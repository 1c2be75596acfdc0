"""Seeded random key presses drive the app through a whole game: nothing may crash."""

from __future__ import annotations

import random

import pytest
from textual import events

from tests.tui.conftest import make_app
from tripoli_tui.engine.game import Game

ANSWERS = ["1", "2", "0", "t", "g", "space", "f", "enter"]
"""Keys that move the game on (option numbers, Done, Tripoli, Gibraltar, the T-bot keys)."""
OTHERS = ["4", "9", "escape", "up", "down", "tab", "e", "m", "b", "c", "u", "w", "t", "l", "h",
          "s", "x", "question_mark", "home", "end", "pageup", "backspace", "n"]
"""Keys that look around, open and close things, or do nothing (not q: it quits; not ctrl+p:
the command palette has its own test and makes every later key a slow search)."""
CHARS = {"space": " ", "enter": "\r", "question_mark": "?", "escape": "\x1b"}


@pytest.mark.slow
async def test_random_keys_play_a_whole_game_without_a_crash():
    rng = random.Random(20260101)
    app = make_app(Game.new(11), walkthrough=True)
    presses = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first_game = app.game
        while presses < 4000 and not first_game.is_over:
            key = rng.choice(ANSWERS) if rng.random() < 0.7 else rng.choice(OTHERS)
            app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
            presses += 1
            if presses % 6 == 0:  # keys arrive in bursts, as from a fast typist
                await pilot.pause()
        await pilot.pause()
        screens = [type(s).__name__ for s in app.screen_stack]
        for n in range(120):  # then on through the game-over screen, the title or a new game
            key = rng.choice(ANSWERS + OTHERS)
            app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
            if n % 4 == 3:
                await pilot.pause()
    assert first_game.is_over, (f"game not finished after {presses} keys: "
                                f"{first_game.state.when}, screens {screens}")
