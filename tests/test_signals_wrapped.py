"""A stopping signal that arrives while a module defines its classes comes back wrapped (Python
3.11 wraps what a descriptor's `__set_name__` raises in a RuntimeError): it still ends the game in
its one line, never a traceback."""

from __future__ import annotations

import signal
import sys
import types

import pytest

from tripoli_tui.cli import main as command
from tripoli_tui.cli.signals import Stopped, stopped_within


class ArrivesMidImport(types.ModuleType):
    """The app's module, as seen by `main` when SIGHUP arrives while Textual defines a class."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError("Error calling __set_name__ on 'cached_property' instance") \
            from Stopped(signal.SIGHUP)


def test_a_signal_wrapped_by_an_import_ends_the_game_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(command, "has_a_terminal", lambda: True)
    monkeypatch.setitem(sys.modules, "tripoli_tui.tui.app", ArrivesMidImport("tripoli_tui.tui.app"))
    assert command.main(["new", "--seed", "3"]) == 128 + signal.SIGHUP
    err = capsys.readouterr().err
    assert err == "tripoli: the terminal was closed (SIGHUP); nothing was changed.\n"


def test_another_error_in_the_import_is_not_taken_for_a_signal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise RuntimeError("a real fault")

    monkeypatch.setattr(command, "has_a_terminal", lambda: True)
    monkeypatch.setitem(sys.modules, "tripoli_tui.tui.app", Broken("tripoli_tui.tui.app"))
    with pytest.raises(RuntimeError, match="a real fault"):
        command.main(["new"])


def test_the_signal_is_found_through_causes_and_contexts() -> None:
    stop = Stopped(signal.SIGTERM)
    try:
        try:
            raise stop
        except Stopped:
            raise ValueError("raised while handling it") from None
    except ValueError as error:
        handled = error
    assert handled.__cause__ is None and handled.__context__ is stop
    assert stopped_within(handled) is stop
    assert stopped_within(RuntimeError("wrapped").with_traceback(None)) is None
    wrapped = RuntimeError("outer")
    wrapped.__cause__ = KeyError("middle")
    wrapped.__cause__.__context__ = stop
    assert stopped_within(wrapped) is stop


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 no longer wraps __set_name__")
def test_python_wraps_a_signal_raised_in_set_name() -> None:
    """Why the wrapping is looked for: the real interpreter's behaviour, as the game starts."""

    class Descriptor:
        def __set_name__(self, owner: type, name: str) -> None:
            raise Stopped(signal.SIGHUP)

    with pytest.raises(RuntimeError) as caught:
        type("Animator", (), {"_complete_event": Descriptor()})
    assert isinstance(stopped_within(caught.value), Stopped)
