#!/usr/bin/env python3
"""Differential testing of c2cuda on programs from gen_programs.py.

    run_differential.py --programs DIR [--c2cuda PATH] [--nvcc PATH]
                        [--stage translate|oracle|compile|run[,...]]
                        [-j N] [--log DIR]

For every DIR/<name>/ holding prog.c, driver.c and meta.json:

  translate  c2cuda -q prog.c -o prog.cu (only with --c2cuda; without it,
             prog.cu must already be there, e.g. translated on a machine
             with c2cuda and carried to the GPU machine with its
             c2cuda.err). A clean refusal (exit 1, 'error:' on stderr, no
             output) is 'refused', never a failure; anything else that is
             not a success is 'c2cuda-crash'.
  oracle     c2cuda-check prog.c at the program's sizes, with the element
             counts of the driver's arrays: a planned copy past the end of
             an array is 'run-fault' (what the GPU run would do), a wrong
             value 'mismatch'.
  compile    ref.o from prog.c (host C compiler, -Df=f_ref), then nvcc -c
             prog.cu and nvcc linking prog.o, driver.c and ref.o.
  run        the linked program (needs a GPU): it prints
             'RESULT <name> PASS|FAIL ...'; a signal (the PROT_NONE page
             after every array: a host copy past the end) or an error exit
             is 'run-fault'.

run implies compile; compile and oracle imply translate when --c2cuda is
given. Prints failures, a summary table, and last the line
'N passed, M failed' (M: crashes, compile errors, faults, mismatches and
timeouts; refused and unsupported are listed apart). Exits 1 if M > 0 or
more programs were refused than --max-refused-fraction allows.

With --schedules N, each program is checked under its default lowering
and N random schedules (c2cuda-check --random-schedules, seeded by the
program's input seed): the oracle draws them, checks every (program,
schedule) pair and writes schedule k to sched<k>.json; translate then also
writes prog.s<k>.cu with `c2cuda --schedule sched<k>.json` (so translating
with --c2cuda runs the oracle too: it draws the schedules), and compile
and run build and run each prog.s<k>.cu with the same driver.c and ref.o.
A schedule the oracle or c2cuda refuses is a refused pair (its reason in
c2cuda.s<k>.err), not a failure. A program fails if any of its pairs does.
The last line is then 'N pairs passed, M failed, R refused' (plus
', U unsupported' where the oracle could not run some), counting the
default pairs too; a line before the programs' counts gives the random
pairs' alone.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

FAILURES = ['c2cuda-crash', 'oracle-crash', 'compile-error', 'run-fault',
            'mismatch', 'timeout', 'harness-error']
ORDER = ['pass', 'unsupported', 'refused'] + FAILURES


class Outcome:
    def __init__(self, name):
        self.name = name
        self.cls = 'pass'
        self.detail = ''
        self.stage = ''
        self.log = []
        self.refusal = ''
        self.unsupported = ''
        self.seconds = {}
        # With --schedules: the random schedules' pairs, by number, and the
        # schedule that failed the program (None: the default lowering).
        self.pairs = collections.OrderedDict()
        self.failed_sched = None

    def set(self, cls, stage, detail):
        self.cls, self.stage, self.detail = cls, stage, detail.strip()

    def fail_pair(self, k, cls, stage, detail):
        """Pair k failed: so did the program (the first failure is kept)."""
        self.pairs[k] = Pair(cls, stage, detail)
        if self.cls == 'pass':
            self.set(cls, stage, 's%d: %s' % (k, detail))
            self.failed_sched = k


class Pair:
    """One random schedule of a program (the default is the Outcome's)."""

    def __init__(self, cls='pass', stage='', detail=''):
        self.cls, self.stage, self.detail = cls, stage, detail.strip()
        self.unsupported = ''
        self.text = ''  # the schedule's clauses, from c2cuda-check


def run_cmd(out, stage, argv, cwd, timeout):
    """Runs argv; returns (rc, stdout, stderr), rc None on timeout and a
    negative signal number when killed by a signal."""
    t0 = time.time()
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True,
                           errors='replace', timeout=timeout)
        rc, so, se = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc = None
        so = e.stdout.decode(errors='replace') if isinstance(
            e.stdout, bytes) else (e.stdout or '')
        se = e.stderr.decode(errors='replace') if isinstance(
            e.stderr, bytes) else (e.stderr or '')
    except OSError as e:
        rc, so, se = 127, '', str(e)
    out.seconds[stage] = out.seconds.get(stage, 0) + time.time() - t0
    out.log.append('$ (%s) %s\nrc=%s\n%s%s' % (
        stage, ' '.join(shlex.quote(a) for a in argv), rc, so, se))
    return rc, so, se


