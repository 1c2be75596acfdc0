"""Issue 33, point 6: the host refuses to start as root unless --allow-root, naming it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tripoli_tui.serve import command


def _args(tmp_path: Path, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.add_parser(parser.add_subparsers())
    return parser.parse_args(["serve", "--data", str(tmp_path), "--port", "70000", *extra])


def test_root_is_refused_naming_allow_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    assert command.run(_args(tmp_path, "--open")) == 2
    err = capsys.readouterr().err
    assert "refusing to host as root" in err and "--allow-root" in err


def test_allow_root_lifts_the_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    assert command.run(_args(tmp_path, "--open", "--allow-root")) == 2  # the bad port still stops it
    err = capsys.readouterr().err
    assert "as root" not in err and "--port" in err


def test_game_user_is_the_way_to_start_as_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    assert command.run(_args(tmp_path, "--open", "--game-user", "nobody")) == 2  # the bad port
    err = capsys.readouterr().err
    assert "as root" not in err and "--port" in err
    assert command.run(_args(tmp_path, "--open", "--game-user", "no-such-account-here")) == 2
    assert "--game-user: no account named 'no-such-account-here'" in capsys.readouterr().err
    assert command.run(_args(tmp_path, "--open", "--game-user", "root")) == 2
    assert "--game-user must not be root" in capsys.readouterr().err
    monkeypatch.setattr(command.os, "geteuid", lambda: 1000)
    assert command.run(_args(tmp_path, "--open", "--game-user", "nobody")) == 2
    assert "--game-user needs the host started as root" in capsys.readouterr().err
