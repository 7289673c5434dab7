"""Storage: the schema, its migrations, and the database backends behind one interface."""
