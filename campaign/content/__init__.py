"""Loaders for everything under ``data/``: the only package that reads data files.

Each loader validates completely before returning, and raises ``DataFileError`` (file, line,
reason) on the first problem, so nothing is ever half-loaded (DN-DATA-5).

Public API: ``load_ruleset``, ``default_data_dir``, ``DataFileError`` and the DN-DATA-4 helpers
``current_hashes``, ``compare_with_data``, ``diff_hashes``, ``describe_changes``.
"""

from campaign.content.errors import DataFileError
from campaign.content.hashing import (
    FileChange,
    compare_with_data,
    current_hashes,
    describe_changes,
    diff_hashes,
)
from campaign.content.loader import default_data_dir, load_ruleset

__all__ = [
    "DataFileError",
    "FileChange",
    "compare_with_data",
    "current_hashes",
    "default_data_dir",
    "describe_changes",
    "diff_hashes",
    "load_ruleset",
]
