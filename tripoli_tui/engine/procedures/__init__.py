"""The rules procedures: setup and the year, each side's turn, movement, raids, combat, the assault.

Pure like the rest of the engine: they read and write the game state and ask through decisions."""
