"""The decks' order before the shuffle, pinned: a seed deals the same game only if the piles it
shuffles start in the same order (the golden games replay on it). The cards are found file by
file (engine/cards/american/, engine/cards/tripolitan/), so nothing but the cards' explicit places
(their printed number, their place in the T-bot's event or battle card line) may decide it."""

from __future__ import annotations

from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.cards.decks import AMERICAN
from tripoli_tui.engine.cards.registry import BATTLE, TRIPOLITANIA, US

US_CORE = ("thomas_jefferson", "swedish_frigates_arrive", "hamets_army_created")
US_VICTORY = ("treaty_of_peace_and_amity", "assault_on_tripoli")
US_COMMON = ("naval_movement", "early_deployment", "a_show_of_force", "tribute_paid",
             "constantinople_demands_tribute", "hamet_recruits_bedouins",
             "bainbridge_supplies_intel")
US_UNIQUE = ("congress_authorizes_action", "corsairs_confiscated", "burn_the_philadelphia",
             "launch_the_intrepid", "general_eaton_attacks_derne", "general_eaton_attacks_benghazi")
US_BATTLE = ("lieutenant_sterett_in_pursuit", "prebles_boys_take_aim",
             "the_daring_stephen_decatur", "send_in_the_marines",
             "lieutenant_obannon_leads_the_charge", "marine_sharpshooters")
TR_CORE = ("yusuf_qaramanli", "murad_reis_breaks_out", "constantinople_sends_aid")
TR_COMMON = ("us_supplies_run_low", "algerine_corsairs_raid", "moroccan_corsairs_raid",
             "tunisian_corsairs_raid", "troops_to_derne", "troops_to_benghazi", "troops_to_tripoli",
             "storms", "tripoli_attacks")
TR_UNIQUE = ("sweden_pays_tribute", "tripoli_acquires_corsairs", "the_philadelphia_runs_aground",
             "algiers_declares_war", "morocco_declares_war", "tunis_declares_war")
TR_BATTLE = ("happy_hunting", "merchant_ship_converted", "uncharted_waters", "mercenaries_desert",
             "us_signal_books_overboard", "the_guns_of_tripoli")
TR_SOLITAIRE = ("second_storms", "five_corsair_check", "raid_or_build")


def test_the_card_table_keeps_its_order() -> None:
    assert tuple(decks.CARDS) == (US_CORE + US_VICTORY + US_COMMON + US_UNIQUE + US_BATTLE
                                  + TR_CORE + TR_COMMON + TR_UNIQUE + TR_BATTLE + TR_SOLITAIRE)
    assert tuple(AMERICAN) == US_CORE + US_VICTORY + US_COMMON + US_UNIQUE + US_BATTLE


def test_the_decks_start_in_the_order_the_seeds_were_dealt_from() -> None:
    assert decks.US_CORE_CARDS == US_CORE
    assert decks.US_DECK == (US_VICTORY + ("naval_movement",) * 3 + US_COMMON + US_UNIQUE
                             + US_BATTLE)
    assert decks.TBOT_DECK == (
        ("us_supplies_run_low",) + tuple(c for c in TR_COMMON[1:4] for _ in range(2))
        + TR_COMMON[4:] + TR_UNIQUE[1:] + ("second_storms",))
    assert decks.TBOT_EVENT_LINE_START == ("murad_reis_breaks_out", "constantinople_sends_aid",
                                          "yusuf_qaramanli", "sweden_pays_tribute")
    assert decks.TBOT_BATTLE_LINE_START == TR_BATTLE
    assert decks.REFERENCE_CARDS == ("five_corsair_check", "raid_or_build")


def test_the_tbots_choices_keep_their_order() -> None:
    """(The flowchart draws a box per choice, in this order.)"""
    assert tuple(decks.TBOT_CHOICES) == ("yusuf_qaramanli", "us_supplies_run_low", "storms",
                                         "uncharted_waters", "second_storms")


def test_every_card_has_its_printed_number_and_the_battle_cards_their_line_place() -> None:
    """The table's order comes from these alone (registry.table_place): a card without one, or
    two with the same, would take a place by chance."""
    for deck in (US, TRIPOLITANIA):
        numbers = [c.number for c in decks.CARDS.values() if c.deck == deck]
        assert 0 not in numbers and len(set(numbers)) == len(numbers), deck
    places = [c.line_place for c in decks.CARDS.values() if c.deck == TRIPOLITANIA and c.kind == BATTLE]
    assert sorted(places) == list(range(1, 7))
