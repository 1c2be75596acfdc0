"""The game screen: the board, the T-bot's cards, the hand and the log of a session, driven by keys.

It renders the session and routes what the player does: choices to the session, the drill to
DrillRoute (game_drill.py), the T-bot's turns read again to ReadingRoute (game_reading.py), the
advice to AdviceRoute (game_advice.py); its keys are in game_keys.py. It asks the app, by typed
messages (messages.py), to autosave, save, show help or the record, and end the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import Choice, Decision
from tripoli_tui.engine.game import Game
from tripoli_tui.play.session import Session
from tripoli_tui.tui.messages import (
    GameEnded,
    HelpAsked,
    RecordAsked,
    SaveAsked,
    TurnReached,
)
from tripoli_tui.tui.widgets.board import MapPanel
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel, Offer
from tripoli_tui.tui.widgets.hand import HandPanel
from tripoli_tui.tui.widgets.key_footer import KeyFooter
from tripoli_tui.tui.widgets.log_panel import LogPanel
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel
from tripoli_tui.tui.widgets.status import DiceStrip, StatusBar
from tripoli_tui.tui.widgets.track import TrackStrip

from .choice_palette import ChoicePalette
from .drill import DrillPanel
from .game_advice import AdviceRoute
from .game_choices import ChoiceRoute
from .game_drill import DrillRoute
from .game_host import GameHost
from .game_keys import FOOTER_SPARE, GAME_BINDINGS, key_state, keys_signature
from .game_reading import ReadingActions, ReadingRoute
from .game_table import TableActions, TableRoute, reasoning_level
from .game_tutorial import TutorialRoute
from .game_walk import WalkRoute
from .themed import FollowsTheme

if TYPE_CHECKING:
    from tripoli_tui.tui.widgets.tutorial_note import Tutorial


def playable(pending: Decision | None) -> frozenset[str]:
    """The cards of the hand that can be played as events now."""
    if pending is None or pending.kind != k.AMERICAN_PLAY:
        return frozenset()
    return frozenset(o.card for o in pending.options if isinstance(o, k.PlayEvent))


def hand_hint(pending: Decision | None) -> str:
    """What the hand's border says the keys do now."""
    if pending is None:
        return "the game is over"
    if pending.kind == k.AMERICAN_PLAY:
        return "⏎ card · e event · m move · b gunboat"
    if pending.side == k.TABLE:
        return "" if pending.kind == k.TABLE_DICE else "c: say what was drawn"
    return "c: answer the decision · h: advice" if pending.side == d.US else ""


def asked_places(pending: Decision | None) -> frozenset[str]:
    """The places on the map a decision is about: its facts' and, for six or fewer, its options'."""
    if pending is None:
        return frozenset()
    places = set(pending.info.places())
    located = [o for o in pending.options if isinstance(o, k.PlaceChoice)]
    if len(located) <= 6:
        places.update(str(o.location) for o in located)
    return frozenset(p for p in places if p in d.ALL_LOCATIONS)


