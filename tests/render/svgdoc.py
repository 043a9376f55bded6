"""Read a map SVG back with an XML parser (what a program receiving the picture would do)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str | bytes) -> ET.Element:
    """The root ``<svg>`` element (``ParseError`` for anything that is not well-formed XML)."""
    return ET.fromstring(svg.encode("utf-8") if isinstance(svg, str) else svg)


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose ``class`` attribute is ``name``, in document order."""
    return [element for element in root.iter() if element.get("class") == name]


def all_text(root: ET.Element) -> str:
    """Every text node and attribute value of the document, joined (to search for secrets)."""
    parts: list[str] = []
    for element in root.iter():
        parts.extend(element.attrib.values())
        parts.extend(filter(None, (element.text, element.tail)))
    return "\n".join(parts)
