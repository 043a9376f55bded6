"""Dark Nebula campaign referee: pure rules engine, data, storage, turn files and a Textual UI."""

__version__ = "0.2.0"
