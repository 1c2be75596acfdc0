"""Early Deployment, the American deck's common card 10: its texts, requirement as an event, effect
and the heuristic player's worth."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import Proc, ask, log, move
from ...decisions import CHOOSE_LOCATION, ChooseLocation
from ...queries import Check
from ...state import GameState
from ..late_war import spent_in_1806
from ..registry import COMMON, US, Worth
from . import define


def _early_deployment_requirement(s: GameState) -> Check:
    n = 0 if s.year >= 1806 else s.pieces[d.track_space(s.year + 1)][d.US_FRIGATE]  # no 1807 space
    return _early_deployment_check(s.year, n)


@cache
def _early_deployment_check(year: int, n: int) -> Check:
    """(`n`: American frigates on next year's track space.)"""
    if year >= 1806:
        return q.OneFact(False, "year", year, "1805 or earlier (there is no next year)")
    return q.OneFact(n >= 1, f"American frigates on the {year + 1} track space", n, "at least 1")


def _early_deployment(state: GameState) -> Proc[None]:
    choice = yield from ask(US, CHOOSE_LOCATION, "Early Deployment: into which patrol zone?",
                            [ChooseLocation(z) for z in d.PATROL_ZONES], card="early_deployment")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, d.track_space(state.year + 1), choice.location)
    log(state, US, f"A frigate from the {state.year + 1} track deploys early to the "
        f"{d.place_name(choice.location)}.")


CARD = define("early_deployment", "Early Deployment", COMMON,
              "Take one American frigate from next year's space of the Year Turn Track and place it "
              "in any naval patrol zone.",
              "An American frigate waiting on next year's space of the Year Turn Track.",
              requires=(_early_deployment_requirement,), effect=_early_deployment,
              worth=Worth(160, spent_in_1806, lambda s, j: 600), number=10)
