"""The table message: what it shows, how it is written, and the private hands."""
