"""The heuristic American player: legal choices only, invariants kept, and it plays to win."""

from __future__ import annotations

import pytest

from bot import TBot
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import Decision, MoveTo, PlayEvent
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Move
from tripoli_tui.engine.state import GameState
from tripoli_tui.play.heuristic import HeuristicPlayer
from tripoli_tui.play.heuristic_battle import ground_win_chance
from tripoli_tui.play.simulate import simulate

SOAK_GAMES = 400
"""Games in the default run; benchmarks/heuristic_soak.py plays the full 2,000."""


@pytest.mark.slow
def test_the_heuristic_player_submits_only_legal_choices_and_keeps_the_invariants() -> None:
    summary = simulate(SOAK_GAMES, 1, american="heuristic", check=True)
    assert summary["errors"] == 0, summary["first_error"]
    assert summary["invariant_violations"] == 0, summary["first_violation"]
    # far above the random American's 0 in 1,000: it plays toward a victory
    assert summary["american_wins"] >= SOAK_GAMES // 8


class CheckedPlayer:
    """The heuristic player, each answer checked against the pending options."""

    def __init__(self) -> None:
        self.player = HeuristicPlayer(5)

    def answer(self, game: Game) -> Move:
        move = self.player.answer(game)
        assert game.pending is not None and move.choice in game.pending.options
        return move


def test_every_answer_is_one_of_the_pending_options() -> None:
    def after(g: Game) -> None:
        assert check_invariants(g.state, hand_limit_pending=g.hand_limit_pending) == []

    for seed in range(5, 25):
        game = Game.new(seed)
        play(game, {d.US: CheckedPlayer(), d.TRIPOLITANIA: TBot()}, after=after)
        assert game.state.result is not None


def test_the_same_position_gets_the_same_answer() -> None:
    game = Game.new(3)
    first = HeuristicPlayer(1).answer(game).choice
    assert HeuristicPlayer(99).answer(game).choice == first
    assert game.pending is not None and first in game.pending.options


def test_the_treaty_is_played_the_moment_it_can_be() -> None:
    game = Game.new(8)
    s = game.state
    s.year, s.season = 1805, 2
    s.derne_captured = True
    for h in d.ALLY_HARBORS:
        s.pieces[d.TRIPOLITAN_SUPPLY][d.ALLIED_CORSAIR] += s.pieces[h][d.ALLIED_CORSAIR]
        s.pieces[h][d.ALLIED_CORSAIR] = 0
    s.us_hand[:1] = ["treaty_of_peace_and_amity"]
    from tripoli_tui.engine.turn.american import american_options
    from tripoli_tui.play.heuristic import choose_play
    options = tuple(american_options(s))
    assert choose_play(s, options) == PlayEvent("treaty_of_peace_and_amity")


def test_a_moved_frigate_goes_to_the_blockade_of_tripoli() -> None:
    game = Game.new(2)
    s = game.state
    from tripoli_tui.engine.decisions import MOVE_DESTINATION, Decision
    from tripoli_tui.play.heuristic_board import choose_destination
    pending = Decision(d.US, MOVE_DESTINATION, "to where?",
                       tuple(MoveTo(loc) for loc in d.MAP_LOCATIONS if loc != "gibraltar"),
                       {"source": "gibraltar"})
    assert choose_destination(s, pending) == MoveTo("tripoli_patrol_zone")


def test_ground_combat_chances() -> None:
    assert ground_win_chance(3, 0) == 1.0 and ground_win_chance(0, 3) == 0.0
    assert abs(ground_win_chance(1, 1) - 5 / 11) < 1e-9  # both gone at once is a loss
    assert ground_win_chance(8, 4) > ground_win_chance(6, 4) > ground_win_chance(4, 4)


def test_victory_and_battle_cards_are_not_discarded_to_move_or_build() -> None:
    """Spring 1804, the fleet all in the wrong place (moving two frigates is worth a lot), the
    hand two victory cards, two battle cards and two common cards, Derne taken (the Treaty can be
    played): a common card pays for the move (the advice once said to discard Assault on Tripoli
    to move two frigates)."""
    from tripoli_tui.engine.decisions import DiscardToBuild, DiscardToMove
    from tripoli_tui.engine.turn.american import american_options
    from tripoli_tui.play.heuristic import choose_discard, choose_play
    from tripoli_tui.play.heuristic_board import misplaced

    s = Game.new(12).state
    s.year, s.season = 1804, 0
    s.derne_captured = True
    for loc in d.MAP_LOCATIONS:
        if loc != "gibraltar":
            s.pieces["gibraltar"][d.US_FRIGATE] += s.pieces[loc][d.US_FRIGATE]
            s.pieces[loc][d.US_FRIGATE] = 0
    assert misplaced(s) >= 2
    kept = ("assault_on_tripoli", "treaty_of_peace_and_amity", "send_in_the_marines",
            "marine_sharpshooters")
    s.us_hand[:] = [*kept, "naval_movement", "the_daring_stephen_decatur"]
    choice = choose_play(s, tuple(american_options(s)))
    assert isinstance(choice, DiscardToMove | DiscardToBuild | PlayEvent), choice
    assert getattr(choice, "card", "") not in kept, choice
    from tripoli_tui.engine.decisions import DiscardCard
    discard = choose_discard(s, tuple(DiscardCard(c) for c in s.us_hand))
    assert discard.card not in kept  # type: ignore[attr-defined]


