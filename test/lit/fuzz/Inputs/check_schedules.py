#!/usr/bin/env python3
"""For test/lit/fuzz/differential-schedules.test: every schedule file that
run_differential.py --schedules dumped (DIR/<program>/sched<k>.json) was
either refused (c2cuda.s<k>.err holds an error) or applied by
c2cuda --schedule: prog.s<k>.cu differs from the default prog.cu and
launches every block shape the file names. Prints the problems, then
'N schedule files applied, M refused, P not applied'."""
import json
import os
import re
import sys

root = sys.argv[1]
applied = refused = bad = 0
for name in sorted(os.listdir(root)):
    d = os.path.join(root, name)
    files = [f for f in os.listdir(d) if re.fullmatch(r'sched\d+\.json', f)] \
        if os.path.isdir(d) else []
    for f in sorted(files):
        k = f[len('sched'):-len('.json')]
        cu = os.path.join(d, 'prog.s%s.cu' % k)
        err = os.path.join(d, 'c2cuda.s%s.err' % k)
        if not os.path.exists(cu):
            if os.path.exists(err) and 'error:' in open(err).read():
                refused += 1
            else:
                print('%s/%s: no prog.s%s.cu and no refusal' % (name, f, k))
                bad += 1
            continue
        text = open(cu).read()
        problems = []
        if text == open(os.path.join(d, 'prog.cu')).read():
            problems.append('the same CUDA as without it')
        for fn, nests in json.load(open(os.path.join(d, f))).items():
            for nest in nests:
                b = nest.get('block')
                if b:
                    b = (b + [1, 1])[:3]
                    launch = 'c2c_block(%du, %du, %du)' % tuple(b)
                    # A 1-D grid-stride kernel's block is the largest the
                    # host may shrink it from (c2c_fit_block).
                    fit = 'c2c_fit_block(c2c_trip_x, %du)' % b[0]
                    if launch not in text and not (b[1:] == [1, 1] and
                                                   fit in text):
                        problems.append('no %s (%s nest %d)' % (
                            launch, fn, nest['nest']))
        if problems:
            print('%s/%s: %s' % (name, f, '; '.join(problems)))
            bad += 1
        else:
            applied += 1
print('%d schedule files applied, %d refused, %d not applied' % (
    applied, refused, bad))
