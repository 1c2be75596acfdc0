"""The T-bot's printed priority lines as data: ordered steps a trace names and a UI can draw.

Each step carries its stable id, a title, the rulebook wording, the rule or ruling it comes from,
the decision kind it answers, where the flowchart goes when its test holds or fails, the words of
its arrows on the drawn chart, and the question the drill asks about it: every word of a step in
one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.cards.decks import TBOT_BATTLE_LINE_START, TBOT_CHOICES, TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import TbotStep, TripolitanCard


@dataclass(frozen=True, slots=True)
class Arrows:
    """The arrows out of one box as the chart draws them: to the right when its test holds,
    downwards when it fails."""

    yes: str
    down: str = ""
    """The label of the arrow down to the next box ('' for none)."""
    loop: str = ""
    """A loop arrow back up (the draw loop), '' for none."""
    yes_label: str = "yes"
    down_label: str = "no"
    right_held: bool = True
    """The right arrow is taken when the test holds (False: when it fails)."""
    down_held: bool | None = False
    """The down arrow is taken when the test fails (True: holds; None: whenever the box is left)."""
    down_to: frozenset[str] | None = None
    """The boxes the down arrow leads to, when the box has another arrow for the same result."""


@dataclass(frozen=True, slots=True)
class FlowStep:
    """One box of the T-bot's flowchart."""

    id: str
    title: str
    wording: str
    """The rulebook's wording (SOLITAIRE PLAY, T-BOT STRATEGY NOTES, card play requirements)."""
    rule: str
    """Where it comes from: the rulebook or card, and the rulings it applies (tripoli_tui/help/rulings.md)."""
    kind: str
    """The decision kind this step helps answer."""
    on_yes: str = ""
    """What the T-bot does, or the next step id, when the test holds."""
    on_no: str = ""
    """What the T-bot does, or the next step id, when it fails."""
    short: str = ""
    """A few words for the step where a turn is told in brief ('' for its title)."""
    question: str = ""
    """The drill's yes/no question on this test ({card}, {harbor} filled in), '' for the general
    one (`drill_question`)."""
    chart: Arrows | None = None
    """Its arrows on the chart when they are not the ones `arrows` derives from on_yes/on_no."""
    watch: str = ""
    """What the course's lesson on this box tells a learner to watch on the board before its first
    step: where to look, never what the box will answer."""


RAID_OR_BUILD = frozenset({"T5.1", "T5.2", "T5.3"})
"""The boxes of Raid or Build, where the drawn card's discard leads."""

T1 = FlowStep(
    "T1", "Event card line scan",
    "The T-bot checks each card sequentially in the event card line to see if the requirements "
    "for the card have been met. If the requirement has been met, the T-bot plays that card for "
    "its turn. If the requirement has not been met, the T-bot moves to the next card.",
    "Rulebook, Solitaire Play; card play requirements; rulings TB-2, TB-3, TB-4, TB-5, TB-6, "
    "G-5, G-6", k.TRIPOLITAN_TURN,
    on_yes="play that card from the event card line; end of turn",
    on_no="the next card; after the last, the Five Corsair Check", short="event card line",
    question="Event card line: is the requirement of {card} met?",
    chart=Arrows("play that card; end of turn", "next card; after the last card"),
    watch=("Read the line from its first card: which requirement is tested, and what on the "
           "board it counts."))
T2 = FlowStep(
    "T2", "Five Corsair Check",
    "If none of the event cards from the event card line can be played, the T-bot performs the "
    "Five Corsair Check—if there are at least five corsairs in the harbor of Tripoli, the T-bot "
    "pirate raids without discarding a card.",
    "Rulebook, Solitaire Play; Five Corsair Check card; ruling TB-7", k.TRIPOLITAN_TURN,
    on_yes="pirate raid from Tripoli, no card used; end of turn", on_no="draw a card",
    short="Five Corsair Check",
    question="Five Corsair Check: are there five or more corsairs in the harbor of Tripoli?",
    chart=Arrows("pirate raid from Tripoli, no card used; end of turn", "fewer than five"),
    watch="Count the corsairs in the harbor of Tripoli when no card of the line could be played.")
T3 = FlowStep(
    "T3", "Draw a card",
    "If the T-bot does not have five or more corsairs in the harbor of Tripoli, then the T-bot "
    "draws a card from the draw pile and consults the card requirements. If the T-bot draw pile "
    "is finished and the T-bot needs to draw a card, the T-bot will perform a Raid or Build "
    "action without discarding a card.",
    "Rulebook, Solitaire Play; rulings TB-8, TB-9", k.TRIPOLITAN_TURN,
    on_yes="draw the top card and consult it",
    on_no="the draw pile is empty: Raid or Build, no card discarded", short="draw",
    question="Draw a card: is there a card left in the T-bot's draw pile?",
    chart=Arrows("Raid or Build, no card discarded (below)", "a card drawn",
                 yes_label="pile empty", down_label="drawn", right_held=False, down_held=True),
    watch="Look at the T-bot's draw pile: is there a card left to draw?")
