"""`tripoli verify [DIR]` (issue 32, point 6): every campaign of a saves folder replayed from its
origin through its recorded choices with today's rules, and the first place it parts from what
was saved (the choice refused, the T-bot answering otherwise, the saved position not reached),
named by campaign, season and choice number. Saves of every format this version reads open and
replay the same."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w

from bot import TBot
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import Decision, parse_choice
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.saves import FORMAT, game_to_toml, load_game_text
from tripoli_tui.play.heuristic import HeuristicPlayer
from tripoli_tui.play.session import Session
from tripoli_tui.storage.campaigns import start_campaign
from tripoli_tui.storage.slots import autosave

FORMATS = Path(__file__).resolve().parent / "formats"


def played(seed: int, every: int = 25) -> list[tuple[str, str]]:
    """A campaign of the heuristic against the T-bot, saved every `every` choices and at its
    end: (file name, text) of each save."""
    game = Game.new(seed)
    game.campaign = f"{seed}-c0ffee"
    sides = {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()}
    saves = []
    while game.pending is not None:
        saves.append((f"{seed}-{len(game.history):04}.toml", game_to_toml(game)))
        due = len(game.history) + every
        play(game, sides, until=lambda g, due=due: len(g.history) >= due)
    saves.append((f"{seed}-end.toml", game_to_toml(game)))
    return saves


def written(folder: Path, saves: list[tuple[str, str]]) -> Path:
    folder.mkdir(exist_ok=True)
    for name, text in saves:
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def verified(folder: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    status = main(["verify", str(folder), *extra])
    return status, capsys.readouterr().out


def test_a_save_of_every_format_this_version_reads_opens_and_replays_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A format bump must add a save of the new format here, and keep the old ones opening."""
    kept = {int(m.group(1)): p for p in FORMATS.glob("*.toml")
            if (m := re.match(r"format(\d+)-", p.name))}
    assert sorted(kept) == list(range(1, FORMAT + 1)), "a save of each format, 1 to FORMAT"
    games = [load_game_text(p.read_text(encoding="utf-8")) for p in kept.values()]
    assert all(g.state == games[0].state and g.campaign == "21-f0a1b2" for g in games)
    status, out = verified(FORMATS, capsys)
    assert status == 0, out
    assert out.splitlines()[0] == "21-f0a1b2: the same (2 saves, 92 choices replayed)"


def test_a_campaign_replayed_today_is_the_same_and_each_save_is_counted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = played(31) + played(47)
    folder = written(tmp_path / "saves", saves)
    (folder / "campaign-record.toml").write_text("format = 1\n")  # not a save: left alone
    status, out = verified(folder, capsys)
    assert status == 0, out
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["31-c0ffee", "47-c0ffee"]
    assert all(" the same (" in line for line in lines[:2])
    assert lines[-1] == "2 campaigns replayed with today's rules: 2 the same, 0 differ."
    assert sum(int(m) for m in re.findall(r"\((\d+) saves", out)) == len(saves)


def changed(text: str, number: int, to: str) -> str:
    """A save's text with its choice `number` (1 the first) changed to `to`."""
    doc = tomllib.loads(text)
    doc["history"]["choices"][number - 1] = to
    return tomli_w.dumps(doc)


