"""Events: tables that play the same deals (duplicate bridge boards), their reveal and their hand records."""
