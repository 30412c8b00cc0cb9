"""The README's Python examples (``>>>`` blocks) run as doctests, so that their output cannot go stale.

The blocks run in order in one namespace, as a reader would type them. A block is skipped when the line
before its opening fence is ``<!-- doctest: skip -->`` (used for examples that take too long for the
suite); everything else is checked, with ``...`` standing for output left out.
"""

import doctest
import os

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
SKIP = "<!-- doctest: skip -->"


def readme_examples():
    """(line number, text) of each ``>>>`` block of the README not marked to skip."""
    with open(README, encoding="utf-8") as f:
        lines = f.read().splitlines()
    blocks = []
    for start, line in enumerate(lines):
        if line != "```python" or not lines[start + 1].startswith(">>> ") or lines[start - 1] == SKIP:
            continue
        end = lines.index("```", start + 1)
        blocks.append((start + 1, "\n".join(lines[start + 1:end]) + "\n"))
    return blocks


def test_readme_has_examples():
    assert len(readme_examples()) >= 3


def test_readme_examples_show_real_output():
    globs = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    for line, body in readme_examples():
        test = parser.get_doctest(body, globs, f"README.md line {line + 1}", README, line)
        runner.run(test, out=report.append, clear_globs=False)
        globs.update(test.globs)  # the next block sees what this one defined
    assert runner.failures == 0, "".join(report)
