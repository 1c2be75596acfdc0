"""The game screen's keys: each binding with its tooltip, and when each works (shown in the footer)
or is hidden (False), read from the game and the screen's panels. A key the footer shows works:
none is shown dimmed for the player to press in vain (the hand's e, m and b, shown under the
hand, are dimmed there for a card that cannot be played so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from tripoli_tui.engine import decisions as k
from tripoli_tui.tui.widgets.hand import HandPanel
from tripoli_tui.tui.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from .game_drill import DrillRoute
    from .game_host import GameHost

CARD_PLAYS = {"e": k.PlayEvent, "m": k.DiscardToMove, "b": k.DiscardToBuild}
"""The keys that play the highlighted card, and how each plays it."""

GAME_BINDINGS: list[BindingType] = [
    Binding("c", "choose", "Choices", id="game.choose", tooltip="List every legal option"),
    # e, m and b are shown under the hand, beside the cards they play: the footer's room at
    # 80 columns goes to the keys shown nowhere else
    Binding("e", "card_play('e')", "Event", id="game.event", show=False,
            tooltip="Play the highlighted card as an event"),
    Binding("m", "card_play('m')", "Move", id="game.move", show=False,
            tooltip="Discard the highlighted card to move up to two frigates"),
    Binding("b", "card_play('b')", "Build", id="game.build", show=False,
            tooltip="Discard the highlighted card to build a gunboat in Malta"),
    Binding("space", "next_step", "Next step", id="game.next",
            tooltip="Show the T-bot's next step and carry it out"),
    Binding("f", "finish_turn", "Finish turn", id="game.finish",
            tooltip="Play the rest of the T-bot's turn at once"),
    Binding("u", "undo", "Undo", id="game.undo",
            tooltip="Take back your last choice (the T-bot's turn is never undone)"),
    Binding("U", "undo_all", "Undo all", show=False, id="game.undo_all",
            tooltip="Back to the start of this choice sequence"),
    Binding("s", "save", "Save", id="game.save", tooltip="Save the game under a name"),
    Binding("M", "table_modes", "Table modes", id="game.table_modes",
            tooltip="Who rolls the dice and draws the cards: the program, or you at your table"),
    Binding("A", "table_adjust", "Adjust", id="game.table_adjust",
            tooltip="Bring the program's position in line with the board on your table"),
    Binding("A", "table_adjust_waits", "Adjust", show=False, id="game.table_adjust_waits",
            tooltip="At the start of your turn: bring the program's position in line with your "
                    "table's (pressed now, it says so)"),
    Binding("B", "table_board", "Board", id="game.table_board",
            tooltip="The moves to make on your table, one at a time, with the T-bot's reasons"),
    Binding("i", "timeline", "Timeline", id="game.timeline",
            tooltip="Every turn of the campaign; go back to the start of one"),
    Binding("i", "timeline_unshown", "Timeline", show=False, id="game.timeline_unshown"),
    Binding("w", "toggle_walkthrough", "Walkthrough", show=False, id="game.walkthrough",
            tooltip="Show the T-bot's turn step by step, or play it at once"),
    Binding("k", "toggle_card_marks", "Card marks", show=False, id="game.card_marks",
            tooltip="Mark the T-bot's cards with whether each would be played now, or not"),
    Binding("K", "focus_cards", "T-bot's cards", show=False, id="game.cards",
            tooltip="Select the T-bot's cards one by one: why each would be played now, or not"),
    Binding("t", "flowchart", "Flowchart", id="game.flowchart",
            tooltip="The T-bot's flowchart with the path it just took"),
    Binding("y", "drill_answer('yes')", "Yes", id="game.drill_yes",
            tooltip="Answer yes: you predict the T-bot's test holds"),
    Binding("n", "drill_answer('no')", "No", id="game.drill_no",
            tooltip="Answer no: you predict the T-bot's test fails"),
    *(Binding(str(n), f"drill_pick({n})", show=False) for n in range(1, 10)),
    # the drill's last answer read: ⏎, esc and q go on (q does not quit then), from any panel
    Binding("enter,escape,q", "drill_go_on", "Go on", id="game.drill_go_on", key_display="⏎ esc q",
            tooltip="The drill's last answer read: on to your turn"),
    Binding("q", "lesson_to_title", "Leave", id="game.lesson_title",
            tooltip="Leave the lesson: back to the course, or the title screen"),
    Binding("d", "stop_drill", "Stop drill", id="game.drill_stop",
            tooltip="Stop predicting: the walkthrough goes on from the step reached"),
    Binding("d", "toggle_drill", "Drill", show=False, id="game.drill",
            tooltip="Predict the T-bot: answer each of its tests before it shows its own"),
    Binding("O", "tbot_odds", "T-bot odds", show=False, id="game.odds",
            tooltip="What might the T-bot draw next: each card's chance, from what you can see"),
    Binding("v", "last_tbot_turn", "T-bot turn", id="game.last_tbot_turn",
            tooltip="Read the T-bot's last turn again, step by step (t: on the flowchart)"),
    Binding("v", "last_tbot_turn_waits", show=False, id="game.last_tbot_turn_waits",
            tooltip="While the T-bot's turn is on show: why v waits for its end"),
    Binding("o", "toggle_rule", "Rule", id="game.rule",
            tooltip="Unfold (or fold) the rule text under the T-bot's step on show"),
    Binding("r", "rulings", "Rulings", show=False, id="game.rulings",
            tooltip="The rulings the T-bot's step on show names (all rulings otherwise)"),
    Binding("l", "focus_log", "Log", show=False, id="game.log",
            tooltip="Read the log; [ and ] jump from T-bot turn to T-bot turn, ⏎ opens one"),
    Binding("H", "focus_hand", "Hand", show=False, id="game.hand",
            tooltip="Back to your hand of cards"),
    Binding("question_mark,f1", "help", "Help", id="game.help",
            tooltip="These keys, the rules, every card and the rulings"),
    Binding("h", "advice", "Advice", id="game.advice",
            tooltip="Each option's chance of winning against the T-bot"),
    Binding("f2", "tutorial_note", "Tutorial", id="game.tutorial", show=False,
            tooltip="The tutorial's text: whole, or folded to its first lines"),
]

FOOTER_SPARE = ("game.table_modes", "game.timeline", "game.last_tbot_turn")
"""The game screen's keys its footer leaves out, first to last, when it cannot hold them all (a
table campaign at 80 columns has three keys more, and Quit went past the edge): the table's modes
(chosen as the campaign begins), the timeline, the T-bot's last turn. They still work, and the
help's keys list them."""


