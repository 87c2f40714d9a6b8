#!/usr/bin/env python3
"""Generate a deterministic corpus of convention documents for benchmarks (no network).

    Benchmarks/generate-corpus.py --count 500 --output /tmp/corpus-500 [--seed 42] [--content Content]

Documents are shaped like the real ones in Content/ (their sentences, headings and Swift snippets are
the raw material): front matter on some, headings tagged `- P1`, rule lists under lead-ins such as
**Rules:**, ✅/❌ lists, prose with normative sentences, tables, nested lists, many Swift blocks with
Good/Bad labels (some deliberately invalid), cross-links between documents with #anchors, and every
25th document is long (>= 100 KB).
"""
import argparse
import json
import os
import random
import re

TOPICS = ["Views", "Controllers", "Services", "Models", "Navigation", "Testing", "Concurrency",
          "Errors", "Accessibility", "Networking", "Persistence", "Previews", "Modifiers", "State",
          "Dependencies", "Logging", "Localization", "Performance", "Security", "Animations"]
LEADS = ["**Rules:**", "**Critical Rules:**", "**Do:**", "**Don't:**", "**Never Compromise:**",
         "**Controller Class:**", "**Service:**"]
MODALS = ["Always use", "Never use", "Prefer", "Avoid", "Use", "Do not create", "You can skip",
          "Views should use", "Controllers must keep", "Services may cache"]
TERMS = ["`@Observable`", "`@MainActor`", "`private(set)`", "`Task`", "`actor`", "`struct`",
         "`NavigationStack`", "`@State`", "`@Environment`", "`Sendable`", "`LocalizedError`",
         "`TaskGroup`", "singletons", "force unwraps", "global mutable state", "view models"]


def harvest(content_dir):
    """Sentences and Swift snippets of the real documents."""
    sentences, snippets = [], []
    for name in sorted(os.listdir(content_dir)):
        if not name.endswith(".md"):
            continue
        text = open(os.path.join(content_dir, name), encoding="utf-8").read()
        for block in re.findall(r"```swift\n(.*?)```", text, re.S):
            snippets.append(block)
        for line in text.splitlines():
            line = line.strip()
            if len(line) > 40 and not line.startswith(("#", "|", "```", "-", "*", ">")):
                sentences.append(line)
    return sentences, snippets


def slug(text):
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def section_title(rng, index):
    topic = rng.choice(TOPICS)
    title = f"{topic} conventions {index}"
    if rng.random() < 0.4:
        title += f" - P{rng.randint(1, 3)}"
    return title


def rule_text(rng, sentences):
    """A rule: a normative opening, a term, and a few words of a real sentence (varied wording)."""
    words = rng.choice(sentences).split()
    start = rng.randrange(max(1, len(words) - 6))
    tail = " ".join(words[start:start + rng.randint(4, 9)]).rstrip(".:,")
    return f"{rng.choice(MODALS)} {rng.choice(TERMS)} {tail}"


def swift_block(rng, snippets, invalid_rate):
    code = rng.choice(snippets)
    if rng.random() < invalid_rate:
        code = "init(value: Int) { self.value = value }\nfunc broken( {\n" + code
    label = rng.choice(["**✅ Good:**", "**❌ Bad:**", "**Before (Custom):**", "**After (Native):**", ""])
    out = (label + "\n\n" if label else "")
    return out + "```swift\n" + code + ("" if code.endswith("\n") else "\n") + "```\n"


def document(rng, number, count, sentences, snippets, long_doc):
    sections = rng.randint(60, 90) if long_doc else rng.randint(5, 9)
    titles = [section_title(rng, i) for i in range(sections)]
    parts = []
    if rng.random() < 0.3:
        description = json.dumps(rng.choice(sentences), ensure_ascii=False)  # a valid YAML string
        parts.append(f"---\nname: doc-{number}\ndescription: {description}\n---\n")
    parts.append(f"# Conventions document {number}\n\n{rng.choice(sentences)}\n")
    for index, title in enumerate(titles):
        parts.append(f"## {title}\n\n{' '.join(rng.choice(sentences) for _ in range(rng.randint(2, 5)))}\n")
        parts.append(f"{rng.choice(MODALS)} {rng.choice(TERMS)} in {rng.choice(TOPICS).lower()}. "
                     f"{rng.choice(MODALS)} {rng.choice(TERMS)} when it helps.\n")
        parts.append(f"{rng.choice(LEADS)}\n" + "".join(
            f"- {rng.choice(['✅ ', '❌ ', ''])}{rule_text(rng, sentences)}\n" for _ in range(rng.randint(3, 6))))
        if rng.random() < 0.5:
            parts.append("| Aspect | Recommended | Legacy |\n|--------|:-----------:|-------:|\n" + "".join(
                f"| {rng.choice(TOPICS)} | {rng.choice(TERMS)} | {rng.choice(TERMS)} |\n" for _ in range(rng.randint(2, 5))))
        if rng.random() < 0.4:
            parts.append("- Layers\n  - `Models/` -- data\n    - nested detail\n  - `Views/` -- UI\n- Second item\n")
        for _ in range(rng.randint(1, 3)):
            parts.append(swift_block(rng, snippets, invalid_rate=0.08))
        if rng.random() < 0.6 and count > 1:
            other = rng.randrange(count)
            parts.append(f"See [document {other}](doc-{other:04d}.md) and [this section](#{slug(titles[rng.randrange(len(titles))])}).\n")
        if rng.random() < 0.2:
            parts.append(f"> **Note:** {rng.choice(sentences)}\n")
    return "\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--content", default=os.path.join(os.path.dirname(__file__), "..", "Content"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sentences, snippets = harvest(args.content)
    os.makedirs(args.output, exist_ok=True)
    total = 0
    for number in range(args.count):
        text = document(rng, number, args.count, sentences, snippets, long_doc=(number % 25 == 0))
        with open(os.path.join(args.output, f"doc-{number:04d}.md"), "w", encoding="utf-8") as handle:
            handle.write(text)
        total += len(text.encode("utf-8"))
    print(f"{args.count} documents, {total / 1e6:.1f} MB in {args.output}")


if __name__ == "__main__":
    main()
