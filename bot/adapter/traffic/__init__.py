"""How the bot talks to Discord: a press's token, the global pace, channel faults and metrics."""