def signame(rc):
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return 'signal %d' % -rc


def first_line(text, key=None):
    for line in text.splitlines():
        if key is None or key in line:
            return line.strip()
    return ''


def translate(args, d, out):
    cu = os.path.join(d, 'prog.cu')
    err = os.path.join(d, 'c2cuda.err')
    if not args.c2cuda:
        if os.path.exists(cu):
            return True
        if os.path.exists(err):
            text = open(err, errors='replace').read()
            if 'error:' in text:
                out.set('refused', 'translate', first_line(text, 'error:'))
                out.refusal = refusal_reason(text)
                return False
        out.set('harness-error', 'translate', 'no prog.cu (and no --c2cuda)')
        return False
    if os.path.exists(cu):
        os.remove(cu)
    rc, so, se = run_cmd(out, 'translate',
                         [args.c2cuda, '-q', 'prog.c', '-o', 'prog.cu'], d,
                         args.c2cuda_timeout)
    with open(err, 'w') as fh:
        fh.write(se)
    made = os.path.exists(cu)
    if rc is None:
        out.set('timeout', 'translate', 'c2cuda ran over %ds' %
                args.c2cuda_timeout)
    elif rc < 0:
        out.set('c2cuda-crash', 'translate', 'c2cuda killed by %s: %s' % (
            signame(rc), first_line(se)))
    elif rc == 0 and made:
        return True
    elif rc == 1 and 'error:' in se and not made:
        out.set('refused', 'translate', first_line(se, 'error:'))
        out.refusal = refusal_reason(se)
    else:
        out.set('c2cuda-crash', 'translate',
                'c2cuda exit %d, %s: %s' % (rc, 'output written' if made else
                                            'no output', first_line(se)))
    return False


def refusal_reason(stderr):
    """The first error message, without location and names: a key for
    counting refusals by kind."""
    line = first_line(stderr, 'error:')
    msg = line.split('error:', 1)[1].strip() if 'error:' in line else line
    words = []
    quoted = False
    for part in msg.split("'"):
        words.append("'X'" if quoted else part)
        quoted = not quoted
    return ''.join(words)


CHECK_LINE = re.compile(
    r'^CHECK (\S+) (\S+)(?: sched=(\S+))?(?: maxRelL2=\S+)? ?(.*)$')


def unsupported_key(msg):
    """An unsupported message as a key for counting: no location, no seed."""
    msg = msg.split(' (seed ')[0]
    if ': ' in msg and msg.startswith('prog.c:'):
        msg = msg.split(': ', 1)[1]
    return msg


def fail_class(msg):
    """The wrapper copying past the caller's array faults on the GPU."""
    fault = 'copies' in msg and ('holds' in msg or 'touches' in msg)
    return 'run-fault' if fault else 'mismatch'


