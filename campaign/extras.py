"""The optional extras of the tool and the one-line hint that says how to install one.

The project is ``dark-nebula-campaign`` and is installed from a checkout (it is not on a package
index), so a hint names the commands that work there: ``pip install '.[png]'`` run in the
checkout, or for a ``pipx install .`` the packages to inject into its environment. The extras
are declared in pyproject.toml; a test checks that this table agrees with it.
"""

from __future__ import annotations

import shlex

#: The distribution name (pyproject.toml ``[project] name``), which pipx knows the tool by.
PROJECT = "dark-nebula-campaign"

#: Extra -> (what it enables, the packages it installs as pip names them).
EXTRAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "solver": ("the compiled solvers and the fastest computer levels", ("numpy", "numba")),
    "pbem": ("signed turn files (campaign keygen, export --sign)", ("cryptography",)),
    "fair": (
        "fair play by e-mail: face-down counters nobody's database holds (ADR 0028)",
        ("pynacl",),
    ),
    "png": ("PNG pictures (cairosvg; it also needs the system's cairo library)", ("cairosvg",)),
    "postgres": ("PostgreSQL databases (postgresql+psycopg:// URLs)", ("psycopg[binary]",)),
    "serve": ("the live table in the browser (campaign serve)", ("textual-serve", "segno")),
}

#: The install line of the README and ``make run`` for everyday use: every extra but the
#: database driver (a test checks that both agree).
EVERYDAY_EXTRAS = ("solver", "pbem", "fair", "png")


def install_hint(extra: str) -> str:
    """How to install ``extra`` in one line: for a pip install of the checkout, for the
    editable install ``make run`` made in the checkout's ``.venv`` (a plain ``pip install`` there
    would replace it by a copy that no longer follows the checkout), and for a pipx install."""
    packages = " ".join(shlex.quote(package) for package in EXTRAS[extra][1])
    return (
        f"pip install '.[{extra}]' in the checkout "
        f"(after make run: .venv/bin/pip install -e '.[{extra}]'; "
        f"a pipx install: pipx inject {PROJECT} {packages})"
    )
