#!/usr/bin/env python3
"""Generates a corpus of Markdown documents with >= 1,000 ```swift snippets for the `docgen check` benchmark.

Every snippet of Content/ is varied in ~22 ways (renamed, wrapped in a type or a function, given top-level
code, truncated, with elided `...` code, with editor placeholders, ...), so the corpus holds declarations-only
snippets, snippets with top-level statements, and a good share (~30%) of invalid ones, all distinct.

usage: generate.py CONTENT_DIR OUTPUT_DIR [--per-document N]
"""
import os
import re
import sys

FENCE = re.compile(r'^(\s*)(`{3,}|~{3,})\s*swift\b(.*)$', re.IGNORECASE)


def snippets(content_dir):
    found = []
    for name in sorted(os.listdir(content_dir)):
        if not name.endswith('.md'):
            continue
        lines = open(os.path.join(content_dir, name), encoding='utf-8').read().split('\n')
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if m:
                indent, fence = len(m.group(1)), m.group(2)
                j, code = i + 1, []
                while j < len(lines) and not lines[j].strip().startswith(fence):
                    line = lines[j]
                    code.append(line[indent:] if line[:indent].strip() == '' else line.lstrip())
                    j += 1
                found.append('\n'.join(code))
                i = j
            i += 1
    return found


def rename(code, k):
    return re.sub(r'\b([A-Z][A-Za-z0-9]+)\b', lambda m: m.group(1) + 'V%d' % k
                  if m.group(1) not in ('String', 'Int', 'Bool', 'Double', 'Self', 'Void', 'Error') else m.group(1), code)


def indent(code, prefix='    '):
    return '\n'.join(prefix + line if line else line for line in code.split('\n'))


VARIANTS = [
    lambda c, k: c + '\n// variant %d' % k,
    lambda c, k: rename(c, k),
    lambda c, k: '#if DEBUG\n' + c + '\n#endif',
    lambda c, k: c + '\nprint("variant %d")' % k,
    lambda c, k: 'import Foundation\n\n' + c + '\n// %d' % k,
    lambda c, k: 'enum Namespace%d {\n' % k + indent(c) + '\n}',
    lambda c, k: 'func example%d() {\n' % k + indent(c) + '\n}',
    lambda c, k: '\n'.join(c.split('\n')[:-1]) + '\n// truncated %d' % k,
    lambda c, k: (lambda ls: '\n'.join(ls[:len(ls) // 2] + ['    ...'] + ls[len(ls) // 2:]))(c.split('\n')) + '\n// %d' % k,
    lambda c, k: c.replace('(', '(<#value#>, ', 1) + '\n// %d' % k,
    lambda c, k: re.sub(r'\blet\b', 'var', c) + '\n// %d' % k,
    lambda c, k: c.replace('    ', '  ') + '\n// two-space %d' % k,
    lambda c, k: re.sub(r'\s*//[^\n]*', '', c) + '\n// %d' % k,
    lambda c, k: c + '\n\n' + rename(c, k),
    lambda c, k: 'let value%d = 42\n' % k + c,
    lambda c, k: c + '\nlet result%d = [1, 2, 3].map { $0 * %d }' % (k, k),
    lambda c, k: '@MainActor\nfinal class Holder%d {\n' % k + indent(c) + '\n}',
    lambda c, k: c.replace('{', '{\n    // opened %d' % k, 1),
    lambda c, k: c.replace('func ', 'fun ', 1) + '\n// %d' % k,
    lambda c, k: 'do {\n' + indent(c) + '\n}\n// %d' % k,
    lambda c, k: c + '\nfor i in 0..<%d { _ = i }' % k,
    lambda c, k: '/// Documented %d\n' % k + c,
]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    content_dir, output_dir = sys.argv[1], sys.argv[2]
    per_document = 60
    if '--per-document' in sys.argv:
        per_document = int(sys.argv[sys.argv.index('--per-document') + 1])
    base = snippets(content_dir)
    corpus, seen = [], set()
    k = 0
    for variant in VARIANTS:
        for code in base:
            k += 1
            text = variant(code, k).rstrip('\n')
            if text not in seen:
                seen.add(text)
                corpus.append(text)
    os.makedirs(output_dir, exist_ok=True)
    for number, start in enumerate(range(0, len(corpus), per_document)):
        parts = ['# Corpus document %d\n' % (number + 1)]
        for offset, code in enumerate(corpus[start:start + per_document]):
            fence = '````' if '```' in code else '```'
            parts.append('## Example %d\n\n%sswift\n%s\n%s\n' % (start + offset + 1, fence, code, fence))
        with open(os.path.join(output_dir, 'corpus-%02d.md' % (number + 1)), 'w', encoding='utf-8') as handle:
            handle.write('\n'.join(parts))
    print('%d snippets in %d documents' % (len(corpus), (len(corpus) + per_document - 1) // per_document))


if __name__ == '__main__':
    main()
