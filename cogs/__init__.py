"""One cog per game, plus the economy and information cogs."""
