"""`tripoli table --plain` and `--jsonl`: the line protocol, scripted to the end in every mode,
against hostile lines, and saving at the end of input."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from tripoli_tui.cli.table_lines import LINE_LIMIT, run

TYPES = {"ask", "do", "say", "refused", "end"}


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    return tmp_path


def args(*, jsonl: bool = True, dice: str = "mine", deck: str = "table", hand: str = "table",
         seed: int = 7, reasoning: str = "concise") -> argparse.Namespace:
    return argparse.Namespace(jsonl=jsonl, plain=not jsonl, dice=dice, deck=deck, hand=hand,
                              seed=seed, name="", reasoning=reasoning)


class FirstOptionScript(io.RawIOBase):
    """A player that answers every ask with its first option and every die with a one, reading the
    program's output as it goes (the input is written as the asks come).

    Ones hit nothing, and the printed rules fight the Assault's naval battle and every ground
    combat until one side is gone: typed ones would fight them for ever. So a roll asked a tenth
    time with only dice asked between (the same battle, round after round) is typed as sixes."""

    def __init__(self, out: io.StringIO, stop: object = None, extra: list[bytes] | None = None) -> None:
        self.out, self.stop = out, stop
        self.read_upto = 0
        self.lines: list[str] = []
        self.extra = list(extra or [])
        self.last: dict[str, object] | None = None
        self.rolls: dict[str, int] = {}
        """How often each roll was asked since the last ask that was not a roll."""

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        text = self.out.getvalue()
        fresh = text[self.read_upto:].splitlines()
        self.read_upto = len(text)
        self.lines += fresh
        for line in fresh:
            if line.startswith('{"type": "ask"'):
                ask = json.loads(line)
                if "dice" not in ask:
                    self.rolls = {}
                elif self.last is None or ask["id"] != self.last["id"]:
                    self.rolls[ask["prompt"]] = self.rolls.get(ask["prompt"], 0) + 1
                self.last = ask
        if self.extra:  # (read as a stream is: at most `size` bytes at a time)
            line = self.extra[0]
            if size is not None and 0 < size < len(line):
                self.extra[0] = line[size:]
                return line[:size]
            return self.extra.pop(0)
        ask = self.last
        if ask is None or (callable(self.stop) and self.stop(ask, self.lines)):
            return b""
        if "dice" in ask:
            again = self.rolls.get(str(ask["prompt"]), 0) >= 10
            answer: object = ("6" if again else "1") * int(str(ask["dice"]))
        else:
            answer = ask["options"][0]["key"]  # type: ignore[index]
        return (json.dumps({"id": ask["id"], "answer": answer}) + "\n").encode()


def play(stop: object = None, extra: list[bytes] | None = None,
         **kw: object) -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    status = run(args(**kw), FirstOptionScript(out, stop, extra), out)  # type: ignore[arg-type]
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("dice, deck, hand", [("all", "table", "table"), ("mine", "table", "table"),
                                              ("program", "program", "program"),
                                              ("all", "program", "table")])
def test_the_first_option_always_goes_on_to_the_end(dice: str, deck: str, hand: str) -> None:
    for seed in (1, 2, 3):
        status, out = play(dice=dice, deck=deck, hand=hand, seed=seed)
        assert status == 0
        assert {o["type"] for o in out} <= TYPES
        assert out[-1]["type"] == "end" and out[-1]["result"] is not None, out[-3:]
        asks = [o for o in out if o["type"] == "ask"]
        assert all(("dice" in a) != ("options" in a) for a in asks)
        assert all({"id", "kind", "prompt"} <= set(a) for a in asks)
        if dice == "all":
            assert any("dice" in a for a in asks)
        if hand == "table":  # (the T-bot may never draw: typed ones sink no corsair, and five
            # corsairs in Tripoli make it raid every turn)
            assert any(a["kind"] == "table_draw" for a in asks)


def test_a_scripted_session_to_the_end_of_1801_tells_the_tbots_turns_as_instructions() -> None:
    def in_1802(ask: dict[str, object], lines: list[str]) -> bool:
        return "1802" in str(ask["prompt"])

    status, out = play(stop=in_1802, dice="all")
    assert status == 0
    said = [o["text"] for o in out if o["type"] == "say"]
    done = [o["text"] for o in out if o["type"] == "do"]
    assert any("The year 1802 begins." in str(s) for s in said)
    assert any("T-bot" in str(s) for s in said)
    assert done, "the T-bot's turns gave no instruction for the board"
    assert out[-1]["type"] == "end" and out[-1]["result"] is None
    assert "Saved" in str(out[-1]["text"])


HOSTILE = [
    b"this is not json\n",
    b"{\"id\": 999, \"answer\": \"1\"}\n",
    b"[1, 2, 3]\n",
    b"{\"id\": 1}\n",
    b"{\"id\": 1, \"answer\": {\"nested\": true}}\n",
    b"{\"id\": 1, \"answer\": \"\\u001b]0;owned\\u0007\"}\n",
    b"\xff\xfe\x1b[2J\n",
    b"x" * (LINE_LIMIT * 16) + b"\n",
    b"{\"id\": 1, \"answer\": \"99\"}\n",
]


def test_hostile_lines_are_refused_and_the_same_ask_follows() -> None:
    status, out = play(stop=lambda ask, lines: sum('"refused"' in line for line in lines) >= len(HOSTILE)
                       and ask["id"] > 1, extra=list(HOSTILE))
    assert status == 0
    refused = [i for i, o in enumerate(out) if o["type"] == "refused"]
    assert len(refused) == len(HOSTILE)
    first_ask = next(o for o in out if o["type"] == "ask")
    for i in refused:
        assert out[i]["id"] == first_ask["id"]
        assert out[i + 1] == first_ask  # the same ask again
    whys = [str(out[i]["why"]) for i in refused]
    assert "Not a JSON line" in whys[0]
    assert "the question is ask 1" in whys[1]
    assert "KB is not read" in whys[7]
    assert "\x1b" not in json.dumps(out, ensure_ascii=False)


def test_the_end_of_input_saves_and_exits_zero(saves: Path) -> None:
    out = io.StringIO()
    status = run(args(), io.BytesIO(b""), out)
    assert status == 0
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last["type"] == "end" and "Saved" in last["text"]
    assert list(saves.rglob("*.toml"))


def test_plain_lines_number_the_questions_and_refuse_in_a_sentence() -> None:
    out = io.StringIO()
    status = run(args(jsonl=False, dice="all"), io.BytesIO(b"seven\n1\n"), out)
    text = out.getvalue()
    assert status == 0
    assert "[1] " in text and "    1. " in text
    assert "  !   seven is not one of the options" in text
    assert "[2] " in text


def test_undo_adjust_and_modes_are_answers_too() -> None:
    out = io.StringIO()
    script = b"\n".join([b"adjust gold=3", b"modes dice=all,deck=program,hand=program", b"undo", b""])
    status = run(args(jsonl=False, hand="program"), io.BytesIO(script), out)
    text = out.getvalue()
    assert status == 0
    assert "Adjusted to the table: Tripoli's gold from 0 to 3." in text
    assert "Table modes: you roll every die" in text
    assert "  !   " not in text  # each of the three taken
    assert "[4] " in text  # a new question after each: the position it asks about changed


def test_the_real_program_plays_in_a_pipe_and_saves_at_the_end_of_input(saves: Path) -> None:
    """`tripoli table --jsonl` without a terminal: answers from a pipe, a hostile byte refused,
    the end of input saving, status 0, nothing on stderr."""
    import subprocess
    import sys

    first = subprocess.run(
        [sys.executable, "-c", "from tripoli_tui.cli.main import main; raise SystemExit(main())",
         "table", "--jsonl", "--seed", "3", "--dice", "all", "--hand", "program"],
        input=b"\xff\x1b[2J\n" + json.dumps({"id": 1, "answer": "1"}).encode() + b"\n",
        capture_output=True, timeout=120, env={**__import__("os").environ, "TRIPOLI_SAVE_DIR": str(saves)})
    assert first.returncode == 0, first.stderr.decode(errors="replace")[-2000:]
    assert first.stderr == b""
    out = [json.loads(line) for line in first.stdout.decode().splitlines()]
    assert out[0]["type"] == "say" and out[-1]["type"] == "end" and "Saved" in out[-1]["text"]
    assert [o["type"] for o in out].count("refused") == 1
    assert list(saves.rglob("autosave-*.toml"))


def test_an_adjustment_is_said_but_not_given_as_a_move_for_the_board() -> None:
    out = io.StringIO()
    run(args(jsonl=False, hand="program"), io.BytesIO(b"adjust gold=2\n"), out)
    text = out.getvalue()
    assert "Adjusted to the table: Tripoli's gold from 0 to 2." in text
    assert "  DO  Tripoli gains" not in text  # the table shows it already: no second gold
