"""The real multiplayer game: deals, rules, the seer bounds L <= U3 <= U2 <= U1, batch runs."""