def oracle(args, d, meta, out, translated):
    sizes = ','.join('%s=%d' % kv for kv in sorted(meta['scalars'].items()))
    held = ','.join('%s=%d' % (a['name'], a['count']) for a in meta['arrays'])
    argv = [args.c2cuda_check, 'prog.c', '--size', sizes, '--seed',
            str(meta.get('input_seed', 1)), '--trials', str(args.trials)]
    if held:
        argv += ['--array-size', held]
    if args.schedules:
        for k in range(1, args.schedules + 1):
            for f in ('sched%d.json' % k, 'prog.s%d.cu' % k,
                      'c2cuda.s%d.err' % k):
                if os.path.exists(os.path.join(d, f)):
                    os.remove(os.path.join(d, f))
        argv += ['--random-schedules', str(args.schedules),
                 '--schedule-seed', str(meta.get('input_seed', 1)),
                 '--dump-schedules', 'sched.json']
    rc, so, se = run_cmd(out, 'oracle', argv, d, args.oracle_timeout)
    # The schedule being checked when the oracle stopped.
    last = [l for l in so.splitlines() if l.startswith('SCHEDULE ')]
    where = (' (at %s)' % last[-1].split(None, 2)[2].split()[0]) \
        if last else ''
    if rc is None:
        out.set('timeout', 'oracle', 'c2cuda-check ran over %ds%s' % (
            args.oracle_timeout, where))
        return False
    if rc < 0:
        out.set('oracle-crash', 'oracle', 'c2cuda-check killed by %s%s: %s'
                % (signame(rc), where, first_line(se)))
        return False
    checks = []  # (sched, status, message); sched None: the default
    texts = {}   # sched -> its SCHEDULE line's clauses
    for l in so.splitlines():
        m = CHECK_LINE.match(l)
        if m:
            sched = m.group(3)
            checks.append((None if sched in (None, 'default') else int(sched),
                           m.group(2), m.group(4)))
        elif l.startswith('SCHEDULE ') and len(l.split(None, 3)) > 3:
            k = l.split(None, 3)[2][len('sched='):]
            texts[int(k)] = texts.get(int(k), '') + ' ' + l.split(None, 3)[3]
    if rc == 2 and 'error:' in se and not translated and not checks:
        out.set('refused', 'oracle', first_line(se, 'error:'))
        out.refusal = refusal_reason(se)
        return False
    if rc not in (0, 1) or not checks or (
            rc == 1 and not any(c[1] == 'FAIL' for c in checks)):
        out.set('oracle-crash', 'oracle', 'c2cuda-check exit %d: %s' % (
            rc, first_line(se, 'error:') or first_line(se)))
        return False
    fails = [c for c in checks if c[0] is None and c[1] == 'FAIL']
    if fails:
        out.set(fail_class(fails[0][2]), 'oracle', fails[0][2])
    unsup = [c for c in checks if c[0] is None and c[1] == 'UNSUPPORTED']
    if unsup:
        out.unsupported = unsupported_key(unsup[0][2])
    # The random pairs, whether or not the default passed.
    for k in range(1, args.schedules + 1):
        mine = [c for c in checks if c[0] == k]
        pair = Pair()
        pair.text = texts.get(k, '').strip()
        out.pairs[k] = pair
        if not mine:
            out.fail_pair(k, 'oracle-crash', 'oracle',
                          'c2cuda-check printed no line for it')
            continue
        for _, status, msg in mine:
            if status == 'FAIL':
                out.fail_pair(k, fail_class(msg), 'oracle', msg)
                break
            if status == 'REFUSED' and pair.cls == 'pass':
                pair.cls, pair.stage, pair.detail = 'refused', 'oracle', msg
                with open(os.path.join(d, 'c2cuda.s%d.err' % k), 'w') as fh:
                    fh.write(msg + '\n')
            elif status == 'UNSUPPORTED':
                pair.unsupported = unsupported_key(msg)
    return not fails


def translate_schedules(args, d, out):
    """prog.s<k>.cu from sched<k>.json for each pair still passing."""
    for k, pair in out.pairs.items():
        if pair.cls != 'pass':
            continue
        cu = 'prog.s%d.cu' % k
        rc, so, se = run_cmd(out, 'translate', [
            args.c2cuda, '-q', '--schedule', 'sched%d.json' % k, 'prog.c',
            '-o', cu], d, args.c2cuda_timeout)
        with open(os.path.join(d, 'c2cuda.s%d.err' % k), 'w') as fh:
            fh.write(se)
        made = os.path.exists(os.path.join(d, cu))
        if rc is None:
            out.fail_pair(k, 'timeout', 'translate', 'c2cuda ran over %ds' %
                          args.c2cuda_timeout)
        elif rc < 0:
            out.fail_pair(k, 'c2cuda-crash', 'translate',
                          'c2cuda killed by %s: %s' % (signame(rc),
                                                       first_line(se)))
        elif rc == 1 and 'error:' in se and not made:
            pair.cls, pair.stage = 'refused', 'translate'
            pair.detail = first_line(se, 'error:')
        elif rc != 0 or not made:
            out.fail_pair(k, 'c2cuda-crash', 'translate',
                          'c2cuda exit %d, %s: %s' % (
                              rc, 'output written' if made else 'no output',
                              first_line(se)))
    return out.cls == 'pass'


def find_schedules(args, d, out):
    """Without --c2cuda: the pairs translated elsewhere (prog.s<k>.cu, or a
    refusal in c2cuda.s<k>.err)."""
    for k in range(1, args.schedules + 1):
        if k in out.pairs and out.pairs[k].cls != 'pass':
            continue
        pair = out.pairs.setdefault(k, Pair())
        sched = os.path.join(d, 'sched%d.json' % k)
        if not pair.text and os.path.exists(sched):
            with open(sched) as fh:
                pair.text = json.dumps(json.load(fh), sort_keys=True)
        if os.path.exists(os.path.join(d, 'prog.s%d.cu' % k)):
            continue
        err = os.path.join(d, 'c2cuda.s%d.err' % k)
        text = open(err, errors='replace').read() \
            if os.path.exists(err) else ''
        if 'error:' in text:
            pair.cls, pair.stage = 'refused', 'translate'
            pair.detail = first_line(text, 'error:')
        else:
            out.fail_pair(k, 'harness-error', 'translate',
                          'no prog.s%d.cu (and no --c2cuda)' % k)
    return out.cls == 'pass'


