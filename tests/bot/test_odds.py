"""The T-bot's public odds (bot/odds.py, issue 34, point 6): the cards its draw pile can still
hold, worked out from what the player can see, and the chance of each as its next draw, with what
the T-bot would do with it."""

from __future__ import annotations

import random
from collections import Counter

from bot import TBot
from bot.odds import OUTCOMES, PLAYED, QUEUED, RAID_OR_BUILD, draw_odds, public_unseen
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import DRAWN_CARD, PlayDrawn, QueueDrawn
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.state import GameState


def positions(seeds: range):
    """Every position of seeded games (a random American against the T-bot) where a side is to
    decide, as the game stood."""
    for seed in seeds:
        game = Game.new(seed)
        states: list[GameState] = []

        def keep(g: Game, states: list[GameState] = states) -> None:
            if g.pending is not None:
                states.append(g.state.clone())

        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()}, after=keep)
        yield from states


def test_what_the_player_can_see_tells_exactly_what_the_draw_pile_holds() -> None:
    """Whatever the position, the T-bot's cards out of sight are its draw pile's: no card is
    counted that sits on a line, in a pile or in play, and none is missed."""
    checked = 0
    for state in positions(range(30)):
        assert public_unseen(state) == Counter(state.tbot_draw), (state.when, state.phase)
        checked += 1
    assert checked > 600


def test_the_chances_add_up_and_follow_the_copies() -> None:
    for state in positions(range(3)):
        odds = draw_odds(state)
        assert odds.pile == odds.unseen == len(state.tbot_draw)
        if odds.pile:
            assert abs(sum(c.chance for c in odds.cards) - 1) < 1e-9
            assert abs(sum(odds.chance_of(o) for o in OUTCOMES) - 1) < 1e-9
            for c in odds.cards:
                assert abs(c.chance - c.copies / odds.pile) < 1e-9
        else:
            assert all(c.chance == 0 for c in odds.cards)
        assert [c.chance for c in odds.cards] == sorted((c.chance for c in odds.cards), reverse=True)


def test_the_order_of_the_draw_pile_is_never_read() -> None:
    for n, state in enumerate(positions(range(2))):
        before = draw_odds(state)
        random.Random(n).shuffle(state.tbot_draw)
        assert draw_odds(state) == before


def test_a_hidden_discard_pile_widens_what_the_next_card_may_be() -> None:
    """(The optional hidden discard pile: the player sees none of it.)"""
    state = next(s for s in positions(range(40)) if len(s.tbot_discard) >= 2 and s.tbot_draw)
    hidden = draw_odds(state, seen_discard=[])
    assert hidden.unseen == len(state.tbot_draw) + len(state.tbot_discard)
    assert hidden.pile == len(state.tbot_draw)
    for c in hidden.cards:
        assert abs(c.chance - c.copies / hidden.unseen) < 1e-9
    assert {c.card for c in hidden.cards} == set(state.tbot_draw) | set(state.tbot_discard)


def test_what_the_t_bot_would_do_with_a_card_is_what_it_does_when_it_draws_it() -> None:
    seen = Counter()
    for seed in range(15):
        game = Game.new(seed)
        bot = TBot()

        def check(g: Game, bot: TBot = bot) -> None:
            if g.pending is None or g.pending.kind != DRAWN_CARD:
                return
            card = g.state.tbot_drawn
            choice = bot.answer(g).choice
            expected = (PLAYED if isinstance(choice, PlayDrawn) else
                        QUEUED if isinstance(choice, QueueDrawn) else RAID_OR_BUILD)
            g.state.tbot_draw.insert(0, card)  # as if still in the pile, on top
            g.state.tbot_drawn = ""
            odds = {c.card: c.outcome for c in draw_odds(g.state).cards}
            g.state.tbot_drawn = g.state.tbot_draw.pop(0)
            assert odds[card] == expected, (card, odds[card], expected)
            seen[expected] += 1

        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: bot}, after=check)
    assert len(seen) == 3, seen
