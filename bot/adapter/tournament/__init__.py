"""A tournament's announcement, its buttons and what it says."""
