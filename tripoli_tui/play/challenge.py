"""Challenge codes (issue 36, point 3): a short code for a deal, the seed of a new campaign and its
options, that players pass to each other to play the same game and compare (`tripoli new
--challenge CODE`; the game-over screen and the record show a campaign's own).

The code is Crockford's base 32 (digits and letters but I, L, O and U; read without regard to case,
with O as 0 and I or L as 1, hyphens and spaces ignored): the options' bits and the seed, then two
check characters, a weighted sum of the others modulo the prime 1021: any one mistyped character
and any two swapped neighbours are refused, never read as another deal. Grouped by four for
reading aloud: 'C-5G41-1V2K'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..engine.game import Game

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32."""
READ_AS = {"O": "0", "I": "1", "L": "1"}
VERSION = 1
"""The code's layout: the options' bits, then the seed (a later layout adds bits, never moves)."""
SEED_LIMIT = 2 ** 62
"""Seeds from 0 to 2**62 - 1 (what a save and `tripoli new --seed` take)."""


class Deal(NamedTuple):
    """What a challenge deals: the seed and the options of a new campaign."""

    seed: int
    hidden_discard: bool = False


def challenge_code(deal: Deal) -> str:
    """The code of a deal: 'C-' then groups of four (the last shorter), check character last."""
    if not 0 <= deal.seed < SEED_LIMIT:
        raise ValueError(f"seed {deal.seed} has no challenge code (0 to {SEED_LIMIT - 1})")
    value = (deal.seed << 3) | (int(deal.hidden_discard) << 2) | VERSION
    digits = []
    while True:
        value, digit = divmod(value, 32)
        digits.append(ALPHABET[digit])
        if not value:
            break
    body = "".join(reversed(digits))
    body += _check_characters(body)
    return "C-" + "-".join(body[i:i + 4] for i in range(0, len(body), 4))


def read_challenge(code: str) -> Deal:
    """The deal of a code ('C-' before it or not); ValueError saying what is wrong with it, in
    words for the player."""
    text = code.strip().upper().replace("-", "").replace(" ", "")
    text = "".join(READ_AS.get(ch, ch) for ch in text)
    problem = ""
    for body in ([text[1:], text] if text.startswith("C") else [text]):
        try:
            return _deal_of(body)
        except ValueError as why:
            problem = problem or str(why)
    raise ValueError(f"{code!r} is not a challenge code: {problem}")


def _deal_of(text: str) -> Deal:
    wrong = sorted({ch for ch in text if ch not in ALPHABET})
    if wrong:
        raise ValueError(f"{', '.join(map(repr, wrong))} is no character of one")
    if len(text) < 3:
        raise ValueError("it is too short")
    body, check = text[:-2], text[-2:]
    if _check_characters(body) != check:
        raise ValueError("its last two characters do not match the others (a character "
                         "mistyped, or two swapped?)")
    value = 0
    for ch in body:
        value = value * 32 + ALPHABET.index(ch)
    if value & 3 != VERSION:
        raise ValueError("it is a code of another version of the game")
    if value >> 3 >= SEED_LIMIT:
        raise ValueError("its seed is out of range")
    return Deal(value >> 3, bool(value & 4))


def _check_characters(body: str) -> str:
    """The two check characters: each digit weighted by its place (1, 2, 3, ...), summed modulo
    1021 (a prime above every weight and digit: one wrong digit or two swapped neighbours always
    change the sum), written in two base-32 digits."""
    total = sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(body)) % 1021
    return ALPHABET[total // 32] + ALPHABET[total % 32]


def campaign_challenge(game: Game) -> str:
    """The code that deals `game` again ('' for a game no code deals: begun from a position of its
    own, or a table campaign, whose dice and draws were the player's)."""
    from ..engine.saves import is_printed_setup

    origin = game.origin
    if origin.table is not None or not is_printed_setup(origin) or not 0 <= origin.seed < SEED_LIMIT:
        return ""
    return challenge_code(Deal(origin.seed, origin.hidden_discard))
