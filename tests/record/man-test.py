#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The manual pages cover what they document.

usage: man-test.py SOURCE_ROOT CARCASSONNE

- carcassonne(3) (doc/carcassonne.3.in) names every function of the public
  headers, so a new call cannot be left out of the map of the API;
- carcassonne(1) names every flag that 'carcassonne --help' lists;
- both pages format without groff warnings (when man is installed).
"""
import os
import re
import shutil
import subprocess
import sys

failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL:', msg)


def main():
    root, tool = sys.argv[1], sys.argv[2]
    header = ''
    for name in ('carcassonne.h', 'search.h', 'learn.h', 'jcz.h'):
        with open(os.path.join(root, 'include', 'carcassonne', name)) as f:
            header += f.read()
    with open(os.path.join(root, 'doc', 'carcassonne.3.in')) as f:
        page3 = f.read()
    with open(os.path.join(root, 'cli', 'carcassonne.1')) as f:
        page1 = f.read()
    funcs = sorted(set(re.findall(r'^[a-z][^(;#]*?\b(carc_\w+)\(', header,
                                  re.M)))
    if len(funcs) < 80:
        fail(f'only {len(funcs)} functions found in the header')
    for fn in funcs:
        if not re.search(r'\b' + fn + r'\b', page3):
            fail(f'doc/carcassonne.3.in does not mention {fn}: add it to '
                 'the section of its header group')
    if 'carcassonne (1)' not in page3:
        fail('carcassonne(3) does not point to carcassonne(1)')

    usage = subprocess.run([tool, '--help'], capture_output=True,
                           text=True).stdout
    flags = sorted(set(re.findall(r'--[a-z][a-z-]*[a-z]', usage)))
    for flag in flags:
        if flag.replace('-', r'\-') not in page1:
            fail(f'carcassonne(1) does not document {flag}')

    # each command's own help and its section of carcassonne(1) name the
    # same flags (the rule options are documented once, under play)
    sections = dict(re.findall(r'^\.SS (\S+)\n(.*?)(?=^\.S[SH] )', page1,
                               re.M | re.S))
    rule_section = sections.get('play', '').split('Rule options:')[-1]
    rule_flags = set(re.findall(r'\\-\\-[a-z][a-z\\-]*[a-z]', rule_section))
    for cmd in ('play', 'replay', 'render', 'match', 'bot', 'import\\-jcz',
                'export\\-jcz'):
        name = cmd.replace('\\', '')
        text = subprocess.run([tool, 'help', name], capture_output=True,
                              text=True).stdout
        helped = {f.replace('-', r'\-') for f in
                  re.findall(r'(?<![\w-])--[a-z][a-z-]*[a-z]', text)}
        helped |= {r'\-o'} if re.search(r'(?<![\w-])-o ', text) else set()
        manned = set(re.findall(r'\\-\\-[a-z][a-z\\-]*[a-z]',
                                sections.get(cmd, '')))
        manned |= ({r'\-o'} if re.search(r'^\.BI? \\-o\b', sections.get(cmd, ''),
                                          re.M) else set())
        if 'rule options' in text:
            manned |= rule_flags
        if not sections.get(cmd):
            fail(f'carcassonne(1) has no section {name}')
        for flag in sorted(helped - manned):
            fail(f'carcassonne(1), section {name}, does not document '
                 f'{flag} of "carcassonne help {name}"')
        for flag in sorted(manned - helped):
            fail(f'"carcassonne help {name}" does not list {flag} of '
                 f'carcassonne(1)')
    if shutil.which('man'):
        for page in (os.path.join(root, 'cli', 'carcassonne.1'),
                     os.path.join(root, 'doc', 'carcassonne.3.in')):
            r = subprocess.run(['man', '--warnings', '-l', page],
                               capture_output=True, text=True,
                               env=dict(os.environ, MANWIDTH='80'))
            if r.returncode != 0 or 'warning' in r.stderr:
                fail(f'{page}: {r.stderr.strip()}')
    if failures:
        print(f'{len(failures)} failure(s)')
        return 1
    print(f'ok: {len(funcs)} functions, {len(flags)} flags')
    return 0


if __name__ == '__main__':
    sys.exit(main())
