"""The three modes of a table campaign as a player chooses them: who rolls the dice, where the
T-bot's deck is, who draws the American cards. Read back as TableModes.text()."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import RadioButton, RadioSet

DICE_WORDS = (
    ("program", "The program rolls every die"),
    ("mine", "I roll the American dice, the program the T-bot's"),
    ("all", "I roll every die"),
)
DECK_WORDS = (
    ("program", "The program holds the T-bot's deck and says what it drew"),
    ("table", "The T-bot's deck is on my table: I say each card drawn"),
)
HAND_WORDS = (
    ("program", "The program deals my cards"),
    ("table", "I draw my cards on my table and say each one"),
)
MODES = (("dice", "The dice", DICE_WORDS), ("deck", "The T-bot's deck", DECK_WORDS),
         ("hand", "Your cards", HAND_WORDS))
"""Each mode: its key in TableModes.text(), its title, and its values in words."""


def modes_of(text: str) -> dict[str, str]:
    """{'dice': 'mine', ...} from TableModes.text() (a mode not given: its first value)."""
    given = dict(part.partition("=")[::2] for part in text.split(",") if "=" in part)
    return {key: given.get(key, words[0][0]) for key, _, words in MODES}


class TableModesForm(Vertical):
    """A RadioSet for each mode, set to `modes` (TableModes.text())."""

    def __init__(self, modes: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.initial = modes_of(modes)

    def compose(self) -> ComposeResult:
        for key, title, words in MODES:
            radios = RadioSet(*(RadioButton(label, value=value == self.initial[key],
                                            id=f"mode-{key}-{value}")
                                for value, label in words), id=f"mode-{key}",
                              classes="table-mode")
            radios.border_title = title
            yield radios

    def modes(self) -> str:
        """The modes chosen, as TableModes.text() writes them."""
        chosen: list[str] = []
        for key, _, words in MODES:
            pressed = self.query_one(f"#mode-{key}", RadioSet).pressed_index
            value = words[pressed][0] if 0 <= pressed < len(words) else self.initial[key]
            chosen.append(f"{key}={value}")
        return ",".join(chosen)
