"""Each option and player is declared once, in the core; everything else is generated from the declarations
or checked against them here, so that a copy that drifts fails the suite."""

import argparse
import dataclasses
import importlib.util
import os

import pytest

import baloot
from baloot import BalootError, Rules, _core
from baloot.commands.common import add_players_option, add_rule_option
from baloot.rules import OPTIONS, core_rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generator():
    spec = importlib.util.spec_from_file_location("generate_docs", os.path.join(ROOT, "tools", "generate_docs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_doc_tables_match_the_declarations():
    assert generator().stale(stubs=False) == [], "run python tools/generate_docs.py"


def test_the_stub_is_what_pybind11_stubgen_writes():
    pytest.importorskip("pybind11_stubgen")  # it needs Python 3.10 or later
    assert generator().stale(pages=False) == [], "run python tools/generate_docs.py"


def test_the_rules_fields_are_the_declared_options_in_order():
    fields = dataclasses.fields(Rules)
    assert [f.name for f in fields] == [o.name for o in OPTIONS]
    for field, option in zip(fields, OPTIONS):
        assert field.default == option.default
        assert field.type is {"bool": bool, "int": int, "choice": str}[option.kind]
        assert option.ruling and option.help
        if option.kind == "choice":
            assert option.default == option.choices[0]


def test_every_option_the_core_reads_reaches_the_core():
    for option in OPTIONS:
        if not option.core:
            assert not hasattr(_core.Rules(), option.name)
            continue
        other = option.choices[-1] if option.choices else option.default - 1 if option.kind == "int" else not option.default
        assert getattr(core_rules(Rules()), option.name) == option.default
        assert getattr(core_rules(Rules(**{option.name: other})), option.name) == other


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_a_bad_value_names_the_option_and_what_it_takes(option):
    bad = {"bool": "yes", "int": option.high + 1, "choice": "no_such_value"}[option.kind]
    with pytest.raises(BalootError, match=option.name):
        Rules(**{option.name: bad})
    if option.core:
        with pytest.raises(BalootError, match=option.name):
            _core.Rules(**{option.name: bad})
    for choice in option.choices:
        assert getattr(Rules(**{option.name: choice}), option.name) == choice


def test_an_unknown_rule_lists_the_known_ones():
    for make in (lambda: Rules.from_options({"no_such_rule": "1"}), lambda: _core.Rules(no_such_rule=1)):
        with pytest.raises(BalootError) as error:
            make()
        for option in OPTIONS:
            assert option.name in str(error.value)


def test_the_command_line_help_lists_every_option_and_player():
    parser = argparse.ArgumentParser()
    add_rule_option(parser)
    add_players_option(parser, "random", "who plays")
    text = " ".join(parser.format_help().split())
    for option in OPTIONS:
        assert option.describe() in text
    for player in baloot.players():
        assert player.name in text


def test_each_players_options_have_distinct_names():
    for info in baloot.players():
        assert len(info.defaults()) == len(info.options), info.name
