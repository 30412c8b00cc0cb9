"""Every name that ``baloot`` exports has a numpydoc docstring: a function its Parameters (naming each
one), Returns and Raises; a class its Parameters (what it is built from) or Attributes (what a result
holds)."""

import inspect
import re

import pytest

import baloot

# Functions that check nothing, so raise nothing of their own.
NEVER_RAISE = {"label", "players", "get_include"}


def sections(doc):
    """The numpydoc sections of ``doc``: header -> body."""
    parts = re.split(r"^\s*([A-Z][a-z]+)\n\s*-{3,}\n", doc, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def parameters(obj):
    target = obj.__init__ if inspect.isclass(obj) else obj
    names = [name for name in inspect.signature(target).parameters if name != "self"]
    return [] if names == ["args", "kwargs"] else names


EXPORTED = [name for name in baloot.__all__ if callable(getattr(baloot, name))
            and not (inspect.isclass(getattr(baloot, name)) and issubclass(getattr(baloot, name), BaseException))]


@pytest.mark.parametrize("name", EXPORTED)
def test_every_exported_name_has_numpydoc_sections(name):
    obj = getattr(baloot, name)
    found = sections(inspect.getdoc(obj) or "")
    if inspect.isclass(obj):
        assert "Parameters" in found or "Attributes" in found, name
        if "Parameters" not in found:
            return
    else:
        assert "Returns" in found, name
        if name not in NEVER_RAISE and parameters(obj):
            assert "Raises" in found, name
    for parameter in parameters(obj):
        assert re.search(rf"\b{parameter}\b", found.get("Parameters", "")), f"{name}: {parameter} undocumented"