def test_the_assault_waits_for_a_landing_that_takes_tripoli() -> None:
    """Fall 1805, the fleet strong enough: the Assault goes in when the landing takes Tripoli
    nine times in ten, not when the army merely outnumbers the defenders by a fifth."""
    from tripoli_tui.play.heuristic_battle import ASSAULT_RISK, assault_ground_chance, assault_ready

    s = Game.new(5).state
    s.year, s.season = 1805, 2
    for loc in d.MAP_LOCATIONS:
        for piece in (d.MARINE, d.ARAB_INFANTRY):
            s.pieces[loc][piece] = 0
    s.pieces["tripoli"][d.CORSAIR] = s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] = 0
    s.pieces["tripoli"][d.TRIPOLITAN_INFANTRY] = 5
    s.us_hand[:] = ["assault_on_tripoli"]
    s.pieces["benghazi"][d.MARINE], s.pieces["benghazi"][d.ARAB_INFANTRY] = 1, 5  # 7 against 5
    assert s.hamet_army_location() == "benghazi"
    assert assault_ground_chance(s) < ASSAULT_RISK and not assault_ready(s)
    s.pieces["benghazi"][d.ARAB_INFANTRY] = 12
    assert assault_ground_chance(s) >= ASSAULT_RISK and assault_ready(s)


def _battle_card_decision(card: str) -> Decision:
    from tripoli_tui.engine.decisions import BATTLE_CARD, Decline, PlayBattleCard

    return Decision(d.US, BATTLE_CARD, "play it?", (PlayBattleCard(card), Decline()), {"card": card})


def test_lieutenant_sterett_is_played_at_the_first_interception() -> None:
    """Summer 1801, Tripoli without gold: Sterett's third die goes in at once (most of Tripoli's
    gold is taken by the raids of 1801; the rule that waited for six gold or 1804 won less)."""
    from tripoli_tui.engine.decisions import PlayBattleCard
    from tripoli_tui.play.heuristic_battle import choose_battle_card

    s = Game.new(4).state
    s.year, s.season, s.gold = 1801, 1, 0
    s.us_hand[:1] = ["lieutenant_sterett_in_pursuit"]
    choice = choose_battle_card(s, _battle_card_decision("lieutenant_sterett_in_pursuit"))
    assert choice == PlayBattleCard("lieutenant_sterett_in_pursuit")


def _treaty_blocked_by_a_frigate(year: int, season: int) -> GameState:
    """Derne captured, the allies at peace, the Treaty in hand with Burn the Philadelphia, and a
    Tripolitan frigate in Tripoli's harbor (Constantinople's aid): only the frigate stops it."""
    s = Game.new(8).state
    s.year, s.season = year, season
    s.derne_captured = True
    for h in d.ALLY_HARBORS:
        s.pieces[d.TRIPOLITAN_SUPPLY][d.ALLIED_CORSAIR] += s.pieces[h][d.ALLIED_CORSAIR]
        s.pieces[h][d.ALLIED_CORSAIR] = 0
    s.pieces[d.TRIPOLITAN_SUPPLY][d.TRIPOLITAN_FRIGATE] -= 1
    s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] += 1
    s.us_hand[:] = ["treaty_of_peace_and_amity", "burn_the_philadelphia", "naval_movement",
                    "the_daring_stephen_decatur"]
    return s


def test_burn_the_philadelphia_clears_the_treatys_way_when_the_frigate_stays_away() -> None:
    """In 1806 a damaged Tripolitan frigate leaves the game: Burn the Philadelphia goes in
    before anything else the hand offers. In Summer 1805 it would be back before the Treaty
    may be played, so the card is kept (not played, not spent on a move)."""
    from tripoli_tui.engine.turn.american import american_options
    from tripoli_tui.play.heuristic import choose_play
    from tripoli_tui.play.heuristic_cards import event_value

    s = _treaty_blocked_by_a_frigate(1806, 0)
    assert choose_play(s, tuple(american_options(s))) == PlayEvent("burn_the_philadelphia")
    s = _treaty_blocked_by_a_frigate(1805, 1)
    choice = choose_play(s, tuple(american_options(s)))
    assert getattr(choice, "card", "") != "burn_the_philadelphia", choice
    assert event_value(s, "burn_the_philadelphia") is None  # not worth playing now at any price


