"""Challenge codes (issue 36, point 3): a deal (a seed and the options) in a short code that reads
back to the same deal, whatever the case, hyphens or look-alike letters; any one mistyped character
and any two swapped neighbours refused, never read as another deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tripoli_tui.cli import main as cli
from tripoli_tui.play.challenge import ALPHABET, SEED_LIMIT, Deal, challenge_code, read_challenge
from tripoli_tui.tui import app as tui_app

DEALS = [Deal(0), Deal(3), Deal(152, True), Deal(SEED_LIMIT - 1), Deal(SEED_LIMIT - 1, True),
         *(Deal(random.Random(n).randrange(SEED_LIMIT), n % 2 == 0) for n in range(200))]


@pytest.mark.parametrize("deal", DEALS[:5])
def test_a_code_reads_back_to_its_deal_however_it_is_typed(deal: Deal) -> None:
    code = challenge_code(deal)
    assert code.startswith("C-") and len(code) <= 20
    for typed in (code, code.lower(), code.replace("-", ""), code[2:], code.replace("-", " "),
                  code.replace("0", "o").replace("1", "l")):
        assert read_challenge(typed) == deal, typed


def test_every_code_reads_back_and_no_two_deals_share_one() -> None:
    codes = {challenge_code(deal): deal for deal in DEALS}
    assert len(codes) == len(set(DEALS))
    assert all(read_challenge(code) == deal for code, deal in codes.items())


def test_a_mistyped_character_or_two_swapped_are_refused() -> None:
    for deal in DEALS[:60]:
        body = challenge_code(deal)[2:].replace("-", "")
        for i in range(len(body)):
            for other in ALPHABET:
                if other != body[i]:
                    typo = body[:i] + other + body[i + 1:]
                    with pytest.raises(ValueError, match="not a challenge code"):
                        read_challenge(typo)
            if i + 1 < len(body) and body[i] != body[i + 1]:
                swapped = body[:i] + body[i + 1] + body[i] + body[i + 2:]
                with pytest.raises(ValueError, match="not a challenge code"):
                    read_challenge(swapped)


@pytest.mark.parametrize("bad", ["", "C-", "C-U!", "hello", "C-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZ"])
def test_what_is_not_a_code_is_said_in_words(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a challenge code"):
        read_challenge(bad)


def test_tripoli_new_challenge_deals_the_code_s_game(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **how: seen.append(how) or 0)
    monkeypatch.setattr(cli, "has_a_terminal", lambda: True)
    assert cli.main(["new", "--challenge", challenge_code(Deal(152, True)).lower()]) == 0
    assert seen[-1]["new_seed"] == 152 and seen[-1]["hidden_discard"] is True
    with pytest.raises(SystemExit) as ended:
        cli.main(["new", "--challenge", "C-1651-W"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "is not a challenge code" in err and "Traceback" not in err
    assert cli.main(["new", "--challenge", challenge_code(Deal(3)), "--seed", "4"]) == 2
    assert "a challenge code carries its seed and its options" in capsys.readouterr().err


def test_the_game_over_screen_shows_the_code_of_the_deal() -> None:
    import asyncio

    from textual.widgets import Static

    from tests.tui.test_screens_game_over import Host, played_to_the_end
    from tripoli_tui.engine import Game
    from tripoli_tui.engine.state import table_modes
    from tripoli_tui.play.challenge import campaign_challenge

    game = played_to_the_end(6)
    code = campaign_challenge(game)
    assert read_challenge(code) == Deal(game.origin.seed)
    app = Host(game)

    async def look() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return str(app.screen.query_one("#over-challenge", Static).render())

    shown = asyncio.run(look())
    assert code in shown and f"tripoli new --challenge {code}" in shown
    assert campaign_challenge(Game.new(5, hidden_discard=True)) == challenge_code(Deal(5, True))
    assert campaign_challenge(Game.new(5, table_modes("dice=all"))) == ""


def test_the_record_keeps_the_best_result_of_each_challenge() -> None:
    import dataclasses
    import datetime as dt

    from tripoli_tui.storage.record import CampaignRecord, RecordEntry
    from tripoli_tui.tui.screens.record import challenges_text

    def entry(seed: int, winner: str, points: int, **more: Any) -> RecordEntry:
        return RecordEntry(dt.datetime(2026, 1, 1), seed, winner, "how", "ending", 1805, 0,
                           points, 30 - points, **more)

    record = CampaignRecord([entry(3, "tripolitania", 12), entry(3, "us", 18),
                             entry(3, "us", 15), entry(8, "us", 20, hidden_discard=True),
                             entry(9, "us", 25, table=True), entry(10, "us", 25, start="position")])
    text = challenges_text(record).plain
    assert text == (f"Best of each challenge: {challenge_code(Deal(8, True))} 20–10 · "
                    f"{challenge_code(Deal(3))} 18–12")
    assert challenges_text(dataclasses.replace(record, entries=[])).plain == ""


def test_the_record_s_published_win_rates_are_the_documented_ones() -> None:
    """(Issue 36, point 2: the record shows a player's own results beside docs/tbot-odds.md.)"""
    from pathlib import Path

    from tripoli_tui.tui.screens.record import PUBLISHED_WIN_RATES, beside_the_odds

    doc = (Path(__file__).resolve().parent.parent / "docs" / "tbot-odds.md").read_text()
    for player, rate in PUBLISHED_WIN_RATES.items():
        assert f"| {player} | no | 100,000 | {round(rate * 100_000):,} | {rate:.2%} |" in doc
    shown = beside_the_odds(3, 10).plain
    assert shown.startswith("You win 30% (95%: 11%–60%)") and "heuristic player 65.5%" in shown
