"""The mechanics the cards and the turns call: movement, pirate raids, combat, the battle cards
offered at their moments, the Assault on Tripoli.

Pure like the rest of the engine: they read and write the game state and ask through decisions.
They import the base (data, state, core, decisions, queries, words) and the card kit
(`cards.registry`), never a card or a turn."""
