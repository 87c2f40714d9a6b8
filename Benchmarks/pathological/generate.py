#!/usr/bin/env python3
"""Generate the pathological Markdown documents of issue 8, each at a chosen scale.

    Benchmarks/pathological/generate.py --scale 1 --output /tmp/patho-1 [--case NAME ...]

Writes one content folder per case: OUTPUT/<case>/Content/<case>.md (plus, for the link case, the
document the links point at). `--scale 4` makes every case four times as big (four times the nesting
depth, the links, the headings, the bytes...). Deterministic; no network.
"""
import argparse
import os

LOREM = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut "
         "labore et dolore magna aliqua. Ut *enim* ad minim `veniam`, quis nostrud exercitation ullamco. ")


def nested_block_quotes(scale):
    """10,000 nested block quotes on one line: `> > > … deep`."""
    n = 10_000 * scale
    return "# Quotes\n\n" + "> " * n + "deep\n"


def nested_lists(scale):
    """10,000 nested lists: bullet and ordered markers alternating on one line (`- 1. - 1. … item`)."""
    n = 10_000 * scale
    return "# Lists\n\n" + "".join("- " if i % 2 == 0 else "1. " for i in range(n)) + "item\n"


def long_line(scale):
    """A 5 MB single line of prose with emphasis and code spans."""
    size = 5_000_000 * scale
    return "# Long line\n\n" + (LOREM * (size // len(LOREM) + 1))[:size] + "\n"


def many_links(scale):
    """100,000 links: to headings of this page, to another document and its headings, external,
    images, autolinks, and one in ten broken (a warning each, quoted with its line)."""
    n = 100_000 * scale
    lines = ["# Links", "", "## Target", ""]
    kinds = ["[here](#target)", "[other](other.md)", "[other heading](other.md#section)",
             "[web](https://example.com/page)", "![img](image.png)", "<https://example.org/auto>",
             "[anchor](#target)", "[rel](./other.md#section)", "[up](../x.md)", "[missing](#no-such-heading)"]
    per_line = 10
    for i in range(0, n, per_line):
        lines.append(" ".join(kinds[(i + k) % len(kinds)] for k in range(per_line)))
        lines.append("")
    return "\n".join(lines) + "\n"


def same_headings(scale):
    """50,000 headings with the same text (ids same, same-1, same-2, …)."""
    n = 50_000 * scale
    return "# Same\n\n" + "".join("## Same\n\nText.\n\n" for _ in range(n))


def big_code_block(scale):
    """A 1 MB ```swift block (highlighted, exported as a snippet)."""
    size = 1_000_000 * scale
    lines, total, i = [], 0, 0
    while total < size:
        line = f"let value{i} = compute({i}, \"text {i}\") // comment {i}"
        lines.append(line)
        total += len(line) + 1
        i += 1
    return "# Code\n\n```swift\n" + "\n".join(lines) + "\n```\n"


def backtick_runs(scale):
    """10,000 backtick runs of varying length, most without a matching closer."""
    n = 10_000 * scale
    return "# Backticks\n\n" + "".join("`" * (i % 40 + 1) + "x" for i in range(n)) + "\n"


def emphasis_storm(scale):
    """Emphasis delimiter storms (cmark's pathological tests): nested strong/emphasis, openers and
    closers that never match, rule-of-three runs, link openers mixed with emphasis closers."""
    n = 10_000 * scale
    parts = [
        "*a **a " * n + "b" + " a** a*" * n,   # nested strong emphasis, 3n levels deep
        "a_ " * n,                          # closers without openers
        "_a " * n,                          # openers without closers
        "*a_ " * n,                         # mismatched
        "a**b" + "c* " * n,                 # multiple of 3
        "[ a_" * n,                         # link openers and emphasis closers
        "[" * n + "a" + "]" * n,            # nested brackets
        "**x " * n + "~~y " * n,            # strong and strikethrough openers
    ]
    return "# Storm\n\n" + "\n\n".join(parts) + "\n"


def nested_front_matter(scale):
    """Deeply nested YAML front matter: 10,000 nested flow sequences, 10,000 nested flow mappings,
    and a 200-level indented mapping."""
    n = 10_000 * scale
    indented = "".join("  " * (i + 1) + f"k{i}:\n" for i in range(199)) + "  " * 200 + "k199: leaf\n"
    return ("---\ntitle: Nested\n"
            + "lists: " + "[" * n + "x" + "]" * n + "\n"
            + "maps: " + "{a: " * n + "b" + "}" * n + "\n"
            + "deep:\n" + indented
            + "---\n# Nested front matter\n\nBody.\n")


def wide_table(scale):
    """A table with 10,000 columns (and 10 body rows)."""
    n = 10_000 * scale
    header = "|" + "|".join(f" c{i} " for i in range(n)) + "|"
    delimiter = "|" + "|".join((":--", "--:", ":-:", "---")[i % 4] for i in range(n)) + "|"
    rows = ["|" + "|".join(f" r{r}c{i} " for i in range(n)) + "|" for r in range(10)]
    return "# Wide\n\n" + "\n".join([header, delimiter] + rows) + "\n"


CASES = {
    "block-quotes": (nested_block_quotes, "10,000 nested block quotes"),
    "lists": (nested_lists, "10,000 nested lists"),
    "long-line": (long_line, "a 5 MB single line"),
    "links": (many_links, "100,000 links"),
    "headings": (same_headings, "50,000 headings with the same text"),
    "code-block": (big_code_block, "a 1 MB code block"),
    "backticks": (backtick_runs, "10,000 backtick runs"),
    "emphasis": (emphasis_storm, "emphasis delimiter storms (10,000 of each)"),
    "front-matter": (nested_front_matter, "front matter YAML nested 10,000 deep"),
    "table": (wide_table, "a table with 10,000 columns"),
}

OTHER = "# Other\n\n## Section\n\nThe target of links.\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--output", required=True)
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="only these cases (repeatable)")
    args = parser.parse_args()
    for name in args.case or CASES:
        content = os.path.join(args.output, name, "Content")
        os.makedirs(content, exist_ok=True)
        text = CASES[name][0](args.scale)
        with open(os.path.join(content, name + ".md"), "w", encoding="utf-8") as file:
            file.write(text)
        if name == "links":
            with open(os.path.join(content, "other.md"), "w", encoding="utf-8") as file:
                file.write(OTHER)
        print(f"{name}: {len(text.encode()):,} bytes")


if __name__ == "__main__":
    main()
