"""benchmarks/agreement.py and the search answers it keeps in benchmarks/agreement_search.json: they are of
the hands docs/bid-analysis.md shows, and a kept search is read back instead of searched again."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

import baloot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "benchmarks", "agreement.py")


def agreement_script():
    spec = importlib.util.spec_from_file_location("agreement_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shown_hands(script):
    """The 24 drawn hands and those the page's command adds, as (cards, up-card, seat)."""
    with open(os.path.join(ROOT, "docs", "bid-analysis.md"), encoding="utf-8") as f:
        page = f.read()
    command = page[page.index("$ python benchmarks/agreement.py"):]
    command = command[:command.index("\ndefault players")]
    added = [(cards, up, int(seat)) for cards, up, seat in re.findall(r'"([^"]+)" (\w+) (\d)', command)]
    return script.drawn_hands(24, 2026) + added


def test_the_kept_searches_are_of_the_hands_the_page_shows():
    script = agreement_script()
    with open(script.SEARCH_CACHE) as f:
        cache = json.load(f)
    shown = shown_hands(script)
    assert len(shown) == 30 and cache
    for key, answers in cache.items():
        cards, up, seat, search, samples, seed, version = key.split("|")
        assert (cards, up, int(seat)) in shown, key
        assert (search, int(seed), version) == ("rollout:worlds=400:race=0", 2026, baloot.__version__)
        assert int(samples) in (400, 1600)
        assert set(answers) == {"hokum", "sun", "best", "clear"}


def test_a_kept_search_is_read_back_instead_of_searched(tmp_path):
    script = agreement_script()
    with open(script.SEARCH_CACHE) as f:
        cache = json.load(f)
    cards, up, seat = script.drawn_hands(1, 2026)[0]
    key = f"{cards}|{up}|{seat}|rollout:worlds=400:race=0|400|2026|{baloot.__version__}"
    kept = tmp_path / "kept.json"
    shutil.copy(script.SEARCH_CACHE, kept)
    # Minutes a hand to search; seconds to read back (a timeout here means the search ran).
    run = subprocess.run([sys.executable, SCRIPT, "--hands", "1", "--samples", "100", "--threads", "1",
                          "--search-cache", str(kept)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    hokum = script.show(script.Estimate(*cache[key]["hokum"]))
    assert hokum in run.stdout.splitlines()[2]
