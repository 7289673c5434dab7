"""One table's jobs: its state in memory, its lobby, deals and turns, a deal's end, seats, presence, undo and replays."""
