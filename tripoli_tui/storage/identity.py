"""Which campaign a game or a save belongs to, and the name a player reads for it.

A campaign is known by its label (`Game.campaign`, kept in every save of it); a save written before
campaigns had labels belongs to the campaign `seed-SEED`. Its name is the one its saves hold, or one
made from its seed for a save that holds none (an older save)."""

from __future__ import annotations

import datetime as dt
import re

from ..engine.game import CampaignFacts, Game

STAMP = "%Y-%m-%d %H:%M"
"""How a campaign's start is written in its saves (UTC)."""
_SEED_IN_LABEL = re.compile(r"(?:seed-)?(\d+)(?:-[A-Za-z0-9_]+)?")


def label_of(campaign: str, seed: int) -> str:
    """A campaign's label: the one a save holds, or one made from the game's seed (older saves)."""
    return campaign or f"seed-{seed}"


def game_label(game: Game) -> str:
    return label_of(game.campaign, game.origin.seed)


def derived_name(label: str, seed: int) -> str:
    """The name of a campaign whose saves hold none: 'Seed 530160'."""
    found = _SEED_IN_LABEL.fullmatch(label)
    return f"Seed {found.group(1) if found else seed}"


def name_of(label: str, facts: CampaignFacts, seed: int) -> str:
    return facts.name or derived_name(label, seed)


def game_name(game: Game) -> str:
    """The campaign's name as a player reads it."""
    return name_of(game_label(game), game.campaign_facts, game.origin.seed)


def now_utc() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(second=0, microsecond=0)


def stamp(when: dt.datetime) -> str:
    return when.astimezone(dt.UTC).strftime(STAMP)


def offered_name(seed: int, when: dt.datetime) -> str:
    """The name offered for a new campaign: its seed and the day it began ('Seed 7, 26 Nov 2026')."""
    return f"Seed {seed}, {when.day} {when:%b %Y}"


def started_text(started: str) -> str:
    """A campaign's start as a player reads it ('26 Nov 2026'), '' when unknown."""
    try:
        when = dt.datetime.strptime(started, STAMP)
    except ValueError:
        return ""
    return f"{when.day} {when:%b %Y}"