def decision_at(saves: list[tuple[str, str]], side: str) -> tuple[int, Game, Decision]:
    """The number of a choice of `side` among two or more options, in the middle of the campaign,
    the game just before it and the decision it answered."""
    game = load_game_text(saves[-1][1])
    numbers = [n for n, (_, g) in enumerate(Game.replaying(game.origin, game.history))
               if n < len(game.history) and g.pending is not None and g.pending.side == side
               and len(g.pending.options) > 1]
    number = numbers[len(numbers) // 2]
    before = Game.replay(game.origin, game.history[:number])
    assert before.pending is not None
    return number + 1, before, before.pending


def tbot_changed_at(saves: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
                    ) -> tuple[int, Game]:
    """Today's T-bot answers one of the campaign's T-bot decisions otherwise (as a rule of its
    flowchart fixed since would): the number of that choice and the game just before it."""
    from tripoli_tui.engine.players import Move

    number, before, pending = decision_at(saves, d.TRIPOLITANIA)
    answer = TBot.answer
    other = next(o for o in pending.options if o != answer(TBot(), before).choice)

    def fixed_since(self: TBot, game: Game) -> Move[object]:
        if len(game.history) == number - 1 and game.pending == pending:
            return Move(other, None)
        return answer(self, game)

    monkeypatch.setattr(TBot, "answer", fixed_since)
    return number, before


def test_a_choice_today_s_rules_refuse_is_named_with_its_campaign_season_and_number(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = played(31)
    number, before, pending = decision_at(saves, d.US)
    legal = {o.text() for o in pending.options}
    illegal = next(c.choice.text() for c in before.history if c.choice.text() not in legal
                   and not isinstance(parse_choice(c.choice.text()), type(pending.options[0])))
    name, text = saves[-1]
    earlier = [(n, t) for n, t in saves if len(load_game_text(t).history) < number]
    folder = written(tmp_path / "saves", [*earlier, (name, changed(text, number, illegal))])
    status, out = verified(folder, capsys)
    assert status == 1
    assert (f"31-c0ffee: DIFFERS at choice {number}, {before.state.when} ({name}): today's rules "
            f"refuse the choice {illegal!r}") in out, out
    assert out.splitlines()[-1].endswith("0 the same, 1 differ.")


def test_a_t_bot_decision_recorded_otherwise_than_today_s_t_bot_answers_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """(As a changed rule of the flowchart shows in an old campaign.)"""
    saves = played(47)
    number, before, pending = decision_at(saves, d.TRIPOLITANIA)
    today = TBot().answer(before).choice.text()
    other = next(o.text() for o in pending.options if o.text() != today)
    name, text = saves[-1]
    folder = written(tmp_path / "saves", [(name, changed(text, number, other))])
    status, out = verified(folder, capsys)
    assert status == 1
    assert (f"DIFFERS at choice {number}, {before.state.when} ({name}): the T-bot today answers "
            f"{pending.kind!r} with {today!r}; the campaign has {other!r}") in out, out


def test_a_saved_position_today_s_replay_does_not_reach_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = played(31)
    name, text = saves[2]
    choices = load_game_text(text).history
    gold = re.search(r"^gold = (\d+)$", text, re.M)
    assert gold is not None
    edited = text.replace(gold.group(0), f"gold = {int(gold.group(1)) + 1}", 1)
    folder = written(tmp_path / "saves", [*saves[:2], (name, edited), *saves[3:]])
    status, out = verified(folder, capsys, "--json")
    assert status == 1
    report = json.loads(out)
    parting = report["campaigns"][0]["parting"]
    assert parting["file"] == name and parting["choice"] == len(choices)
    assert "position.gold is" in parting["what"]


def test_an_unreadable_save_is_named_and_a_missing_folder_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = written(tmp_path / "saves", played(31)[:2] + [("torn.toml", "format = 2\n[posi")])
    status, out = verified(folder, capsys)
    assert status == 1
    assert "torn.toml: cannot be read: not valid TOML" in out
    assert out.splitlines()[-1].endswith("1 the same, 0 differ; 1 save unreadable.")
    assert main(["verify", str(tmp_path / "nowhere")]) == 2
    assert "not a folder of saves" in capsys.readouterr().err



def test_a_folder_that_cannot_be_read_is_said_in_one_line_not_taken_for_an_empty_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """(As a folder without read permission is, for anyone but root.)"""
    folder = written(tmp_path / "saves", played(31)[:1])
    listed = Path.iterdir

    def refused(self: Path) -> object:
        if self == folder:
            raise PermissionError(13, "Permission denied")
        return listed(self)

    monkeypatch.setattr(Path, "iterdir", refused)
    assert main(["verify", str(folder)]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "", f"tripoli verify: {folder}: cannot be read (Permission denied)\n")


def test_the_files_beside_the_saves_are_not_taken_for_saves(
        save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The campaign record, the settings, the keymap and the kept styles live in the saves folder:
    verify and Load's list leave them alone (the keymap was listed as a save that cannot be read,
    and made verify exit 1)."""
    from tripoli_tui import storage

    written(save_folder, played(31)[-1:])
    (save_folder / storage.RECORD_FILE).write_text("format = 1\n")
    (save_folder / storage.SETTINGS_FILE).write_text('theme = "nord"\n')
    (save_folder / "keymap.toml").write_text('"game.undo" = "u,ctrl+z"\n')
    (save_folder / ".styles.kept").write_bytes(b"tripoli parsed styles 1\n\x80\x05")
    status, out = main(["verify"]), capsys.readouterr().out
    assert (status, out.splitlines()[-1]) == (
        0, "1 campaign replayed with today's rules: 1 the same, 0 differ."), out
    assert [info.path.name for info in storage.list_saves()] == ["31-end.toml"]

GAMES_PER_RUN, RUNS = 10, 4
"""The property's seeded games: RUNS runs of GAMES_PER_RUN (40 games, about 17 s of one core; the
issue's 1,000 take some seven minutes, too long for the suite: raise RUNS for a long run)."""


@pytest.mark.slow
@pytest.mark.parametrize("first", [GAMES_PER_RUN * n for n in range(RUNS)])
def test_every_autosave_of_seeded_games_passes_check_and_verify(
        first: int, save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Property: every autosave the game writes during seeded heuristic-against-T-bot games (at
    the moments the session asks for one: the start of each American turn, a hand-limit discard
    included; written by storage.autosave into the player's folder) passes `tripoli check` as it
    is written, and `tripoli verify` on the player's folder (no DIR) replays each campaign the
    same, every autosave of it kept."""
    written_in_all = 0
    for seed in range(first, first + GAMES_PER_RUN):
        game = start_campaign(Game.new(seed))
        session = Session(game, walkthrough=False)
        sides = {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()}
        autosaves = 0
        while game.pending is not None:
            play(game, sides, until=lambda _, due=session.autosave_due: due())
            if game.pending is None:
                break
            path = autosave(game)
            kept = save_folder / f"kept-{game.campaign}-{autosaves:03}.toml"  # (the ring prunes)
            kept.write_bytes(path.read_bytes())
            assert main(["check", kept.name]) == 0, (seed, len(game.history), capsys.readouterr())
            autosaves += 1
        assert autosaves > 5, seed
        written_in_all += autosaves
    capsys.readouterr()
    status, out = main(["verify"]), capsys.readouterr().out
    assert status == 0, out
    lines = out.splitlines()
    assert lines[-1] == (f"{GAMES_PER_RUN} campaigns replayed with today's rules: "
                         f"{GAMES_PER_RUN} the same, 0 differ."), out
    assert sum(int(m) for m in re.findall(r"\((\d+) saves", out)) >= written_in_all
