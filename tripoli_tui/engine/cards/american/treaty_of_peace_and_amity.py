"""Treaty of Peace and Amity, the American deck's victory card 4: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import end_game, no_decision
from ...queries import Check
from ...state import GameState
from ..late_war import NO_USE
from ..registry import US, VICTORY, Worth
from . import define, fall_1805, no_active_ally, victory_kept


def _no_frigate_in_tripoli(s: GameState) -> Check:
    return _no_frigate_in_tripoli_check(s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])


@cache
def _no_frigate_in_tripoli_check(n: int) -> Check:
    return q.OneFact(n == 0, "Tripolitan frigates in the harbor of Tripoli", n, "0")


def _treaty(state: GameState) -> None:
    end_game(state, US, "treaty",
             "Yusuf Qaramanli signs the Treaty of Peace and Amity: the United States wins.")


def _treaty_kept(state: GameState) -> int | None:
    """(Heuristic player) The Treaty needs Derne, and Derne is left alone: taking it brings
    Constantinople's aid (a frigate, two corsairs and two infantry in Tripoli), which raises
    Tripoli's raids and stiffens the Assault; in 10,000 games the player who raised Hamet's Army
    and took Derne won 33.9%, the one who left the army unraised and took Tripoli by the
    Assault with Send in the Marines 66.2% (docs/heuristic-player.md). Without Derne the Treaty
    is a card to spend."""
    return victory_kept(state) if state.derne_captured else NO_USE


CARD = define("treaty_of_peace_and_amity", "Treaty of Peace and Amity", VICTORY,
              "The United States wins the game at once.",
              "Fall 1805 or later; Algiers, Tangier and Tunis all at peace; Derne captured by "
              "Hamet's Army; no Tripolitan frigate in the harbor of Tripoli.",
              requires=(fall_1805, no_active_ally, q.derne_captured, _no_frigate_in_tripoli),
              effect=no_decision(_treaty),
              worth=Worth(1000, _treaty_kept, lambda s, j: 10_000), number=4)
