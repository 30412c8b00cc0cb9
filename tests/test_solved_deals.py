"""The committed corpus of solved deals: the solver still finds every value (tests/data/make_solved_deals.py)."""

from pathlib import Path

import numpy as np
import pytest

import baloot

CORPUS = Path(__file__).parent / "data" / "solved_deals.npz"


@pytest.fixture(scope="module")
def corpus():
    with np.load(CORPUS) as data:
        return data["hands"].astype(np.uint64), data["leaders"].astype(np.int64), data["team0"].astype(np.int16)


def test_every_value_of_the_corpus(corpus):
    hands, leaders, team0 = corpus
    assert hands.shape == (1000, 4)
    table = baloot.dd_tables(hands, leaders, threads=0)
    wrong = np.argwhere(table[:, :, 0] != team0)
    assert not len(wrong), f"{len(wrong)} values differ, first deal {wrong[0][0]} contract {wrong[0][1]}"


def test_the_corpus_is_full_deals_of_both_teams(corpus):
    hands, _, team0 = corpus
    assert (np.bitwise_or.reduce(hands, axis=1) == 0xFFFFFFFF).all()
    assert team0.min() >= 0 and (team0[:, 0] <= 130).all() and (team0[:, 1:] <= 162).all()
