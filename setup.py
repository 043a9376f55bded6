"""The package list, which pyproject.toml cannot express: the code packages plus two folders.

Everything else is declared in pyproject.toml. ``data/`` and ``seeds/`` stay at the top of the
repository and are shipped as ``campaign.data`` and ``campaign.seeds`` (see the package-dir table
in pyproject.toml and docs/adr/0013-pack-packaged-data.md).
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["campaign", "campaign.*", "scenarios", "scenarios.*"])
    + ["campaign.data", "campaign.seeds"]
)
