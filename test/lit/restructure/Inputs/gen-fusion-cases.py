#!/usr/bin/env python3
"""Writes one C file of scops that pair an initializing loop nest with an
updating one, in every combination of: how the first nest sets X (the
element of the update, an offset one, a folded one, a transposed one), what
it reads (a literal, another array, the array it sets, a scalar, an array
the update writes), the update's loop order, and what the update touches
of X (the same element, a neighbour). Some pairs may be fused
(FuseInitLoops), most may not: the CPU oracle checks every one against the
C as written.

    gen-fusion-cases.py OUT.c          -> prints the number of functions
    gen-fusion-cases.py --fused OUT.c  -> reads c2cuda's remarks on stdin,
                                          prints the functions fused
"""
import itertools
import re
import sys

SETS = {
    'same': 'X[i][j]',
    'offset': 'X[i][j + 1]',
    'folded': 'X[i / 2][j]',
    'transposed': 'X[j][i]',
}
READS = {
    'lit': '0.5f',
    'other': 'B[i][j]',
    'self': 'X[i + 1][j]',
    'scalar': 's',
    'written': 'Y[i][j]',
}
ORDERS = ['ijk', 'ikj', 'kij', 'jki']
UPDATES = {
    'same': ('X[i][j] += A[i][k] * B[k][j];', None),
    'neighbour': ('X[i][j] += A[i][k] * X[i][j + 1];', None),
    'two': ('X[i][j] += A[i][k] * B[k][j];', 'Y[i][j] += X[i][j] * A[i][k];'),
}
BOUND = {'i': 'n', 'j': 'n', 'k': 'n'}


def function(name, set_, read, order, upd):
    lines = ['void %s(int n, float s, float X[n + 2][n + 2], '
             'float Y[n + 2][n + 2], const float A[n + 2][n + 2], '
             'const float B[n + 2][n + 2]) {' % name,
             '#pragma scop',
             '  for (int i = 0; i < n; i++)',
             '    for (int j = 0; j < n; j++)',
             '      %s = %s;' % (SETS[set_], READS[read])]
    pad = '  '
    for v in order:
        lines.append('%sfor (int %s = 0; %s < %s; %s++)' %
                     (pad, v, v, BOUND[v], v))
        pad += '  '
    first, second = UPDATES[upd]
    if second:
        lines.append(pad[:-2] + '{')
        lines.append(pad + first)
        lines.append(pad + second)
        lines.append(pad[:-2] + '}')
    else:
        lines.append(pad + first)
    lines += ['#pragma endscop', '}', '']
    return '\n'.join(lines)


def fused(path):
    """The functions of path whose loops a remark on stdin says are fused."""
    src = open(path).read().split('\n')
    for line in sys.stdin:
        m = re.search(r':(\d+):\d+: remark: fused the loops', line)
        if not m:
            continue
        for l in reversed(src[:int(m.group(1))]):
            if l.startswith('void '):
                print(l.split('(')[0][len('void '):])
                break


def main():
    if sys.argv[1] == '--fused':
        fused(sys.argv[2])
        return
    out = []
    count = 0
    for set_, read, order, upd in itertools.product(SETS, READS, ORDERS,
                                                    UPDATES):
        # Keep the file small: every set and read, each with two orders
        # and every update.
        if (ORDERS.index(order) + list(READS).index(read)) % 2:
            continue
        name = 'f_%s_%s_%s_%s' % (set_, read, order, upd)
        out.append(function(name, set_, read, order, upd))
        count += 1
    with open(sys.argv[1], 'w') as f:
        f.write('\n'.join(out))
    print(count)


if __name__ == '__main__':
    main()
