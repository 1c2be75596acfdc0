"""Which campaign a game or a save belongs to, and the name a player reads for it.

A campaign is known by its label (`Game.campaign`, kept in every save of it); a save written before
campaigns had labels belongs to the campaign `seed-SEED`. Its name is the one its saves hold, or one
made from its seed for a save that holds none (an older save)."""

from __future__ import annotations

import datetime as dt
import re

from ..engine.game import MAX_CAMPAIGN_NAME, CampaignFacts, Game
from ..save_error import SaveError
from .shown import STAND_INS, shown

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


def check_campaign_name(text: str) -> str:
    """The name a player gave a campaign, as it is kept: on one line, its runs of spaces made one.

    SaveError, saying what to change, for a name that is empty, holds a control or invisible
    character (a line break, a tab, an escape, a direction override...) or is longer than
    MAX_CAMPAIGN_NAME characters: a save holding it could not be read back."""
    hidden = sorted({ch for ch in str(text) if ch in STAND_INS or not (ch.isprintable() or ch == " ")})
    if hidden:
        listed = " ".join(shown(ch) if ch in STAND_INS else f"U+{ord(ch):04X}" for ch in hidden[:6])
        raise SaveError(f"a campaign's name cannot hold control or invisible characters ({listed}): "
                        "type it on one line, in letters, digits, spaces and punctuation")
    name = " ".join(str(text).split())
    if not name:
        raise SaveError("a campaign needs a name: type one")
    if len(name) > MAX_CAMPAIGN_NAME:
        raise SaveError(f"a campaign's name is at most {MAX_CAMPAIGN_NAME} characters; this one "
                        f"has {len(name)}")
    return name


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
