"""The game session without Textual: a whole turn walked through or played at once, undo, the
autosave points, the end of the game, and a T-bot that cannot answer."""

from __future__ import annotations

from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import DiscardToBuild, DiscardToMove
from tripoli_tui.engine.players import Move, RandomPlayer
from tripoli_tui.play.session import NOTHING_TO_UNDO, Session


def build_gunboat(session: Session) -> bool:
    """The player discards the first card that builds a gunboat: the T-bot's turn follows."""
    pending = session.game.pending
    assert pending is not None
    return session.submit(next(o for o in pending.options if isinstance(o, DiscardToBuild)))


def test_a_whole_turn_walked_through_step_by_step() -> None:
    session = Session(Game.new(3))
    assert session.autosave_due()
    assert build_gunboat(session)
    assert session.tbot_to_move()
    decisions = 0
    while session.tbot_to_move():
        session.prepare()
        trace = session.walk.trace
        assert trace is not None and session.walk.shown == 1
        assert session.flowchart_path() == trace.steps[:1]  # nothing ahead of the walkthrough
        for n in range(2, len(trace.steps) + 2):
            assert session.next_step() == "shown"
            assert session.walk.shown == n
            assert session.flowchart_path() == trace.steps[:n]
        log_before = len(session.game.state.log)
        assert session.next_step() == "played"
        decisions += 1
        assert len(session.game.state.log) > log_before
        assert session.last_trace == trace
    assert session.game.state.when == "Summer 1801"
    traces = [e for e in session.game.state.log if e.kind == "tbot_trace"]
    assert len(traces) == decisions
    assert traces[-1].data is session.last_trace  # the log keeps the T-bot's trace itself
    assert session.changed  # the places the T-bot's turn changed are highlighted
    assert session.notices == []


def test_the_turn_played_at_once_ends_the_same_way() -> None:
    walked = Session(Game.new(3))
    build_gunboat(walked)
    while walked.tbot_to_move():
        walked.next_step()
    fast = Session(Game.new(3), walkthrough=False)
    assert build_gunboat(fast)
    assert fast.us_to_move() and fast.game.state.when == "Summer 1801"
    assert fast.game.state == walked.game.state
    assert fast.changed == walked.changed and fast.fresh_from == walked.fresh_from
    assert fast.last_trace == walked.last_trace


def test_finish_turn_and_toggling_the_walkthrough() -> None:
    session = Session(Game.new(3))
    assert not session.finish_turn()  # the player's turn: nothing to finish
    build_gunboat(session)
    session.prepare()
    session.next_step()
    assert session.finish_turn()
    assert session.us_to_move() and session.game.state.when == "Summer 1801"
    assert "off" in session.toggle_walkthrough().message and not session.walkthrough
    assert "on" in session.toggle_walkthrough().message and session.walkthrough


def test_undo_and_undo_all() -> None:
    session = Session(Game.new(3))
    before = session.game.state.clone()
    assert not session.undo()
    assert session.notices[-1].message == NOTHING_TO_UNDO
    pending = session.game.pending
    assert pending is not None
    assert session.submit(next(o for o in pending.options if isinstance(o, DiscardToMove)))
    assert session.us_to_move("move_frigate")
    assert session.undo()
    assert session.notices[-1].message == "Undone."
    assert session.game.state == before
    assert session.submit(next(o for o in session.game.pending.options  # type: ignore[union-attr]
                               if isinstance(o, DiscardToMove)))
    source = session.game.pending.options[0]  # type: ignore[union-attr]
    session.submit(source)
    assert session.undo_all()
    assert session.game.state == before and not session.game.can_undo
    assert session.changed == frozenset()


def test_autosave_once_a_season_at_the_players_turn() -> None:
    session = Session(Game.new(3), walkthrough=False)
    assert session.autosave_due()
    assert not session.autosave_due()
    build_gunboat(session)
    assert session.game.state.when == "Summer 1801"
    assert session.autosave_due()
    assert not session.autosave_due()


def test_game_over_is_reported_once() -> None:
    session = Session(Game.new(5), walkthrough=False)
    american = RandomPlayer(5)
    while session.us_to_move():
        assert not session.game_over_due()
        assert session.submit(american.answer(session.game).choice)
    assert session.game.is_over
    assert session.game_over_due()
    assert not session.game_over_due()
    assert not session.autosave_due()


class BrokenTBot:
    def answer(self, game: Game) -> Move:
        raise RuntimeError("flowchart step missing")


def test_a_failing_tbot_plays_nothing_and_says_so() -> None:
    session = Session(Game.new(3), walkthrough=False, tbot=BrokenTBot())
    assert build_gunboat(session)
    assert session.game.pending is not None and session.game.pending.side == d.TRIPOLITANIA
    before = session.game.state.clone()
    assert session.next_step() == ""
    assert session.finish_turn()
    assert session.game.state == before
    assert "flowchart step missing" in session.walk.error
    errors = [n for n in session.notices if n.severity == "error"]
    assert len(errors) == 1 and errors[0].title == "T-bot error"


def test_the_walkthrough_shows_the_whole_turn_so_far() -> None:
    session = Session(Game.new(3))
    build_gunboat(session)
    while session.tbot_to_move():  # Spring 1801: one decision
        session.next_step()
    build_gunboat(session)  # Summer 1801: the Five Corsair Check, then its battle cards
    earlier: list[str] = []
    while session.tbot_to_move():
        session.prepare()
        so_far = session.turn_so_far()
        assert so_far is not None and so_far.title == "The T-bot's turn, Summer 1801"
        assert [t.decision.choice for t in so_far.traces] == earlier
        current = session.walk.trace
        assert current is not None
        assert session.flowchart_path() == so_far.steps + current.steps[:1]
        while session.next_step() == "shown":
            pass
        assert session.flowchart_path() == so_far.steps + current.steps
        earlier.append(current.decision.choice)
    assert len(earlier) > 1
    turn = session.turn_trace()  # after the turn: the whole of it, read back from the log
    assert turn is not None and [dec.choice for dec in turn.decisions] == earlier
    assert session.flowchart_path() == turn.steps


def test_a_choice_refused_is_said_in_the_players_words() -> None:
    """A choice that is not among the pending decision's options changes nothing, and the notice
    names it as the game shows it, never as a save writes it or by the decision's inner kind."""
    session = Session(Game.new(3))
    stale = next(o for o in session.game.pending.options if isinstance(o, DiscardToBuild))
    assert session.submit(stale)
    before = session.game.state.clone()
    assert session.tbot_to_move()
    assert not session.submit(stale)  # an answer to the American's last decision, not this one
    assert session.game.state == before
    said = session.notices[-1]
    assert said.title == "Not a legal choice"
    assert said.message.startswith(f"{stale.describe()}: not one of the choices now.")
    assert stale.text() not in said.message and "tripolitan_turn" not in said.message
