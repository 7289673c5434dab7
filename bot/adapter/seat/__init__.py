"""A member's seat: their panel, its text, and the buttons, selects and forms pressed on it."""
