"""The Discord adapter: everything that knows discord.py (client, presenter, components, the shared game cog)."""
