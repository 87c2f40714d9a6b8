#!/usr/bin/env python3
"""Build the fuzzer's seed corpus (deterministic, no network).

    Fuzz/make-corpus.py [--output Fuzz/corpus/seed]

Seeds: every document of Content/, every example of Tests/Fixtures/gfm-spec/*.txt (one file each,
with the spec's `→` turned back into tabs), the bad-input fixtures of Tests/Fixtures/bad/, and a few
multi-document inputs (documents joined by the `<<<docgen-next>>>` separator line, see
Sources/DocgenFuzz/FuzzInput.swift) so that cross-document links and rules are exercised.
"""
import argparse
import hashlib
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = "`" * 32
SEPARATOR = b"\n<<<docgen-next>>>\n"


def spec_examples(path):
    """The Markdown of each example of a spec.txt-style file."""
    examples, state, markdown = [], 0, []
    with open(path, encoding="utf-8") as file:
        for line in file.read().split("\n"):
            if state == 0 and line.startswith(FENCE + " example"):
                state, markdown = 1, []
            elif state == 1 and line == ".":
                state = 2
                examples.append("".join(markdown).replace("→", "\t"))
            elif state == 2 and line == FENCE:
                state = 0
            elif state == 1:
                markdown.append(line + "\n")
    return examples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", default=os.path.join(ROOT, "Fuzz", "corpus", "seed"))
    args = parser.parse_args()
    os.makedirs(args.output, exist_ok=True)
    seeds = {}

    def add(name, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        seeds[name] = data

    content = os.path.join(ROOT, "Content")
    documents = []
    for name in sorted(os.listdir(content)):
        if name.endswith(".md"):
            with open(os.path.join(content, name), "rb") as file:
                documents.append(file.read())
            add("content-" + name, documents[-1])
    spec = os.path.join(ROOT, "Tests", "Fixtures", "gfm-spec")
    for name in sorted(os.listdir(spec)):
        if name.endswith(".txt"):
            for number, markdown in enumerate(spec_examples(os.path.join(spec, name)), start=1):
                add(f"spec-{name[:-4]}-{number:03d}.md", markdown)
    bad = os.path.join(ROOT, "Tests", "Fixtures", "bad")
    if os.path.isdir(bad):
        for directory, _, names in sorted(os.walk(bad)):
            for name in sorted(names):
                path = os.path.join(directory, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    with open(path, "rb") as file:
                        add("bad-" + os.path.relpath(path, bad).replace("/", "-"), file.read())
    # Cross-document seeds: pairs of real documents, and small documents linking to each other.
    for index in range(len(documents) - 1):
        add(f"multi-content-{index}.md", documents[index] + SEPARATOR + documents[index + 1])
    add("multi-links.md", "# A\n\n## Views - P1\n\nViews must be small. See [b](guides/b.md#models) and [c](c.md).\n"
        "<!-- docgen: rule id=small-views -->\n- Never block the main thread.\n"
        + SEPARATOR.decode() + "# B\n\n## Models\n\nModels should never be small. Back to [a](../a.md#views---p1).\n"
        "```swift\nstruct Model {}\n```\n" + SEPARATOR.decode() + "---\ntitle: C\norder: 1\n---\n# C\n\n[missing](#nope) [d](guides/deeper/d.md)\n")
    for name, data in seeds.items():
        with open(os.path.join(args.output, name), "wb") as file:
            file.write(data)
    digest = hashlib.sha256(b"".join(seeds[name] for name in sorted(seeds))).hexdigest()[:12]
    print(f"{len(seeds)} seeds in {os.path.relpath(args.output)} ({sum(map(len, seeds.values())):,} bytes, digest {digest})")


if __name__ == "__main__":
    main()