def key_state(screen: GameHost, drills: DrillRoute, action: str,
              parameters: tuple[object, ...]) -> bool | None:
    """Whether the game screen's `action` works now (True), is shown dimmed (None) or hidden
    (False), `drills` its drill: Textual's check_action."""
    session, game = screen.session, screen.game
    if action in ("choose", "card_play", "advice") and drills.on_show:
        return False  # the drill's last answer is on show: ⏎ goes on to the American turn
    if action == "choose":  # hidden while the choices are shown: the footer needs the room
        return session.player_to_move() and screen.offer is None \
            and not session.table_to_move(k.TABLE_DICE)
    if action == "card_play":
        pending = game.pending
        if pending is None or not session.us_to_move(k.AMERICAN_PLAY):
            return False
        # a card highlighted: the key plays it so, or says why it cannot be (Textual runs no
        # action whose check says None: the key did nothing, without a word)
        return bool(screen.query_one(HandPanel).focused_card)
    if action == "advice":
        return session.us_to_move()
    if action == "tbot_odds":  # what each card would do drawn now: a drill's T4 answer
        return not drills.on_show
    if action in ("drill_answer", "drill_pick", "stop_drill"):
        return drills.answers(action)
    if action == "drill_go_on":  # hidden, not dimmed, otherwise: q quits and esc does its own
        return drills.on_show and drills.panel.question is None
    if action in ("next_step", "finish_turn"):
        return session.tbot_to_move() and not drills.on_show
    if action == "toggle_walkthrough":
        return not drills.on_show
    if action == "last_tbot_turn":  # while the T-bot is to move, the walkthrough shows it;
        # in the log, its own keys go from T-bot turn to T-bot turn
        return not session.tbot_to_move() and not isinstance(screen.focused, LogPanel) \
            and session.has_turn_trace()
    if action == "last_tbot_turn_waits":  # v pressed then says why it waits, unshown
        return session.tbot_to_move() and not isinstance(screen.focused, LogPanel)
    if action == "lesson_to_title":  # a lesson is left for the title, not the program
        return bool(getattr(screen.app, "tutorial", False))
    if action == "toggle_rule":  # shown only while a step of the T-bot is on show
        walk = session.walk
        return session.tbot_to_move() and not drills.on_show and walk.trace is not None \
            and walk.shown <= len(walk.trace.steps)
    if action in ("undo", "undo_all"):  # shown only when it can take a choice back
        return not drills.on_show and game.can_undo
    if action in ("table_modes", "table_board"):  # a table campaign's only
        return game.state.table is not None and not drills.on_show
    if action in ("table_adjust", "table_adjust_waits"):  # at the start of the player's turn;
        # A pressed at another moment says when, unshown
        at_start = session.us_to_move(k.AMERICAN_PLAY) or session.us_to_move(k.HAND_LIMIT)
        return (game.state.table is not None and not drills.on_show
                and at_start == (action == "table_adjust"))
    if action == "tutorial_note":
        return screen.tutorial is not None
    if action == "timeline":  # the T-bot's steps and the log's keys need the footer's room:
        focused = screen.focused
        reading = focused is not None and any(  # i works then, unshown
            isinstance(node, LogPanel) for node in focused.ancestors_with_self)
        return not session.tbot_to_move() and not reading
    return True


def keys_signature(screen: GameHost, drills: DrillRoute) -> tuple[object, ...]:
    """The state of every key of the game screen, and the offer the side panel asks (its options'
    keys go before the screen's: t to Tripoli, not the flowchart): it changes when the footer
    must."""
    return (*(key_state(screen, drills, b.action.partition("(")[0], _parameters(b.action))
              for b in GAME_BINDINGS if isinstance(b, Binding)), screen.offer)


def _parameters(action: str) -> tuple[object, ...]:
    inside = action.partition("(")[2].rstrip(")").strip("'\"")
    return (inside,) if inside else ()