T4 = FlowStep(
    "T4", "Consult the drawn card",
    "Play immediately / otherwise add to the end of the event card line and draw another card / "
    "otherwise discard to perform a Raid or Build action (each card's printed instruction).",
    "Rulebook, Solitaire Card Play Requirements; rulings TB-2, TB-6, TB-9, TB-10, G-6, E-4",
    k.DRAWN_CARD,
    on_yes="play it as the T-bot's active event card; end of turn",
    on_no="add it to the end of the event card line and draw another card, or discard it to "
    "perform a Raid or Build action (as the card says)", short="drawn card",
    question="The T-bot drew {card}: is its requirement met, so that it is played at once?",
    chart=Arrows("play it as the T-bot's active event card; end of turn",
                 "discard it to perform a Raid or Build action", loop="back to the draw: add it "
                 "to the end of the event card line", yes_label="play", down_label="discard",
                 down_to=RAID_OR_BUILD),
    watch="Read the drawn card's own solitaire line: play at once, add to the line, or discard.")
T5_HARBOR = FlowStep(
    "T5.1", "Raid or Build: test a harbor",
    "Raid from a harbor (Algiers, Tangier, Tunis, Tripoli) with at least three corsairs and more "
    "corsairs than frigates in its patrol zone.",
    "Raid or Build card; Swedish frigates count (ruling G-4)", k.RAID_OR_BUILD,
    on_yes="the harbor qualifies", on_no="the harbor does not qualify", short="Raid or Build",
    question="Raid or Build: does {harbor} qualify to raid?",
    chart=Arrows("the harbor qualifies (each harbor: Tripoli, Tangier, Algiers, Tunis)",
                 "after the four harbors", down_label="then", down_held=None),
    watch="For each harbor in turn, count its corsairs and the frigates in its patrol zone.")
T5_RAID = FlowStep(
    "T5.2", "Raid or Build: raid",
    "If any harbor qualifies, pirate raid from the one with the most corsairs over frigates.",
    "Raid or Build card; ruling TB-11 (ties: Tripoli, Tangier, Algiers, Tunis)",
    k.RAID_OR_BUILD, on_yes="pirate raid from that harbor; end of turn",
    on_no="build a corsair in Tripoli", short="raid",
    chart=Arrows("pirate raid from the best harbor; end of turn", "no harbor qualifies",
                 yes_label="some"),
    watch=("Among the harbors that qualify, compare corsairs over frigates; the tie order is "
           "Tripoli, Tangier, Algiers, Tunis."))
T5_BUILD = FlowStep(
    "T5.3", "Raid or Build: build",
    "Otherwise build a corsair in the harbor of Tripoli.",
    "Raid or Build card; rulings TB-12 (nothing if the supply is empty), G-1",
    k.RAID_OR_BUILD, on_yes="one corsair from the supply to the harbor of Tripoli; end of turn",
    short="build",
    chart=Arrows("one corsair from the supply to the harbor of Tripoli; end of turn",
                 yes_label="build"),
    watch="When no harbor qualifies, look at the supply of corsairs.")


def _battle_card_step(number: int, card: TripolitanCard) -> FlowStep:
    """A battle card line step: the card's printed condition, rulings and effect, from its
    definition."""
    return FlowStep(f"B{number}", card.name, card.tbot, card.rulings, k.BATTLE_CARD,
                    on_yes=card.when_played, on_no="keep it in the battle card line",
                    question="Battle card line: does the T-bot play {card} now?",
                    watch=f"At the moment {card.name} names, read its condition against the "
                    "board.")


_CHOICE_WATCH = {
    k.CHOOSE_LOCATION: "Count the American frigates in each patrol zone.",
    k.YUSUF_RAID_ORDER: "Count the corsairs in each harbor and the frigates in its patrol zone.",
    k.KEEP_DIE: "Compare the dice rolled: which one serves the T-bot best?",
}
"""What to watch before a choice a card makes, by the kind of choice."""


def _card_step(step: TbotStep) -> FlowStep:
    """The box of a choice a card makes, from the card's definition."""
    return FlowStep(step.id, step.title, step.wording, step.rule, step.kind, on_yes=step.on_yes,
                    short=step.short, watch=_CHOICE_WATCH.get(step.kind, ""))


H_MODE = FlowStep(
    "H-MODE", "Hit allocation: frigates first?",
    "In naval combat in 1801-1804 and in the Winter of 1805 or if the American active event card "
    "is Assault on Tripoli, the T-bot will allocate the first hit suffered to its frigate ... In "
    "1805 or 1806 (except the Winter of 1805), the T-bot will allocate hits to its corsairs first.",
    "T-Bot Strategy Notes; ruling TB-15", k.ALLOCATE_HITS,
    on_yes="frigates first", on_no="corsairs first", short="hits: which first",
    question="Hit allocation: does the T-bot put its hits on its frigates first?",
    chart=Arrows("frigates first: the box below", "corsairs first: the second box below"),
    watch="Note the year and the season, and the American active event card.")