def test_the_cards_that_clear_the_treatys_way_are_kept_at_the_hand_limit() -> None:
    """1805, the Treaty in reach: Burn the Philadelphia and Stephen Decatur (its second die) are
    worth more than a Naval Movement (once Decatur, worth least of all, went first)."""
    from tripoli_tui.engine.decisions import DiscardCard
    from tripoli_tui.play.heuristic import choose_discard

    s = _treaty_blocked_by_a_frigate(1805, 0)
    discard = choose_discard(s, tuple(DiscardCard(c) for c in s.us_hand))
    assert discard == DiscardCard("naval_movement")


def test_the_assaults_battle_cards_are_kept_in_1805() -> None:
    """1805, the Assault in hand: a card discarded now is not seen again, so Send in the Marines
    (the Assault's landing) outlasts the Marine cards at the hand limit, and they a Naval
    Movement."""
    from tripoli_tui.engine.decisions import DiscardCard
    from tripoli_tui.play.heuristic import choose_discard
    from tripoli_tui.play.heuristic_cards import keep_value

    s = Game.new(9).state
    s.year, s.season = 1805, 0
    s.us_hand[:] = ["assault_on_tripoli", "send_in_the_marines", "marine_sharpshooters",
                    "naval_movement"]
    assert keep_value(s, "send_in_the_marines") > keep_value(s, "marine_sharpshooters")
    discard = choose_discard(s, tuple(DiscardCard(c) for c in s.us_hand))
    assert discard == DiscardCard("naval_movement")
    s.year = 1806
    assert keep_value(s, "early_deployment") == 0  # no following year to deploy from


def test_hamets_army_is_not_raised_and_no_frigate_waits_in_alexandria() -> None:
    """Spring 1804, a frigate in Alexandria: Hamet's Army Created is not played (taking Derne
    brings Constantinople's aid; the player who raised the army won 33.9% of 10,000 games, the
    one who takes Tripoli by the Assault with Send in the Marines 66.2%), and from Fall 1803 no
    frigate is kept in Alexandria for it: every frigate is wanted at sea."""
    from tripoli_tui.engine.turn.american import american_options
    from tripoli_tui.play.heuristic import choose_play
    from tripoli_tui.play.heuristic_board import deployment

    s = Game.new(3).state
    s.year, s.season = 1804, 0
    s.pieces["gibraltar"][d.US_FRIGATE] -= 1
    s.pieces["alexandria"][d.US_FRIGATE] += 1
    assert "hamets_army_created" in s.us_core
    options = tuple(american_options(s))
    assert PlayEvent("hamets_army_created") in options
    assert choose_play(s, options) != PlayEvent("hamets_army_created")
    s.year, s.season = 1803, 2
    assert "alexandria" not in deployment(s)


def test_the_cards_of_an_army_never_raised_are_spent_first() -> None:
    """1803, no army and Derne not taken: General Eaton's cards, Hamet Recruits Bedouins and
    the Treaty (it needs Derne) cannot be played, so they pay for a move before the Assault's
    cards do, and go before a Naval Movement at the hand limit. Once Derne is taken the Treaty
    is kept again."""
    from tripoli_tui.engine.decisions import DiscardCard, DiscardToMove
    from tripoli_tui.engine.turn.american import american_options
    from tripoli_tui.play.heuristic import choose_discard, choose_play
    from tripoli_tui.play.heuristic_cards import keep_value

    s = Game.new(6).state
    s.year, s.season = 1803, 0
    for loc in d.MAP_LOCATIONS:
        if loc != "gibraltar":
            s.pieces["gibraltar"][d.US_FRIGATE] += s.pieces[loc][d.US_FRIGATE]
            s.pieces[loc][d.US_FRIGATE] = 0
    dead = ("general_eaton_attacks_derne", "general_eaton_attacks_benghazi",
            "hamet_recruits_bedouins", "treaty_of_peace_and_amity")
    for card in dead:
        s.us_hand[:] = ["assault_on_tripoli", "send_in_the_marines", "marine_sharpshooters", card]
        choice = choose_play(s, tuple(american_options(s)))
        assert choice == DiscardToMove(card), (card, choice)
        s.us_hand.append("naval_movement")
        discard = choose_discard(s, tuple(DiscardCard(c) for c in s.us_hand))
        assert discard == DiscardCard(card), (card, discard)
    s.derne_captured = True
    assert keep_value(s, "treaty_of_peace_and_amity") > keep_value(s, "naval_movement")
