"""Every card, defined once: `registry` holds the table, the side modules define the cards.

`american` (core, victory), `american_common` and `american_unique`, `tripolitan` (core),
`tripolitan_common` and `tripolitan_unique` (unique, solitaire) define each card in one place:
texts, requirement or T-bot condition, effect, the T-bot's instruction, printed solitaire line and
rulings. `battle` holds both sides' battle cards, with the T-bot's triggers; `decks` puts the
decks together once every card is defined.
"""
