"""Every card choice shows the card: whenever the options are cards (the hand limit, the
American play's discards to move or build, a battle card offered), the highlighted option's card
shows its conditions and text under the options, and follows the highlight."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position, press
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel


def card_shown(app) -> str:
    panel = app.screen.query_one(ChoicePanel)
    box = panel.query_one("#choice-card-box")
    return str(panel.query_one("#choice-card", Static).render()) if box.display else ""


async def follows_the_highlight(app, pilot) -> None:
    """The card of each highlighted option in turn, its name and text whole in the box."""
    panel = app.screen.query_one(ChoicePanel)
    options = panel.query_one("#choice-list", OptionList)
    for index in range(min(3, options.option_count)):
        options.highlighted = index
        await pilot.pause()
        option = panel.offer.options[index]
        card = getattr(option, "card", "")
        if card:
            shown = " ".join(card_shown(app).split())
            assert d.card_name(card) in shown, (index, shown)
            assert " ".join(d.CARDS[card].text.split()) in shown, (index, shown)
        else:
            assert card_shown(app) == ""
    options.highlighted = 0
    await pilot.pause()


async def test_the_hand_limit_shows_the_highlighted_card():
    cards = ("naval_movement",) * 4 + ("tribute_paid", "early_deployment", "launch_the_intrepid",
                                        "a_show_of_force", "burn_the_philadelphia")
    app = make_app(game_of(position(*cards)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game.pending.kind == "hand_limit"
        await follows_the_highlight(app, pilot)
        await press(pilot, "down")
        assert "Tribute Paid" in card_shown(app)


async def test_the_discards_to_move_or_build_show_the_card():
    app = make_app(game_of(position("naval_movement", "tribute_paid")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "c")  # every option of the American play, discards among them
        assert app.screen.query_one(ChoicePanel).offer is not None
        await follows_the_highlight(app, pilot)


async def test_a_battle_card_offered_shows_its_text():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m", "g", "t", "0")  # a frigate into Tripoli: Preble's Boys offered
        assert app.game.pending.kind == "battle_card"
        await follows_the_highlight(app, pilot)
        assert "Preble's Boys Take Aim" in card_shown(app)


async def test_a_choice_of_places_shows_no_card():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m")
        assert app.game.pending.kind == "move_frigate"
        assert card_shown(app) == ""