def variant(k):
    """The file stem of pair k's CUDA: prog (the default) or prog.s<k>."""
    return 'prog' if k is None else 'prog.s%d' % k


def setter(out, k):
    """How a stage reports a failure of the default (k None) or of pair k."""
    if k is None:
        return out.set
    return lambda cls, stage, detail: out.fail_pair(k, cls, stage, detail)


def compile_reference(args, d, out):
    cc = shlex.split(args.cc)
    rc, so, se = run_cmd(out, 'compile', cc + [
        '-O1', '-std=gnu11', '-Df=f_ref', '-c', 'prog.c', '-o', 'ref.o'], d,
        args.compile_timeout)
    if rc != 0:
        out.set('harness-error', 'compile', 'host compiler on prog.c: %s' %
                (first_line(se, 'error') or first_line(se)))
        return False
    return True


def compile_program(args, d, out, k=None):
    """<variant>.cu compiled by nvcc and linked with driver.c and ref.o
    (compile_reference) into <variant>.bin."""
    fail = setter(out, k)
    v = variant(k)
    nvcc = shlex.split(args.nvcc)
    rc, so, se = run_cmd(out, 'compile', nvcc + args.nvcc_flags + [
        '-c', v + '.cu', '-o', v + '.o'], d, args.compile_timeout)
    if rc is None:
        fail('timeout', 'compile', 'nvcc ran over %ds' % args.compile_timeout)
        return False
    if rc != 0:
        fail('compile-error', 'compile', 'nvcc: %s' % (
            first_line(se, 'error') or first_line(se)))
        return False
    rc, so, se = run_cmd(out, 'compile', nvcc + args.nvcc_flags + [
        '-o', v + '.bin', v + '.o', 'driver.c', 'ref.o', '-lm'], d,
        args.compile_timeout)
    if rc != 0:
        fail('compile-error', 'compile', 'link with driver: %s' % (
            first_line(se, 'error') or first_line(se)))
        return False
    return True


def run_program(args, d, out, k=None):
    fail = setter(out, k)
    rc, so, se = run_cmd(out, 'run', ['./%s.bin' % variant(k)], d,
                         args.timeout)
    line = first_line(so, 'RESULT ')
    if rc is None:
        fail('timeout', 'run', 'ran over %ds' % args.timeout)
        return False
    if rc < 0:
        fail('run-fault', 'run', 'killed by %s%s' % (
            signame(rc), (': ' + first_line(se)) if se.strip() else ''))
        return False
    words = line.split(None, 3)
    if rc == 0 and len(words) >= 3 and words[2] == 'PASS':
        return True
    if rc == 0 and len(words) >= 3 and words[2] == 'FAIL':
        fail('mismatch', 'run', words[3] if len(words) > 3 else '')
        return False
    fail('run-fault', 'run', 'exit %s: %s' % (
        rc, first_line(se, 'c2cuda') or first_line(se) or line))
    return False


def process(args, d):
    name = os.path.basename(d)
    out = Outcome(name)
    try:
        with open(os.path.join(d, 'meta.json')) as fh:
            meta = json.load(fh)
        stages = args.stages
        # The oracle alone needs no prog.cu: c2cuda-check lowers prog.c.
        translated = False
        if args.c2cuda or stages != {'oracle'}:
            if not translate(args, d, out):
                return out
            translated = True
        # With --schedules, the oracle draws the schedules c2cuda translates.
        # From here on each pair goes on alone: one failing fails the
        # program but does not stop the others.
        default_ok = True
        if 'oracle' in stages or (args.schedules and args.c2cuda):
            default_ok = oracle(args, d, meta, out, translated)
            if not default_ok and not out.pairs:
                return out
        if args.schedules and translated:
            if args.c2cuda:
                translate_schedules(args, d, out)
            else:
                find_schedules(args, d, out)
        todo = ([None] if default_ok else []) + [
            k for k, p in out.pairs.items() if p.cls == 'pass']
        if 'compile' in stages and todo:
            if not compile_reference(args, d, out):
                for k, p in out.pairs.items():
                    if p.cls == 'pass':
                        p.cls, p.stage = out.cls, out.stage
                        p.detail = out.detail
                return out
            todo = [k for k in todo if compile_program(args, d, out, k)]
        if 'run' in stages:
            for k in todo:
                run_program(args, d, out, k)
        else:
            # Nothing ran the semantics of a pair the oracle could not run:
            # not a pass.
            for p in out.pairs.values():
                if p.cls == 'pass' and p.unsupported:
                    p.cls, p.stage, p.detail = 'unsupported', 'oracle', \
                        p.unsupported
            if out.cls == 'pass' and out.unsupported:
                out.set('unsupported', 'oracle', out.unsupported)
    except Exception as e:  # A harness bug must not look like a pass.
        out.set('harness-error', 'harness', '%s: %s' % (type(e).__name__, e))
    finally:
        if args.log:
            with open(os.path.join(args.log, name + '.log'), 'w') as fh:
                fh.write('%s: %s %s\n\n' % (name, out.cls, out.detail))
                fh.write('\n'.join(out.log))
    return out


