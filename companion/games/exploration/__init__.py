"""Exploration, a space-race board game: catalog look-ups, state, setup,
preparation (this part) and the flight phase (part 2). The engine uses
`companion.games.exploration.rules.RULES`."""
