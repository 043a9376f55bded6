"""Dark Nebula campaign referee: pure rules engine, data, storage, turn files and a Textual UI."""

__version__ = "0.2.0"
#: The tool's name for its directories (data, config, cache: ``platformdirs``).
APP_NAME = "dark-nebula-campaign"
