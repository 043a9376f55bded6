"""Game-independent solvers over ``scenarios.protocol``: perft and alpha-beta search."""
