"""Screens of the campaign app."""
