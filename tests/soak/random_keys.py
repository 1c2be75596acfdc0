"""Random keys with random resizes, seeded: N keys through whole games (a new one when a game
ends), the terminal resized between 20x10 and 250x70 every few keys. Counts crashes (any exception
the app hit, or the app no longer running).

Run: `python -m tests.soak.random_keys 10000` (prints the figures; exit status 1 on a crash)."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time

from textual import events

from tests.tui.test_random_keys import ANSWERS, CHARS, OTHERS


async def run(keys: int, seed: int = 20261123) -> dict[str, object]:
    """Press `keys` random keys; when a game or the app ends normally, start again."""
    from tripoli_tui.tui.app import TripoliApp, new_campaign

    rng = random.Random(seed)
    figures: dict[str, object] = {"keys": 0, "resizes": 0, "games finished": 0, "apps": 0,
                                  "crashes": 0, "first crash": ""}
    pressed = 0
    crashes: list[str] = []
    while pressed < keys:
        app = TripoliApp(new_campaign(rng.randrange(1, 10**6)))
        figures["apps"] += 1  # type: ignore[operator]
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                game = app.game
                while pressed < keys and app.is_running and app.return_code is None:
                    if rng.random() < 0.03:
                        await pilot.resize_terminal(rng.randint(20, 250), rng.randint(10, 70))
                        figures["resizes"] += 1  # type: ignore[operator]
                    key = rng.choice(ANSWERS) if rng.random() < 0.7 else rng.choice(OTHERS)
                    app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
                    pressed += 1
                    if pressed % 6 == 0:
                        await pilot.pause()
                    if app.game is not game:
                        if game is not None and game.is_over:
                            figures["games finished"] += 1  # type: ignore[operator]
                        game = app.game
        except Exception as error:  # the app raised: a crash (then a new app goes on)
            where = f" (details: {app.crash.log})" if app.crash is not None else ""
            crashes.append(f"{type(error).__name__}: {error}{where}")
    figures["keys"] = pressed
    figures["crashes"] = len(crashes)
    figures["first crash"] = "; ".join(dict.fromkeys(c.split(" (details")[0] for c in crashes))[:600]
    return figures


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("TRIPOLI_SAVE_DIR", tmp)
        start = time.perf_counter()
        result = asyncio.run(run(count))
    print(f"random keys: {result['keys']} with {result['resizes']} resizes between 20x10 and 250x70 "
          f"({time.perf_counter() - start:.0f} s, {result['games finished']} games finished, "
          f"{result['apps']} app starts)")
    print(f"  crashes: {result['crashes']} {result['first crash']}")
    sys.exit(1 if result["crashes"] else 0)
