"""The package list, which pyproject.toml cannot express: the code packages plus the data folders.

Everything else is declared in pyproject.toml. ``data/``, ``seeds/`` and ``docs/`` stay at the
top of the repository and are shipped as ``campaign.data``, ``campaign.seeds`` and
``campaign.docs`` (see the package-dir table in pyproject.toml and
docs/adr/0013-pack-packaged-data.md). The folders of data files below a
package (``data/tables``, ``scenarios/imperial/data``, ...) hold no ``__init__.py`` but Python can
import them as namespace packages, so they are listed too: setuptools warns ("Package would be
ignored") about every such folder that is shipped but not listed.
"""

from setuptools import find_namespace_packages, find_packages, setup

#: Folders of data files (no code) shipped inside a code package.
DATA_FOLDERS = ["scenarios.imperial.data", "scenarios.imperium_shogi.data"]
#: The folders of ``docs/`` shipped as ``campaign.docs`` (``campaign docs NAME``).
DOC_FOLDERS = ["adr", "rules", "schemas", "images"]

setup(
    packages=find_packages(include=["campaign", "campaign.*", "scenarios", "scenarios.*"])
    + ["campaign.data", "campaign.seeds", "campaign.docs"]
    + [f"campaign.docs.{folder}" for folder in DOC_FOLDERS]
    + [
        f"campaign.data.{folder}"
        for folder in find_namespace_packages(where="data", exclude=["*__pycache__*"])
    ]
    + DATA_FOLDERS
)
