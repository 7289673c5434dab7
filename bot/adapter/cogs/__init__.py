"""What every game's cog shares: opening tables, cash limits, poker options."""
