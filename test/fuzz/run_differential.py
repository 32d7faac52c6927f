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
"""

import argparse
import collections
import concurrent.futures
import json
import os
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

    def set(self, cls, stage, detail):
        self.cls, self.stage, self.detail = cls, stage, detail.strip()


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


def oracle(args, d, meta, out, translated):
    sizes = ','.join('%s=%d' % kv for kv in sorted(meta['scalars'].items()))
    held = ','.join('%s=%d' % (a['name'], a['count']) for a in meta['arrays'])
    argv = [args.c2cuda_check, 'prog.c', '--size', sizes, '--seed',
            str(meta.get('input_seed', 1)), '--trials', str(args.trials)]
    if held:
        argv += ['--array-size', held]
    rc, so, se = run_cmd(out, 'oracle', argv, d, args.oracle_timeout)
    if rc is None:
        out.set('timeout', 'oracle', 'c2cuda-check ran over %ds' %
                args.oracle_timeout)
        return False
    if rc < 0:
        out.set('oracle-crash', 'oracle', 'c2cuda-check killed by %s: %s' % (
            signame(rc), first_line(se)))
        return False
    checks = [l for l in so.splitlines() if l.startswith('CHECK ')]
    fails = [l for l in checks if l.split()[2:3] == ['FAIL']]
    if fails:
        msg = fails[0].split(None, 4)[4] if len(fails[0].split(None, 4)) > 4 \
            else fails[0]
        # The wrapper copying past the caller's array faults on the GPU.
        fault = 'copies' in msg and ('holds' in msg or 'touches' in msg)
        out.set('run-fault' if fault else 'mismatch', 'oracle', msg)
        return False
    if rc == 2 and 'error:' in se and not translated:
        out.set('refused', 'oracle', first_line(se, 'error:'))
        out.refusal = refusal_reason(se)
        return False
    if rc != 0 or not checks:
        out.set('oracle-crash', 'oracle', 'c2cuda-check exit %d: %s' % (
            rc, first_line(se, 'error:') or first_line(se)))
        return False
    unsup = [l for l in checks if l.split()[2:3] == ['UNSUPPORTED']]
    if unsup:
        out.unsupported = unsup[0].split(None, 4)[-1]
        # A key for counting: no location, no seed.
        msg = out.unsupported.split(' (seed ')[0]
        if ': ' in msg and msg.startswith('prog.c:'):
            msg = msg.split(': ', 1)[1]
        out.unsupported = msg
    return True


def compile_program(args, d, out):
    cc = shlex.split(args.cc)
    nvcc = shlex.split(args.nvcc)
    rc, so, se = run_cmd(out, 'compile', cc + [
        '-O1', '-std=gnu11', '-Df=f_ref', '-c', 'prog.c', '-o', 'ref.o'], d,
        args.compile_timeout)
    if rc != 0:
        out.set('harness-error', 'compile', 'host compiler on prog.c: %s' %
                (first_line(se, 'error') or first_line(se)))
        return False
    rc, so, se = run_cmd(out, 'compile', nvcc + args.nvcc_flags + [
        '-c', 'prog.cu', '-o', 'prog.o'], d, args.compile_timeout)
    if rc is None:
        out.set('timeout', 'compile', 'nvcc ran over %ds' %
                args.compile_timeout)
        return False
    if rc != 0:
        out.set('compile-error', 'compile', 'nvcc: %s' % (
            first_line(se, 'error') or first_line(se)))
        return False
    rc, so, se = run_cmd(out, 'compile', nvcc + args.nvcc_flags + [
        '-o', 'prog.bin', 'prog.o', 'driver.c', 'ref.o', '-lm'], d,
        args.compile_timeout)
    if rc != 0:
        out.set('compile-error', 'compile', 'link with driver: %s' % (
            first_line(se, 'error') or first_line(se)))
        return False
    return True


def run_program(args, d, out):
    rc, so, se = run_cmd(out, 'run', ['./prog.bin'], d, args.timeout)
    line = first_line(so, 'RESULT ')
    if rc is None:
        out.set('timeout', 'run', 'ran over %ds' % args.timeout)
        return False
    if rc < 0:
        out.set('run-fault', 'run', 'killed by %s%s' % (
            signame(rc), (': ' + first_line(se)) if se.strip() else ''))
        return False
    words = line.split(None, 3)
    if rc == 0 and len(words) >= 3 and words[2] == 'PASS':
        return True
    if rc == 0 and len(words) >= 3 and words[2] == 'FAIL':
        out.set('mismatch', 'run', words[3] if len(words) > 3 else '')
        return False
    out.set('run-fault', 'run', 'exit %s: %s' % (
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
        if 'oracle' in stages and not oracle(args, d, meta, out,
                                             translated):
            return out
        if 'compile' in stages and not compile_program(args, d, out):
            return out
        if 'run' in stages:
            run_program(args, d, out)
        elif out.cls == 'pass' and out.unsupported:
            # Nothing ran the program's semantics: not a pass.
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
    if 'oracle' in args.stages and not args.c2cuda_check:
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
                                    'seconds': r.seconds}
                                   for r in results]}, fh, indent=1)
    failed = sum(counts[c] for c in FAILURES)
    passed = counts['pass']
    status = 0 if failed == 0 else 1
    if args.max_refused_fraction is not None and counts['refused'] > \
            args.max_refused_fraction * len(results):
        print('run_differential: %d of %d programs refused, more than %g' % (
            counts['refused'], len(results), args.max_refused_fraction))
        status = 1
    sys.stdout.flush()
    print('%d passed, %d failed' % (passed, failed))
    return status


if __name__ == '__main__':
    sys.exit(main())
