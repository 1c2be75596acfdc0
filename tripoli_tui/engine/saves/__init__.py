"""Saves as TOML: a hand-editable position plus the history of choices that leads to it.

Pure: text in, text out (no files, no clock). The format is documented field by field in
docs/save-format.md; `tripoli_tui.storage` does the file side. `position` turns a GameState into
the position table and back; `document` is the whole file: header, history, traces and replay.
"""

from .document import (
    FORMAT,
    HEADER,
    first_difference,
    game_to_toml,
    is_printed_setup,
    load_game_and_document,
    load_game_text,
    parse_document,
    position_to_toml,
    read_campaign,
    read_history,
    trace_text,
)
from .pieces_cards import CARD_REFERENCES, PILES
from .position import HANDLED_FIELDS, position_table, read_position
from .problems import SaveError

__all__ = [
    "CARD_REFERENCES", "FORMAT", "HANDLED_FIELDS", "HEADER", "PILES", "SaveError",
    "first_difference", "game_to_toml", "is_printed_setup", "load_game_and_document",
    "load_game_text", "parse_document",
    "position_table", "position_to_toml", "read_campaign", "read_history", "read_position",
    "trace_text",
]