def find_programs(root):
    progs = []
    for entry in sorted(os.listdir(root)):
        d = os.path.join(root, entry)
        if os.path.isfile(os.path.join(d, 'prog.c')) and os.path.isfile(
                os.path.join(d, 'meta.json')):
            progs.append(d)
    return progs


def default_check(c2cuda):
    """c2cuda-check in the build tree next to c2cuda, else on PATH."""
    if c2cuda:
        tools = os.path.dirname(os.path.dirname(os.path.abspath(c2cuda)))
        p = os.path.join(tools, 'c2cuda-check', 'c2cuda-check')
        if os.path.exists(p):
            return p
    return shutil.which('c2cuda-check') or 'c2cuda-check'


def default_nvcc():
    if shutil.which('nvcc'):
        return 'nvcc'
    return '/usr/local/cuda/bin/nvcc'


def default_pair_class(args, r):
    """The class of a program's default pair: the program's, unless a random
    pair failed it (then the default passed, or ran on nothing but the
    oracle that could not run it)."""
    if r.failed_sched is None:
        return r.cls
    if r.unsupported and 'run' not in args.stages:
        return 'unsupported'
    return 'pass'


def pair_summary(args, results):
    """Prints the pair counts; returns the last line."""
    def line(counts, what):
        failed = sum(counts[c] for c in FAILURES)
        text = '%d %s passed, %d failed, %d refused' % (
            counts['pass'], what, failed, counts['refused'])
        if counts['unsupported']:
            text += ', %d unsupported' % counts['unsupported']
        return text

    default = collections.Counter(default_pair_class(args, r)
                                  for r in results)
    rand = collections.Counter(p.cls for r in results
                               for p in r.pairs.values())
    passed = [p for r in results for p in r.pairs.values() if p.cls == 'pass']
    # The clauses from c2cuda-check, or sched<k>.json's keys.
    def has(p, key):
        return key + '(' in p.text or '"%s"' % key in p.text
    tiled = sum(has(p, 'tile') for p in passed)
    mapped = sum(has(p, 'map') and not has(p, 'tile') for p in passed)
    # A key for counting: numbers and the schedule file's name dropped.
    refusals = collections.Counter(
        re.sub(r'\d+', 'N', refusal_reason(p.detail).split(' (from ')[0])
        for r in results for p in r.pairs.values() if p.cls == 'refused')
    print('')
    print('%-14s %6s %6s' % ('pairs', 'default', 'random'))
    for c in ORDER:
        if default[c] or rand[c] or c in ('pass', 'refused'):
            print('%-14s %6d %6d' % (c, default[c], rand[c]))
    print('random pairs passed: %d with a tiled nest, %d more with a mapped '
          'nest, %d with neither (unroll, maxrregcount or the default)'
          % (tiled, mapped, len(passed) - tiled - mapped))
    for reason, k in refusals.most_common(5):
        print('  schedule refused %4d: %s' % (k, reason))
    print(line(rand, 'random pairs'))
    return line(default + rand, 'pairs')


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split('\n\n', 2)[2])
    ap.add_argument('--programs', required=True,
                    help='directory of program directories')
    ap.add_argument('--c2cuda', help='translate with this c2cuda')
    ap.add_argument('--c2cuda-check',
                    help='the oracle (default: next to --c2cuda, or PATH)')
    ap.add_argument('--nvcc', default=default_nvcc(),
                    help='nvcc command (may hold arguments)')
    ap.add_argument('--nvcc-flags', default='-arch=sm_90 -O2',
                    help='default: %(default)s')
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'),
                    help='host C compiler for ref.o (default: $CC or cc)')
    ap.add_argument('--stage', default='translate',
                    help='translate, oracle, compile, run, or a comma list')
    ap.add_argument('-j', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--log', help='write one log per program here')
    ap.add_argument('--timeout', type=int, default=60,
                    help='seconds per program run (default 60)')
    ap.add_argument('--c2cuda-timeout', type=int, default=120)
    ap.add_argument('--oracle-timeout', type=int, default=300)
    ap.add_argument('--compile-timeout', type=int, default=300)
    ap.add_argument('--trials', type=int, default=2,
                    help='oracle trials per program (default 2)')
    ap.add_argument('--schedules', type=int, default=0, metavar='N',
                    help='also check N random schedules per program '
                    '(pairs; see above)')
    ap.add_argument('--max-refused-fraction', type=float, default=None,
                    help='fail if more programs than this are refused')
    ap.add_argument('-v', '--verbose', action='store_true',
                    help='one line per program')
    args = ap.parse_args()

    args.stages = set()
    for s in args.stage.split(','):
        s = s.strip()
        if s not in ('translate', 'oracle', 'compile', 'run'):
            ap.error("unknown stage '%s'" % s)
        args.stages.add(s)
    if 'run' in args.stages:
        args.stages.add('compile')
    args.nvcc_flags = shlex.split(args.nvcc_flags)
    if ('oracle' in args.stages or (args.schedules and args.c2cuda)) and \
            not args.c2cuda_check:
        args.c2cuda_check = default_check(args.c2cuda)
    if args.log:
        os.makedirs(args.log, exist_ok=True)

    progs = find_programs(args.programs)
    if not progs:
        print('run_differential: no programs under %s' % args.programs,
              file=sys.stderr)
        return 2
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as pool:
        results = list(pool.map(lambda d: process(args, d), progs))
    wall = time.time() - t0

    counts = collections.Counter(r.cls for r in results)
    for r in results:
        if args.verbose or r.cls in FAILURES:
            print('%s %s%s%s' % (r.name, r.cls,
                                 (' [%s]' % r.stage) if r.stage else '',
                                 (': ' + r.detail) if r.detail else ''))
        for k, p in r.pairs.items():
            if p.cls in FAILURES and not (r.failed_sched == k and
                                          not args.verbose):
                print('%s.s%d %s [%s]: %s%s' % (
                    r.name, k, p.cls, p.stage, p.detail,
                    ' {%s}' % p.text if p.text else ''))
    refusals = collections.Counter(r.refusal for r in results
                                   if r.cls == 'refused')
    unsup = collections.Counter(r.unsupported for r in results
                                if r.unsupported)
    print('')
    print('%-14s %6s' % ('class', 'count'))
    for c in ORDER:
        if counts[c] or c in ('pass', 'refused'):
            print('%-14s %6d' % (c, counts[c]))
    print('%-14s %6d  (%s; %.1fs)' % ('programs', len(results),
                                      ','.join(sorted(args.stages)), wall))
    for reason, k in refusals.most_common(5):
        print('  refused %4d: %s' % (k, reason))
    for reason, k in unsup.most_common(3):
        print('  oracle unsupported %4d: %s' % (k, reason))
    if args.log:
        with open(os.path.join(args.log, 'summary.json'), 'w') as fh:
            json.dump({'counts': dict(counts),
                       'refusals': dict(refusals),
                       'results': [{'name': r.name, 'class': r.cls,
                                    'stage': r.stage, 'detail': r.detail,
                                    'seconds': r.seconds,
                                    'pairs': {
                                        str(k): {'class': p.cls,
                                                 'stage': p.stage,
                                                 'detail': p.detail,
                                                 'schedule': p.text}
                                        for k, p in r.pairs.items()}}
                                   for r in results]}, fh, indent=1)
    failed = sum(counts[c] for c in FAILURES)
    passed = counts['pass']
    status = 0 if failed == 0 else 1
    pair_line = pair_summary(args, results) if args.schedules else None
    if args.max_refused_fraction is not None and counts['refused'] > \
            args.max_refused_fraction * len(results):
        print('run_differential: %d of %d programs refused, more than %g' % (
            counts['refused'], len(results), args.max_refused_fraction))
        status = 1
    sys.stdout.flush()
    print('%d passed, %d failed' % (passed, failed))
    if pair_line:
        print(pair_line)
    return status


if __name__ == '__main__':
    sys.exit(main())
