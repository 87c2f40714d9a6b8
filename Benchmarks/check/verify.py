#!/usr/bin/env python3
"""Checks that `docgen check`'s batched verdicts equal `swiftc -parse snippet.swift` run alone.

For every snippet of SNIPPETS_JSON (written by `docgen extract`), runs the compiler on the snippet alone
and compares exit status and every message (line, column, severity, text) with the result docgen stored
in its cache (CACHE_DIR/index.json, keyed as in CheckCache.key).

usage: verify.py SNIPPETS_JSON CACHE_DIR SWIFT_FRONTEND [SWIFT_VERSION]
"""
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r'^(.*?):(\d+):(\d+): (error|warning|note|remark|fatal error): (.*)$')
SEVERITY = {'error': 'error', 'fatal error': 'error', 'warning': 'warning', 'note': 'note', 'remark': 'note'}


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    snippets_json, cache_dir, frontend = sys.argv[1:4]
    swift_version = sys.argv[4] if len(sys.argv) > 4 else '6'
    version = subprocess.run([frontend, '--version'], capture_output=True, text=True).stdout.strip()
    flags = ' '.join(['-frontend', '-parse', '-diagnostic-style', 'llvm', '-swift-version', swift_version])
    entries = json.load(open(os.path.join(cache_dir, 'index.json')))['entries']
    codes = sorted({s['code'] for s in json.load(open(snippets_json))})

    def key(code):
        data = ('docgen-check/1\0' + version + '\0' + flags + '\0' + code).encode('utf-8')
        return hashlib.sha256(data).hexdigest()

    def alone(code):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, 'snippet.swift')
            open(path, 'w', encoding='utf-8').write(code)
            run = subprocess.run([frontend] + flags.split() + [path], capture_output=True, text=True)
            messages = []
            for line in (run.stderr + run.stdout).split('\n'):
                m = HEADER.match(line)
                if m and m.group(1) == path:
                    messages.append((int(m.group(2)), int(m.group(3)), SEVERITY[m.group(4)], m.group(5)))
            return run.returncode != 0, messages

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        naive = list(pool.map(alone, codes))
    mismatches, missing, failing = 0, 0, 0
    for code, (failed, messages) in zip(codes, naive):
        entry = entries.get(key(code))
        if entry is None:
            missing += 1
            continue
        result = entry['result']
        stored = [(m['line'], m['column'], m['severity'], m['message']) for m in result['messages']]
        failing += failed
        if bool(result['failed']) != failed or stored != messages:
            mismatches += 1
            print('MISMATCH:\n%s\n  alone: %s %s\n  docgen: %s %s\n' % (code[:300], failed, messages, result['failed'], stored))
    print('%d distinct snippets, %d fail alone; %d mismatches, %d not in the cache' % (len(codes), failing, mismatches, missing))
    sys.exit(1 if mismatches or missing else 0)


if __name__ == '__main__':
    main()
