"""The command handlers: what each command does once its arguments are parsed (ADR 0030).

``campaign.cli.<group>`` registers a group of commands (argparse only); the handlers live here,
in ``campaign.cli.handlers.<group>``, with ordinary top-level imports of the use cases
(``campaign.app``), the read side (``campaign.views``) and the pictures (``campaign.render``).
A registration names its handler with ``campaign.cli.errors.lazy(module, name)``, so a handler
module is imported only when one of its commands runs. Where one group's commands need very
different use cases, its handlers are split by what they import (``seeds``: ``replay`` and
``seeds``, apart from ``play``, so ``campaign status`` does not load the seed-game code).
``common`` holds what the handlers share: the service on ``--db``, the viewer of ``--side``,
printing what an order did. This package's ``__init__`` imports nothing: it runs before every
handler module.
"""