class GameScreen(FollowsTheme, GameHost, TableActions, ReadingActions):
    """Plays one game: renders it, asks the player, and walks through the T-bot's reasoning."""

    COMMANDS = {ChoicePalette}
    CSS_PATH = ["drill.tcss", "table.tcss"]
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Moving the focus repaints only the widgets it leaves and enters, not the whole screen
    (over SSH a full repaint per choice costs ~20 KB)."""
    BINDINGS = GAME_BINDINGS

    def __init__(self, game: Game, walkthrough: bool = True, tutorial: Tutorial | None = None,
                 drill: str = "") -> None:
        """`drill`: what a drill is played on ('game', 'tutorial', 'random position'); '' for none."""
        super().__init__()
        self.drills = DrillRoute(self, drill)
        """The drill: while on, each T-bot turn is predicted before it is shown."""
        self.reading = ReadingRoute(self)
        """The T-bot's turns read again: their traces, the flowchart, the rulings they name."""
        self.advice = AdviceRoute(self)
        """The advice on the American decisions."""
        self.choices = ChoiceRoute(self)
        """The player's decisions asked, and the answers (cards, keys, clicks) routed."""
        self.walk = WalkRoute(self)
        self.table = TableRoute(self)
        """The T-bot's turn, step by step or at once, and how it is shown."""
        self.session = Session(game, walkthrough=walkthrough, notify=self.notice)
        self.tutorial = tutorial
        self.tutorials = TutorialRoute(self)
        self.offer: Offer | None = None
        self.keys_signature: tuple[object, ...] = ()

    @property
    def drilling(self) -> bool:
        return self.drills.on_show

    @property
    def drill_source(self) -> str:
        return self.drills.source

    def compose(self) -> ComposeResult:
        # set before the widgets are styled: set after, each class restyles the whole screen
        self._size_classes(self.app.size.width, self.app.size.height)
        yield StatusBar(id="status")
        yield from self.tutorials.note()
        with Container(id="main"):
            yield MapPanel(id="map")
            yield TrackStrip(id="track")
            yield CardLines(id="cardlines")
            yield DiceStrip(id="dice")
            with Horizontal(id="lower"):
                with ContentSwitcher(id="side", initial="hand"):
                    yield HandPanel(id="hand")
                    yield ReasoningPanel(id="reasoning")
                    yield DrillPanel(id="drill")
                    yield ChoicePanel(self.submit, id="choices")
                    yield from self.table.dice_pad()
                yield LogPanel(id="log")
        yield Static(id="too-small")
        yield KeyFooter(spare=FOOTER_SPARE)

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Log"
        self.query_one("#reasoning").border_title = "The T-bot thinks"
        self._check_size(self.app.size.width, self.app.size.height)
        self.session.reasoning = reasoning_level(self.app)
        self.carry_on()  # the first frame already shows the game: one paint, not three

    def repaint(self) -> None:
        """Text drawn in the old theme's colours is drawn again in the new one's."""
        self.redraw()
        self.query_one(LogPanel).repaint()
        self.query_one(DrillPanel).repaint()

    # --- rendering -------------------------------------------------------------------

    def redraw(self) -> None:
        session, state = self.session, self.game.state
        pending, walk = self.game.pending, session.walk
        self.query_one(StatusBar).show(state, pending, session.walkthrough)
        board = self.query_one(MapPanel)
        board.show(state, session.changed, asked_places(self.game.pending))
        self.query_one(TrackStrip).show(state, board)
        question = self.query_one(DrillPanel).question
        self.query_one(CardLines).show(state, walk.examined_card() if question is None
                                       else question.card_id,
                                       self.walk.card_marks and not self.drill_source
                                       and not (pending is not None and pending.side == d.TRIPOLITANIA))
        self.query_one(DiceStrip).show(state.log, session.fresh_from)
        self.query_one(LogPanel).show(state.log, session.fresh_from)
        hand = self.query_one(HandPanel)
        hand.show(state, playable(pending))
        switcher = self.query_one("#side", ContentSwitcher)
        self.set_class(self.drilling, "-drilling")
        if self.drilling:
            switcher.current = "drill"
        elif pending is not None and pending.side == d.TRIPOLITANIA:
            self.query_one(ReasoningPanel).show(walk.trace, walk.shown, pending.prompt, walk.error,
                                                session.turn_so_far(), session.reasoning)
            switcher.current = "reasoning"
        elif self.table.show_pad(pending):
            switcher.current = "dice-pad"
        elif self.offer is not None:
            self.query_one(ChoicePanel).show(self.offer, state)
            switcher.current = "choices"
        else:
            switcher.current = "hand"
        hand.border_subtitle = hand_hint(pending)
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Redraw the footer only when a key's state changed (the footer is costly to rebuild)."""
        signature = keys_signature(self, self.drills)
        if signature != self.keys_signature:
            self.keys_signature = signature
            self.refresh_bindings()

    # --- driving the session ----------------------------------------------------------

    async def submit(self, choice: Choice) -> None:
        """Submit a player's choice (it must be among game.pending.options), then carry on."""
        if self.session.submit(choice):
            self.carry_on()

    def carry_on(self) -> None:
        """Render, then do what the pending decision needs: ask, autosave, or end the game."""
        session = self.session
        drilling = self.drills.due()
        if drilling:
            self.drills.start()
        else:
            session.prepare()
        pending = self.game.pending
        self.offer = self.choices.offer() if pending is not None \
            and pending.side in (d.US, k.TABLE) \
            and pending.kind not in (k.AMERICAN_PLAY, k.TABLE_DICE) else None
        self.redraw()
        if drilling:
            return
        self.tutorials.check_off()
        if pending is None:
            if session.game_over_due():
                self.post_message(GameEnded())
        elif pending.side == d.US:
            if pending.kind in (k.AMERICAN_PLAY, k.HAND_LIMIT) and session.autosave_due():
                # once the turn is on screen: the first screen does not wait for the save
                self.call_after_refresh(self.post_message, TurnReached())
            self.choices.focus_answer(pending.kind)
        elif pending.side == k.TABLE:
            self.table.focus_answer()
        else:
            self.walk.take_keys()

    # --- the player's decisions ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return key_state(self, self.drills, action, parameters)

    def action_choose(self) -> None:
        """Ask every legal option in the side panel."""
        self.choices.choose()

    @on(ChoicePanel.Closed)
    def _choices_closed(self) -> None:
        self.choices.closed()

    @on(HandPanel.CardChosen)
    def _card_chosen(self, event: HandPanel.CardChosen) -> None:
        self.choices.card_chosen(event.card)

    async def action_card_play(self, key: str) -> None:
        await self.choices.card_play(key)

    @on(MapPanel.PlaceClicked)
    async def _place_clicked(self, event: MapPanel.PlaceClicked) -> None:
        await self.choices.place_clicked(event.location)

    def action_advice(self) -> None:
        """Open the advice on the pending American decision (it never changes the game)."""
        self.advice.open()

    def action_undo(self) -> None:
        if self.session.undo():
            self.carry_on()

    def action_undo_all(self) -> None:
        """Take back every choice since the last die roll, card draw or T-bot move."""
        if self.session.undo_all():
            self.carry_on()

    def action_save(self) -> None:
        self.post_message(SaveAsked())

    def action_tutorial_note(self) -> None:
        self.tutorials.toggle_note()

    def action_help(self) -> None:
        self.post_message(HelpAsked(tbot_now=not self.drill_source))

    def action_record(self) -> None:
        self.post_message(RecordAsked())

    def action_focus_log(self) -> None:
        self.query_one(LogPanel).focus()

    def action_focus_hand(self) -> None:
        """Back to the hand, or to the drill's answers while a drill is on show (the hand is hidden
        then: focused, no key would answer)."""
        self.query_one("#drill-options" if self.drilling else "#hand-list").focus()

    def action_focus_cards(self) -> None:
        """Select the T-bot's card tiles, from the card under question or examined, if any."""
        tiles = self.query_one(CardLines)
        cards = tiles.cards()
        tiles.select_tiles(cards.index(tiles.examined) if tiles.examined in cards else None)

    # --- the T-bot's turn ----------------------------------------------------------------

    def action_next_step(self) -> None:
        self.walk.next_step()

    def action_finish_turn(self) -> None:
        self.walk.finish_turn()

    def action_toggle_card_marks(self) -> None:
        self.walk.toggle_card_marks()

    def action_toggle_walkthrough(self) -> None:
        self.walk.toggle_walkthrough()

    def action_toggle_rule(self) -> None:
        self.walk.toggle_rule()

    def action_rulings(self) -> None:
        self.reading.rulings()

    # --- the drill: predict the T-bot (game_drill.py) ------------------------------------

    def action_toggle_drill(self) -> None:
        self.drills.toggle()

    def action_stop_drill(self) -> None:
        self.drills.stop()

    def action_drill_answer(self, given: str) -> None:
        self.drills.answer(given)

    def action_drill_pick(self, number: int) -> None:
        self.drills.pick(number)

    def action_drill_go_on(self) -> None:
        self.query_one(DrillPanel).finish()

    @on(DrillPanel.Answered)
    def _drill_answered(self) -> None:
        self.redraw()

    @on(DrillPanel.Finished)
    def _drill_finished(self, event: DrillPanel.Finished) -> None:
        self.drills.finished(event.right, event.asked)

    def action_timeline_unshown(self) -> None:
        self.action_timeline()

    def action_timeline(self) -> None:
        from .timeline import show_timeline

        show_timeline(self.app, self.game, can_roll_back=not getattr(self.app, "tutorial", False)
                      and not self.drilling)

    # --- reading the T-bot's turns again (game_reading.py) ---------------------------------

    def action_flowchart(self) -> None:
        self.reading.flowchart()

    def action_last_tbot_turn(self) -> None:
        self.reading.last_turn()

    def action_last_tbot_turn_waits(self) -> None:
        self.reading.why_last_turn_waits()

    def action_lesson_to_title(self) -> None:
        self.tutorials.leave()

    @on(LogPanel.TraceRequested)
    def _trace_requested(self, event: LogPanel.TraceRequested) -> None:
        self.reading.turn(event.trace, event.title)

    @on(HandPanel.CardHighlighted)
    def _card_highlighted(self) -> None:
        self._refresh_keys()

    # --- size ---------------------------------------------------------------------------

    def _refocus(self) -> None:
        """Give the keys back to the choices (or the hand) when hiding the board took them."""
        if self.focused is None and not self.has_class("-too-small"):
            if not self.table.focus_answer():
                self.query_one("#hand-list").focus()
