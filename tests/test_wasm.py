"""The WebAssembly build (wasm/): built with Emscripten where emcc is installed, its Node tests run with Node's
own test runner (they check the seeded results of tests/test_dispatch.py against the Python package's), and
the inputs those tests read kept equal to what the Python package computes them from."""

import json
import os
import random
import re
import shutil
import subprocess

import pytest
from test_dispatch import RECORDED

import baloot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WASM = os.path.join(ROOT, "wasm")
INPUTS = os.path.join(WASM, "test", "python_inputs.json")
BUNDLE = os.path.join(WASM, "dist", "baloot_core.js")
WEIGHTS = ("strong.weights", "neural.weights")  # embedded in the bundle by build.sh


# A card as one character: its index 0..31 in base 32.
CARD_DIGITS = "0123456789abcdefghijklmnopqrstuv"
CONTRACTS = [("sun", None), ("hokum", "S"), ("hokum", "D")]


def python_inputs() -> dict:
    """What the Node tests cannot draw themselves (Python's random and numpy's generator): test_dispatch.py's
    legal-move questions (each "hand,trick,contract": cards as CARD_DIGITS, the contract's index in CONTRACTS)
    and dd-table deals, and its recorded digests."""
    rng, questions = random.Random(16), []
    for _ in range(3_000):
        deck = list(baloot.DECK)
        rng.shuffle(deck)
        contract = rng.choice(CONTRACTS)
        cards = "".join(CARD_DIGITS[baloot.DECK.index(card)] for card in deck)
        questions.append(f"{cards[:8]},{cards[8:8 + rng.randrange(4)]},{CONTRACTS.index(contract)}")
    deals = baloot.random_deals(12, seed=17).astype(int).tolist()
    return {"card_digits": CARD_DIGITS, "contracts": CONTRACTS, "legal_moves": questions, "dd_deals": deals,
            "recorded": RECORDED}


def written(inputs: dict) -> str:
    return json.dumps(inputs, separators=(",", ":")) + "\n"


def test_the_node_tests_read_the_python_packages_inputs():
    with open(INPUTS) as f:
        assert f.read() == written(python_inputs()), \
            "rewrite it: python -c 'import sys; sys.path[:0] = [\"tests\"]; import test_wasm; test_wasm.write_inputs()'"


def write_inputs() -> None:
    with open(INPUTS, "w") as f:
        f.write(written(python_inputs()))


def stale(bundle: str) -> bool:
    layers = ("kernel", "solver", "players", os.path.join("players", "native"), "engine", "capi")
    sources = [os.path.join(folder, name) for layer in layers
               for folder in [os.path.join(ROOT, "csrc", layer)] for name in os.listdir(folder)]
    sources += [os.path.join(WASM, "build.sh")] + [os.path.join(ROOT, "baloot", name) for name in WEIGHTS]
    return not os.path.exists(bundle) or max(map(os.path.getmtime, sources)) > os.path.getmtime(bundle)


@pytest.fixture(scope="module")
def bundle():
    if shutil.which("emcc") is None and stale(BUNDLE):
        pytest.skip("no Emscripten (emcc) to build wasm/dist: apt-get install emscripten")
    if shutil.which("node") is None:
        pytest.skip("no Node.js (node) to run the WebAssembly build")
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    if int(version.lstrip("v").split(".")[0] or 0) < 18:
        pytest.skip(f"Node.js {version} has no test runner (node --test): the WebAssembly tests need 18 or later")
    if stale(BUNDLE):
        built = subprocess.run(["sh", os.path.join(WASM, "build.sh")], capture_output=True, text=True, timeout=1800)
        assert built.returncode == 0, built.stderr[-4000:]
    return BUNDLE


def test_the_webassembly_build_passes_its_node_tests(bundle):
    run = subprocess.run(["node", "--test", os.path.join(WASM, "test")], capture_output=True, text=True, timeout=900,
                         cwd=WASM)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert os.path.getsize(bundle) <= 2 * 1024 * 1024


def chromium() -> str:
    return next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), "")


@pytest.mark.skipif(not chromium(), reason="no Chromium to open the example page in")
def test_the_page_plays_a_hand_and_analyses_4000_samples_in_headless_chromium(bundle):
    page = "file://" + os.path.join(ROOT, "examples", "web", "index.html") + "#auto"
    # The engine compiles synchronously and #auto plays the hand and runs the analysis in the page's first task,
    # so the document Chromium dumps once loaded holds both.
    run = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page],
                         capture_output=True, text=True, timeout=300)
    log = re.search(r'<pre id="log">(.*?)</pre>', run.stdout, re.S)
    analysis = re.search(r'<pre id="analysis">(.*?)</pre>', run.stdout, re.S)
    assert log and analysis, run.stdout[-2000:] + run.stderr[-2000:]
    assert re.search(r"\nresult: (points \d+-\d+|thrown in)", log.group(1)), log.group(1)
    took = re.search(r"best: \S+ · 4000 samples in (\d+) ms", analysis.group(1))
    assert took, analysis.group(1)
    assert int(took.group(1)) < 5000, analysis.group(1)
