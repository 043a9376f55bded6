"""Small scenario games hosted beside the campaign engine (Imperium Shogi, Invector, Imperial)."""
