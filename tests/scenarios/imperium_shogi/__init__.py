"""Imperium Shogi tests (SHO-1..10)."""