H_F = FlowStep(
    "H-F", "Hit allocation: frigates first",
    "The T-bot will allocate the first hit suffered to its frigate (and the second hit on a "
    "second frigate, if available). Then the T-bot will allocate hits to its corsairs and only "
    "sink a frigate when there is no other option available.",
    "T-Bot Strategy Notes; ruling TB-15", k.ALLOCATE_HITS,
    on_yes="damage an undamaged frigate, else sink a corsair, else sink a damaged frigate",
    short="hit: frigates first",
    watch="Which of its frigates is undamaged, and which corsairs stand with it?")
H_C = FlowStep(
    "H-C", "Hit allocation: corsairs first",
    "The T-bot will allocate hits to its corsairs first and only take hits and then sink a "
    "frigate when there is no other option available.",
    "T-Bot Strategy Notes; ruling TB-15", k.ALLOCATE_HITS,
    on_yes="sink a corsair, else damage an undamaged frigate, else sink a damaged frigate",
    short="hit: corsairs first",
    watch="Which corsairs stand in the battle, and which frigates?")

TURN: tuple[FlowStep, ...] = (T1, T2, T3, T4, T5_HARBOR, T5_RAID, T5_BUILD)
"""The T-bot's turn, in the printed order."""
BATTLE_CARD_STEP: dict[str, FlowStep] = {
    card: _battle_card_step(n, TRIPOLITAN[card]) for n, card in enumerate(TBOT_BATTLE_LINE_START, 1)}
"""Each battle card's step, by card id (B1, B2, ... in the order of the battle card line)."""
BATTLE_CARDS: tuple[FlowStep, ...] = tuple(BATTLE_CARD_STEP.values())
"""The battle card line triggers, in the recommended line order."""
CARD_CHOICE_STEP: dict[str, FlowStep] = {
    card: _card_step(choice.step) for card, choice in TBOT_CHOICES.items()}
"""The box of each choice a card makes as it resolves, by card id (cards may share one)."""
_KIND_ORDER = (k.CHOOSE_LOCATION, k.YUSUF_RAID_ORDER, k.KEEP_DIE)
HITS: tuple[FlowStep, ...] = (H_MODE, H_F, H_C)
OTHER_CHOICES: tuple[FlowStep, ...] = tuple(sorted(
    {s.id: s for s in CARD_CHOICE_STEP.values()}.values(),
    key=lambda s: (_KIND_ORDER.index(s.kind), s.id)))
"""The choices inside the cards: patrol zones, then harbors, then dice (by id within a kind)."""

FLOWCHART: tuple[FlowStep, ...] = TURN + BATTLE_CARDS + HITS + OTHER_CHOICES
"""Every step of the T-bot, in the order a UI draws them."""
STEPS: dict[str, FlowStep] = {s.id: s for s in FLOWCHART}
"""Every step by its id."""

def short_name(step_id: str) -> str:
    """A step in a few words (its title when it has no short name; the id only for a step this
    flowchart does not have)."""
    step = STEPS.get(step_id)
    return (step.short or step.title) if step is not None else step_id


def card_rule(card: str) -> str:
    """A card's printed solitaire line with its rulings (from its definition), for a trace step."""
    c = TRIPOLITAN.get(card)
    if c is None or not c.tbot:
        return "(no solitaire line)"
    return f"{c.tbot} [rulings {c.rulings}]" if c.rulings else c.tbot


def step_rule(step: FlowStep) -> str:
    """A step's rulebook wording with its source, for a trace step."""
    return f"{step.wording} [{step.rule}]"


def is_test(step_id: str) -> bool:
    """Whether a step is a yes/no test (its box has a way on when it fails), not a choice among
    several (a zone, a harbor, a die, a hit's target) whose answer is its outcome."""
    flow = STEPS.get(step_id)
    return flow is None or bool(flow.on_no)


def arrows(step: FlowStep) -> Arrows:
    """The arrows of a box on the chart: its own when it words them, else from where it goes."""
    if step.chart is not None:
        return step.chart
    if step.kind == HITS[0].kind:
        return Arrows(step.on_yes, yes_label="each hit")
    if not step.on_no:  # a choice among several, not a yes/no test
        return Arrows(step.on_yes, yes_label="chooses")
    return Arrows(step.on_yes, step.on_no, down_label="no")


def drill_question(step: FlowStep | None, step_title: str, card: str) -> str:
    """The drill's yes/no question on a test: the step's own, or one made from its title."""
    if step is not None and step.question:
        return step.question.format(card=card or "the card",
                                    harbor=step_title.rpartition(": ")[2] or "the harbor")
    about = f" — {card}" if card and card != step_title else ""
    return f"{step_title}{about}: does it hold?"
