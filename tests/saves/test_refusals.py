"""Every kind of bad save is refused with a message naming the field and the problem; the file stays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tripoli_tui.engine.saves import SaveError, game_to_toml, load_game_text, position_to_toml
from tripoli_tui.storage import MAX_SAVE_BYTES, read_save

from .helpers import late_game

GOOD = '''format = 1

[position]
year = 1803
season = "summer"
phase = "american_play"
gold = 4

[position.pieces]
gibraltar = { us_frigate = 2, corsair = 2 }
tripoli_patrol_zone = { us_frigate = 1 }
tripoli = { corsair = 5, tripolitan_infantry = 4 }
benghazi = { tripolitan_infantry = 4 }
derne = { tripolitan_infantry = 4 }
track_1804 = { us_frigate = 1 }

[position.cards]
us_hand = ["Tribute Paid", "Naval Movement", "Burn the Philadelphia"]
us_discard = ["Naval Movement"]
event_card_line = ["Murad Reis Breaks Out", "Constantinople Sends Aid", "Yusuf Qaramanli",
                   "Sweden Pays Tribute"]
battle_card_line = ["Happy Hunting", "Merchant Ship Converted", "Uncharted Waters",
                    "Mercenaries Desert", "US Signal Books Overboard", "The Guns of Tripoli"]
'''


def refused(tmp_path: Path, text: str | bytes) -> str:
    """Load `text` from a file; return the refusal and check the file is byte for byte unchanged."""
    path = tmp_path / "bad.toml"
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.write_bytes(data)
    before = path.stat()
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == before.st_mtime_ns
    assert list(tmp_path.iterdir()) == [path]
    return str(caught.value)


def test_the_good_position_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    game = read_save(path)
    assert game.pending is not None and game.pending.kind == "american_play"
    assert game.state.pieces["us_supply"]["us_frigate"] == 4
    assert game.state.pieces["tripolitan_supply"]["corsair"] == 2
    assert len(game.state.us_draw) == 24 - 4 and game.state.us_core[0] == "thomas_jefferson"


CASES = {
    "unknown top-level field": (GOOD.replace("format = 1", "format = 1\ncolour = 'blue'"),
                                "colour: unknown field"),
    "unknown position field": (GOOD.replace("gold = 4", "golds = 4"),
                               "position.golds: unknown field (did you mean 'gold'?)"),
    "missing field": (GOOD.replace('season = "summer"\n', ""), "position.season: missing"),
    "missing format": (GOOD.replace("format = 1\n", ""), "format: missing"),
    "newer format": (GOOD.replace("format = 1", "format = 3"),
                     "format: this save is format 3, written by a newer version"),
    "not TOML": (GOOD.replace("gold = 4", "gold = = 4"), "not valid TOML"),
    "unknown card": (GOOD.replace('"Tribute Paid"', '"Tribute Payed"'),
                     "position.cards.us_hand[1]: unknown card 'Tribute Payed' "
                     "(did you mean 'Tribute Paid'?)"),
    "unknown location": (GOOD.replace("benghazi = {", "bengazi = {"),
                         "position.pieces.bengazi: unknown location (did you mean 'benghazi'?)"),
    "unknown piece": (GOOD.replace("corsair = 5", "pirate = 5"),
                      "position.pieces.tripoli.pirate: unknown piece"),
    "more pieces than exist": (GOOD.replace("corsair = 5", "corsair = 10"),
                               "position.pieces.tripoli.corsair: 10, but the game has only 9"),
    "placed beyond the supply": (GOOD.replace("corsair = 5", "corsair = 8"),
                                 "position.pieces: 10 Tripolitan corsairs placed, but the game "
                                 "has only 9"),
    "totals do not add up": (GOOD.replace("track_1804", "tripolitan_supply = { corsair = 1 }\n"
                                          "track_1804"),
                             "position.pieces: Tripolitan corsairs add up to 8, the game has 9"),
    "piece where it cannot be": (GOOD.replace("tripoli_patrol_zone = { us_frigate = 1 }",
                                              "tripoli_patrol_zone = { us_frigate = 1, gunboat = 1 }"),
                                 "position.pieces.tripoli_patrol_zone.gunboat: gunboats are never "
                                 "at tripoli_patrol_zone"),
    "card in two places": (GOOD.replace('us_discard = ["Naval Movement"]',
                                        'us_discard = ["Naval Movement", "Tribute Paid"]'),
                           "position.cards: Tribute Paid is listed 2 times (us_hand, us_discard), "
                           "but there is only one"),
    "unique card twice in one pile": (GOOD.replace('"Burn the Philadelphia"]', '"Tribute Paid"]'),
                                      "position.cards: Tribute Paid is listed 2 times (us_hand x2), "
                                      "but there is only one"),
    "card of the other side": (GOOD.replace('"Burn the Philadelphia"', '"Storms"'),
                               "position.cards.us_hand: Storms is a Tripolitan card"),
    "card missing": (GOOD.replace('"Happy Hunting", ', ""),
                     "position.cards: Happy Hunting is missing"),
    "impossible year": (GOOD.replace("year = 1803", "year = 1807"),
                        "position.year: 1807 is not a year of the game (1801-1806)"),
    "impossible season": (GOOD.replace('"summer"', '"autumn"'),
                          "position.season: 'autumn' is not a season"),
    "impossible phase": (GOOD.replace('"american_play"', '"battle"'),
                         "position.phase: 'battle' is not a phase"),
    "gold out of range": (GOOD.replace("gold = 4", "gold = 13"), "position.gold: 13 is outside 0-12"),
    "gold that would have ended the game": (GOOD.replace("gold = 4", "gold = 12"),
                                            "position.gold: twelve gold ends the game"),
    "arrivals of a year begun": (GOOD.replace("track_1804", "track_1803"),
                                 "position.pieces.track_1803: the year 1803 has begun"),
    "hand over the limit in summer": (GOOD.replace(
        'us_hand = ["Tribute Paid", "Naval Movement", "Burn the Philadelphia"]',
        'us_hand = ["Tribute Paid", "Naval Movement", "Burn the Philadelphia", "Naval Movement", '
        '"Early Deployment", "A Show of Force", "Launch the Intrepid", "Congress Authorizes Action", '
        '"Corsairs Confiscated"]'), "position.cards.us_hand: 9 cards, over the hand limit of 8"),
    "a count that is not a number": (GOOD.replace("corsair = 5", 'corsair = "five"'),
                                     "position.pieces.tripoli.corsair: 'five' is not a count"),
    "a season record missing a field": (GOOD.replace(
        "gold = 4\n", "gold = 4\nseasons = [{ year = 1803, season = 0, gold = 4 }]\n"),
        "position.seasons[1].frigates_sunk: missing"),
    "a season record with a field of its own": (GOOD.replace(
        "gold = 4\n", "gold = 4\nseasons = [{ year = 1803, season = 0, gold = 4, "
        "frigates_sunk = 0, mood = 3 }]\n"),
        "position.seasons[1].mood: unknown field"),
    "a season record out of the war": (GOOD.replace(
        "gold = 4\n", "gold = 4\nseasons = [{ year = 1803, season = 0, gold = 4, frigates_sunk = 0 "
        "}, { year = 123456789, season = 1, gold = 4, frigates_sunk = 0 }]\n"),
        "position.seasons[2].year: 123456789 is outside 1801-1806"),
    "season records that are not tables": (GOOD.replace(
        "gold = 4\n", "gold = 4\nseasons = [1803, 1804]\n"),
        "position.seasons: must be a list of tables of whole numbers (year, season, gold, "
        "frigates_sunk)"),
    "mid-turn position without history": (GOOD + '\n[pending]\nside = "us"\nkind = "move_frigate"\n'
                                          'prompt = "Move frigate 1 of up to 4: from where?"\n',
                                          "pending.kind: the position was saved in the middle of a "
                                          "turn ('move_frigate') and has no history"),
}


@pytest.mark.parametrize("text, message", CASES.values(), ids=list(CASES))
def test_refused_with_a_message_naming_the_field(tmp_path: Path, text: str, message: str) -> None:
    assert message in refused(tmp_path, text)


def test_several_problems_are_listed_together(tmp_path: Path) -> None:
    text = GOOD.replace("gold = 4", "gold = 40").replace("year = 1803", "year = 1700")
    message = refused(tmp_path, text)
    assert message.startswith("bad.toml: ") and "2 problems" in message
    assert "position.gold: 40 is outside 0-12" in message
    assert "position.year: 1700 is not a year" in message


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    assert "not UTF-8 text" in refused(tmp_path, GOOD.encode() + b"\n# \xff\xfe\n")


def test_a_file_over_one_megabyte_is_refused_unread(tmp_path: Path) -> None:
    text = GOOD + "#" * MAX_SAVE_BYTES
    assert "larger than a save can be (1 MB); it was not read" in refused(tmp_path, text)


def test_a_history_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    text = game_to_toml(late_game(152, 1803))
    lines = text.splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("choices = ["))
    lines[first + 3] = '    "raid tunis",\n'
    assert "history.choices[3] ('raid tunis'): the history does not replay" in refused(
        tmp_path, "".join(lines))


def test_a_history_that_replays_elsewhere_is_refused(tmp_path: Path) -> None:
    game = late_game(152, 1803)
    text = game_to_toml(game).replace(f"\ngold = {game.state.gold}\n",
                                      f"\ngold = {game.state.gold - 1}\n", 1)
    message = refused(tmp_path, text)
    assert "does not reach the saved position: position.gold is" in message


def test_unknown_choice_in_history_is_refused(tmp_path: Path) -> None:
    text = game_to_toml(late_game(152, 1802)).replace('"draw"', '"sketch"', 1)
    assert "history.choices[" in refused(tmp_path, text)
    assert "unknown choice 'sketch'" in refused(tmp_path, text)


@pytest.mark.parametrize("text", ["", "[[[", "format = 1\nposition = 3", "format = 1\n" + "a = [" * 5000,
                                  "format = true", "format = 1\n[position]\nyear = []\nseason = {}\n"
                                  "phase = 1\npieces = []\ncards = 'x'\n"])
def test_garbage_is_refused_never_crashing(text: str) -> None:
    with pytest.raises(SaveError) as caught:
        load_game_text(text)
    assert str(caught.value)


def test_the_position_alone_is_the_way_back_when_the_history_breaks(tmp_path: Path) -> None:
    game = late_game(152, 1803)
    assert game.pending is not None and game.pending.kind in ("american_play", "hand_limit")
    text = game_to_toml(game).replace('"draw"', '"raid-or-build"')
    assert text != game_to_toml(game)
    path = tmp_path / "campaign.toml"
    path.write_text(text)
    with pytest.raises(SaveError, match="the history does not replay"):
        read_save(path)
    resumed = read_save(path, history=False)
    assert resumed.pending == game.pending
    assert resumed.state.pieces == game.state.pieces and resumed.state.rng == game.state.rng
    assert resumed.history == [] and path.read_text() == text


def finished_position() -> tuple[str, int]:
    """A finished game as a bare position, and its American tournament points."""
    game = late_game(152, 1807)
    assert game.state.result is not None
    return position_to_toml(game.state), game.state.result.us_points


def test_a_finished_position_loads_with_its_result() -> None:
    text, us_points = finished_position()
    result = load_game_text(text).state.result
    assert result is not None and result.us_points == us_points


@pytest.mark.parametrize("change, message", [
    (lambda t, p: t.replace(f"us_points = {p}\n", f'us_points = "{p}"\n'),
     "position.result.us_points: '{p}' is not a whole number"),
    (lambda t, p: t.replace("\ngold_at_end = ", "\n# gold_at_end = "),
     "position.result.gold_at_end: missing"),
    (lambda t, p: t.replace(f"us_points = {p}\n", f"us_points = {p}\nmargin = 3\n"),
     "position.result.margin: unknown field"),
    (lambda t, p: t.replace('how = "', 'how = 3\n# "'), "position.result.how: 3 is not text"),
    (lambda t, p: re.sub(r"(\[position\.result\][^\[]*\nseason = )\d", r"\g<1>7", t),
     "position.result.season: 7 is outside 0-3"),
], ids=["points as text", "a field missing", "an unknown field", "how not text", "season out of range"])
def test_a_hand_written_result_is_checked_field_by_field(tmp_path: Path, change: object,
                                                           message: str) -> None:
    text, us_points = finished_position()
    assert callable(change)
    assert message.format(p=us_points) in refused(tmp_path, change(text, us_points))


def test_a_refusal_stays_short_however_many_problems_the_file_has(tmp_path: Path) -> None:
    hand = ", ".join(['"Nope"'] * 100_000)
    text = GOOD.replace('us_hand = ["Tribute Paid", "Naval Movement", "Burn the Philadelphia"]',
                        f"us_hand = [{hand}]")
    message = refused(tmp_path, text)
    assert len(message) < 4000, len(message)
    assert "position.cards.us_hand[1]: unknown card 'Nope'" in message
    assert re.search(r"… and \d[\d]* more", message), message[-200:]


def test_a_refusal_quotes_a_huge_value_only_in_part(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("gold = 4", f"gold = \"{'x' * 100_000}\""))
    assert len(message) < 400, len(message)
    assert message.startswith("bad.toml: position.gold: 'xxx")
    assert message.endswith("…' is not a whole number")


def _fields(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every field of a parsed save (the first two items of each list), as a path."""
    items = (value.items() if isinstance(value, dict) else
             enumerate(value[:2]) if isinstance(value, list) else ())
    return [p for key, inner in items for p in [(*path, key), *_fields(inner, (*path, key))]]


@pytest.mark.parametrize("hostile", [{"x": {"y": 1}}, [{"x": 1}], [[1]]],
                         ids=["a table", "a list of tables", "a list of lists"])
def test_a_table_or_a_list_where_a_value_belongs_is_named_never_shown_as_python(
        hostile: object) -> None:
    """Every field of a save holding a table or a list it should not: the refusal says what it
    is ('a table', 'a list'), never a Python repr of it (issue 32, point 5d)."""
    import copy
    import tomllib

    import tomli_w

    game = late_game(7, 1802)
    game.campaign = "7-abc"
    doc = tomllib.loads(game_to_toml(game))
    doc.update(lesson=1, title="t", goal="g", description="d")
    doc["campaign"].update(name="n", started="2026-01-01 10:00", rollbacks=1, branch_of="x")
    shown = []
    for path in _fields(doc):
        changed: Any = copy.deepcopy(doc)
        table = changed
        for key in path[:-1]:
            table = table[key]
        table[path[-1]] = hostile
        for history in (True, False):
            try:
                load_game_text(tomli_w.dumps(changed), history=history)
            except SaveError as refusal:
                if re.search(r"\{'|\[\{|\[\[", str(refusal)):
                    shown.append(str(refusal))
    assert not shown, shown[:3]
