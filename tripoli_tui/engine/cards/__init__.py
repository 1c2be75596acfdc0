"""Every card, defined once: `registry` holds the table, the side modules define the cards.

`american` and `tripolitan` define each card of their side in one place (texts, requirement or
T-bot condition, effect, T-bot instruction); `tripolitan_battle` the T-bot's battle cards with their
triggers; `decks` puts the decks together once every card is defined.
"""
