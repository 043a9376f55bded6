"""Loaders for everything under ``data/``: the only package that reads data files.

Each loader validates completely before returning, and raises ``DataFileError`` (file, line,
reason) on the first problem, so nothing is ever half-loaded (DN-DATA-5).
"""
