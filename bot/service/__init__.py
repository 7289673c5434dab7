"""The table service: lobby, deals and turns, timers, settlement, tournaments and events, without Discord or SQL."""
