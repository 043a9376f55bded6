"""The exported JSON Schema is current, and a real turn file conforms to it."""

from __future__ import annotations

import json

from campaign.pbem.model import SCHEMA_VERSION
from campaign.pbem.schema import schema_text
from tests.conftest import REPO_ROOT

DOCS_COPY = REPO_ROOT / "docs" / "turn-file.schema.json"


def test_docs_schema_matches_the_model():  # DN-ERR-1
    assert DOCS_COPY.read_text(encoding="utf-8") == schema_text(), (
        "docs/turn-file.schema.json is stale: "
        "run python -m campaign.pbem.schema docs/turn-file.schema.json"
    )


def test_schema_names_version_and_required_header(file1):  # DN-ERR-1
    schema = json.loads(DOCS_COPY.read_text(encoding="utf-8"))
    assert schema["$id"].endswith(f"/v{SCHEMA_VERSION}")
    header = schema["$defs"]["Header"]
    data = json.loads(file1)["body"]["header"]
    assert set(header["required"]) <= set(data)
    assert set(data) <= set(header["properties"])
