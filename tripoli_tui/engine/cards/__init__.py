"""Every card, defined once, each in a file of its own.

`registry` holds the table and the card's parts; the packages `american` and `tripolitan` hold a
module per card title (`american/burn_the_philadelphia.py`) with its texts, requirement or T-bot
condition, effect, the T-bot's instruction and choices, a battle card's moment and trigger, and the
heuristic player's worth, and in their `__init__` the side's card type and what several cards share;
`late_war` the heuristic player's late-war readings; `decks` finds the cards and puts the decks
together once every card is defined.
"""
