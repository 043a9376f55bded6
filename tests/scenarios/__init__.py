"""Tests of the scenario games."""
