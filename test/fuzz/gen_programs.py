#!/usr/bin/env python3
"""Random annotated C loop nests for c2cuda's differential tests.

    gen_programs.py --seed S --count N --out DIR

writes N programs DIR/pNNNNN/{prog.c, driver.c, meta.json}. Each prog.c
holds one function `void f(int n, int m, <arrays>)` whose body is one or two
affine loop nests after `#pragma c2cuda kernel` (or inside `#pragma scop`):
parallel loops, reductions, reads after writes, selects, guarded reads,
if/else, nest-local scalars, offset and triangular bounds.

Every program is free of undefined behaviour at its sizes: the generator
runs its own AST over the iteration space (guards, short-circuits and C's
truncating / and % honoured; values tracked as intervals) and throws away
any program with an out-of-bounds subscript, a possible signed overflow, or
a float expression whose rounding could be amplified (cancellation), so
that differences between the C and the CUDA mean a bug. Pointer arrays get
exactly the number of elements C may touch (largest touched index + 1).

driver.c puts every array at the end of a page followed by a PROT_NONE page,
runs f_ref (prog.c compiled with -Df=f_ref) and f (the CUDA) on copies of
the same seeded inputs, compares every array and prints one line
`RESULT <name> PASS|FAIL <detail>`.

Program K of seed S depends only on (S, K): a smaller --count gives a prefix.
Python 3 standard library only.
"""

import argparse
import json
import os
import random
import sys

FLOAT_LITS = [0.25, 0.5, 0.75, 1.5, 2.0, 3.0]
INT_BOUND = 1 << 30
FLOAT_BOUND = 1e20
# Largest growth of relative rounding error one float + or - may cause.
MAX_AMPLIFICATION = 16.0
MAX_INSTANCES = 60000


class Reject(Exception):
    """The program would have undefined behaviour or be ill-conditioned."""


# --------------------------------------------------------------------------
# Expressions. Every node has a C type (`ty`: 'int' or 'float') and `it`:
# whether it depends on iterators and n, m only (then it evaluates to a
# concrete int), else on data (an interval).


class Lit:
    def __init__(self, v, ty):
        self.v, self.ty, self.it = v, ty, ty == 'int'

    def c(self):
        if self.ty == 'int':
            return str(self.v) if self.v >= 0 else '(%d)' % self.v
        s = repr(float(self.v))
        return s + 'f'


class Var:
    """An iterator or n, m (it) or a nest-local scalar (not it)."""

    def __init__(self, name, ty, it):
        self.name, self.ty, self.it = name, ty, it

    def c(self):
        return self.name


class Read:
    def __init__(self, arr, subs):
        self.arr, self.subs, self.ty, self.it = arr, subs, arr.ty, False

    def c(self):
        if self.arr.form == 'vla':
            return self.arr.name + ''.join('[%s]' % s.c() for s in self.subs)
        return '%s[%s]' % (self.arr.name, self.arr.linear_text(self.subs))


class Un:
    def __init__(self, op, a):
        self.op, self.a = op, a
        self.ty = 'int' if op == '!' else a.ty
        self.it = a.it

    def c(self):
        return '%s(%s)' % (self.op, self.a.c())


CMP_OPS = ('<', '<=', '>', '>=', '==', '!=')


class Bin:
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        if op in CMP_OPS or op in ('&&', '||'):
            self.ty = 'int'
        else:
            self.ty = 'float' if 'float' in (a.ty, b.ty) else 'int'
        self.it = a.it and b.it

    def c(self):
        return '(%s %s %s)' % (self.a.c(), self.op, self.b.c())


class Call:
    def __init__(self, fn, a, b):
        self.fn, self.a, self.b, self.ty, self.it = fn, a, b, 'float', False

    def c(self):
        return '%s(%s, %s)' % (self.fn, self.a.c(), self.b.c())


class Cast:
    def __init__(self, ty, a):
        self.ty, self.a, self.it = ty, a, False

    def c(self):
        return '(%s)%s' % (self.ty, self.a.c())


class Sel:
    def __init__(self, cond, a, b):
        self.cond, self.a, self.b = cond, a, b
        self.ty = 'float' if 'float' in (a.ty, b.ty) else 'int'
        self.it = False

    def c(self):
        return '(%s ? %s : %s)' % (self.cond.c(), self.a.c(), self.b.c())


def iter_names(e):
    """Iterator and parameter names in an iterator expression."""
    if isinstance(e, Var):
        return {e.name}
    if isinstance(e, Bin):
        return iter_names(e.a) | iter_names(e.b)
    return set()


def delinearizable(subs):
    """No iterator in two subscripts, no constant middle subscript."""
    seen = set()
    for k, e in enumerate(subs):
        names = {x for x in iter_names(e) if x not in ('n', 'm')}
        if names & seen:
            return False
        if not names and 0 < k < len(subs) - 1:
            return False
        seen |= names
    return True


def strip_parens(s):
    """Drops one pair of parentheses around the whole text."""
    if not (s.startswith('(') and s.endswith(')')):
        return s
    depth = 0
    for i, ch in enumerate(s):
        depth += ch == '('
        depth -= ch == ')'
        if depth == 0 and i < len(s) - 1:
            return s
    return s[1:-1]


# --------------------------------------------------------------------------
# Statements.


class Assign:
    def __init__(self, target, op, rhs):
        self.target, self.op, self.rhs = target, op, rhs


class Decl:
    def __init__(self, ty, name, init):
        self.ty, self.name, self.init = ty, name, init


class If:
    def __init__(self, cond, then, els):
        self.cond, self.then, self.els = cond, then, els


class For:
    """for (int var = lo; var cmp hi; var += step), step may be negative."""

    def __init__(self, var, lo, cmp, hi, step, body):
        self.var, self.lo, self.cmp, self.hi = var, lo, cmp, hi
        self.step, self.body = step, body


class Nest:
    def __init__(self, loop, clauses, host_pre=(), host_post=()):
        self.loop, self.clauses = loop, clauses
        # Host statements (C text) around the nest, e.g. a host scalar that
        # a reduction accumulates into, and the store of its value.
        self.host_pre, self.host_post = list(host_pre), list(host_post)


def print_stmt(s, ind, out):
    pad = '  ' * ind
    if isinstance(s, Assign):
        out.append('%s%s %s %s;' % (pad, s.target.c(), s.op,
                                    strip_parens(s.rhs.c())))
    elif isinstance(s, Decl):
        if s.init is None:
            out.append('%s%s %s;' % (pad, s.ty, s.name))
        else:
            out.append('%s%s %s = %s;' % (pad, s.ty, s.name,
                                          strip_parens(s.init.c())))
    elif isinstance(s, If):
        out.append('%sif (%s) {' % (pad, strip_parens(s.cond.c())))
        for t in s.then:
            print_stmt(t, ind + 1, out)
        if s.els:
            out.append('%s} else {' % pad)
            for t in s.els:
                print_stmt(t, ind + 1, out)
        out.append('%s}' % pad)
    elif isinstance(s, For):
        if s.step == 1:
            inc = '%s++' % s.var
        elif s.step == -1:
            inc = '%s--' % s.var
        elif s.step > 0:
            inc = '%s += %d' % (s.var, s.step)
        else:
            inc = '%s -= %d' % (s.var, -s.step)
        out.append('%sfor (int %s = %s; %s %s %s; %s) {' % (
            pad, s.var, strip_parens(s.lo.c()), s.var, s.cmp,
            strip_parens(s.hi.c()), inc))
        for t in s.body:
            print_stmt(t, ind + 1, out)
        out.append('%s}' % pad)
    else:
        raise TypeError(s)


# --------------------------------------------------------------------------
# Arrays.


class Arr:
    def __init__(self, name, ty, form, dims, role):
        # dims: the logical shape as parameter names ('n', 'm') or ints;
        # a VLA parameter is declared with it, a pointer is indexed with
        # the row-major linearization (in one of several spellings).
        self.name, self.ty, self.form, self.dims = name, ty, form, dims
        self.role = role  # 'in' (never written), 'out' or 'io'
        self.const = False
        self.lin_style = 0

    def linear_text(self, subs):
        ss = [strip_parens(s.c()) for s in subs]
        ds = [str(d) for d in self.dims]

        def par(t):
            simple = t.replace('_', '').isalnum()
            return t if simple else '(%s)' % t
        if len(ss) == 1:
            return ss[0]
        if len(ss) == 2:
            if self.lin_style == 1:
                return '%s + %s * %s' % (ss[1], par(ss[0]), ds[1])
            if self.lin_style == 2:
                return '%s * %s + %s' % (ds[1], par(ss[0]), ss[1])
            return '%s * %s + %s' % (par(ss[0]), ds[1], ss[1])
        if self.lin_style == 1:
            return '%s * %s * %s + %s * %s + %s' % (
                par(ss[0]), ds[1], ds[2], par(ss[1]), ds[2], ss[2])
        return '(%s * %s + %s) * %s + %s' % (par(ss[0]), ds[1], ss[1], ds[2],
                                             ss[2])

    def decl(self):
        const = 'const ' if self.const else ''
        if self.form == 'vla':
            return '%s%s %s%s' % (const, self.ty, self.name,
                                  ''.join('[%s]' % d for d in self.dims))
        return '%s%s *%s' % (const, self.ty, self.name)

    def dim_value(self, d, sizes):
        return sizes[d] if isinstance(d, str) else d


# --------------------------------------------------------------------------
# The evaluator: runs the program over its iteration space with intervals
# for data, records every element each array may touch, checks for
# undefined behaviour.


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_mod(a, b):
    return a - b * c_div(a, b)


def iv(x):
    return x if isinstance(x, tuple) else (x, x)


def union(a, b):
    a, b = iv(a), iv(b)
    return (min(a[0], b[0]), max(a[1], b[1]))


class Evaluator:
    def __init__(self, arrays, sizes):
        self.arrays = {a.name: a for a in arrays}
        self.sizes = sizes
        self.env = dict(sizes)
        self.locals = {}
        self.state = {a.name: {} for a in arrays}
        self.touched = {a.name: set() for a in arrays}
        self.must_written = {a.name: set() for a in arrays}
        self.read = {a.name: False for a in arrays}
        self.written = {a.name: False for a in arrays}
        self.may = 0
        self.instances = 0

    def init_value(self, a):
        return (0.5, 1.5) if a.ty == 'float' else (-8, 8)

    def check(self, v, ty):
        lo, hi = iv(v)
        if ty == 'int':
            if lo < -INT_BOUND or hi > INT_BOUND:
                raise Reject('int overflow risk')
        elif lo < -FLOAT_BOUND or hi > FLOAT_BOUND:
            raise Reject('float range')
        return v

    def index(self, r):
        a = r.arr
        subs = [self.expr(s) for s in r.subs]
        if a.form == 'vla':
            lin = 0
            for s, d in zip(subs, a.dims):
                dv = a.dim_value(d, self.sizes)
                if not 0 <= s < dv:
                    raise Reject('subscript out of bounds')
                lin = lin * dv + s
            return lin
        lin = 0
        for k, s in enumerate(subs):
            lin = lin * (a.dim_value(a.dims[k], self.sizes) if k else 1) + s
        if lin < 0:
            raise Reject('negative index')
        return lin

    def cond(self, e):
        """True or False for a condition on iterators and n, m; None when
        it reads data. Even where the intervals decide a data condition,
        both sides count: the elements C may touch are those of any run
        with any inputs of the types' ranges, which is what c2cuda must
        copy."""
        v = self.expr(e)
        if isinstance(v, tuple) or not e.it:
            return None
        return v != 0

    def guarded(self, fn):
        self.may += 1
        try:
            return fn()
        finally:
            self.may -= 1

    def expr(self, e):
        if isinstance(e, Lit):
            return e.v if e.ty == 'int' else (e.v, e.v)
        if isinstance(e, Var):
            if e.it:
                return self.env[e.name]
            return self.locals[e.name]
        if isinstance(e, Read):
            lin = self.index(e)
            self.touched[e.arr.name].add(lin)
            self.read[e.arr.name] = True
            return self.state[e.arr.name].get(lin, self.init_value(e.arr))
        if isinstance(e, Cast):
            v = self.expr(e.a)
            return iv(v) if e.ty == 'float' else v
        if isinstance(e, Un):
            v = self.expr(e.a)
            if e.op == '-':
                return -v if not isinstance(v, tuple) else (-v[1], -v[0])
            c = self.cond(e.a)
            return (0, 1) if c is None else int(not c)
        if isinstance(e, Call):
            a, b = iv(self.expr(e.a)), iv(self.expr(e.b))
            f = max if e.fn == 'fmaxf' else min
            return (f(a[0], b[0]), f(a[1], b[1]))
        if isinstance(e, Sel):
            c = self.cond(e.cond)
            if c is True:
                return self.expr(e.a)
            if c is False:
                return self.expr(e.b)
            return union(self.guarded(lambda: self.expr(e.a)),
                         self.guarded(lambda: self.expr(e.b)))
        if isinstance(e, Bin):
            return self.binary(e)
        raise TypeError(e)

    def binary(self, e):
        op = e.op
        if op in ('&&', '||'):
            l = self.cond(e.a)
            if (op == '&&' and l is False) or (op == '||' and l is True):
                return int(l)
            if l is None:
                r = self.guarded(lambda: self.cond(e.b))
                if (op == '&&' and r is False) or (op == '||' and r is True):
                    return int(r)
                return (0, 1)
            r = self.cond(e.b)
            return (0, 1) if r is None else int(r)
        a, b = self.expr(e.a), self.expr(e.b)
        if op in CMP_OPS:
            if not isinstance(a, tuple) and not isinstance(b, tuple):
                return int(eval_cmp(op, a, b))
            (al, ah), (bl, bh) = iv(a), iv(b)
            t = all_cmp(op, al, ah, bl, bh)
            return (0, 1) if t is None else int(t)
        return self.arith(op, a, b, e.ty)

    def arith(self, op, a, b, ty):
        """a op b for + - * / % &: ints when both are concrete, else
        intervals; rejects overflow and float cancellation."""
        if not isinstance(a, tuple) and not isinstance(b, tuple):
            if op == '+':
                v = a + b
            elif op == '-':
                v = a - b
            elif op == '*':
                v = a * b
            elif op in '/%':
                # Only by positive constants of non-negative iterators.
                if b <= 0 or a < 0:
                    raise Reject('division')
                v = c_div(a, b) if op == '/' else c_mod(a, b)
            elif op == '&':
                v = a & b
            else:
                raise TypeError(op)
            return self.check(v, 'int')
        (al, ah), (bl, bh) = iv(a), iv(b)
        if op == '+':
            v = (al + bl, ah + bh)
        elif op == '-':
            v = (al - bh, ah - bl)
        elif op == '*':
            ps = [al * bl, al * bh, ah * bl, ah * bh]
            v = (min(ps), max(ps))
        else:
            raise Reject('/ or % on data')
        if ty == 'float' and op in '+-':
            # Rounding errors of the operands grow by |a| + |b| over |a+-b|.
            mag = max(abs(al), abs(ah)) + max(abs(bl), abs(bh))
            low = 0.0 if v[0] <= 0 <= v[1] else min(abs(v[0]), abs(v[1]))
            if mag > 0 and low * MAX_AMPLIFICATION < mag:
                raise Reject('cancellation')
        return self.check(v, ty)

    def assign(self, s):
        t = s.target
        rhs = self.expr(s.rhs)
        if isinstance(t, Var):
            old = self.locals.get(t.name)
            new = self.combine(s.op, old, rhs, t.ty)
            # In a branch taken or not by data, both values remain possible
            # (a scalar set in both branches gets the union of the two).
            self.locals[t.name] = union(old, new) if (
                self.may and old is not None) else new
            return
        lin = self.index(t)
        name = t.arr.name
        self.touched[name].add(lin)
        self.written[name] = True
        old = self.state[name].get(lin, self.init_value(t.arr))
        if s.op != '=':
            self.read[name] = True
        new = self.combine(s.op, old, rhs, t.ty)
        if self.may:
            self.state[name][lin] = union(old, new)
        else:
            self.state[name][lin] = new
            self.must_written[name].add(lin)

    def combine(self, op, old, rhs, ty):
        if op == '=':
            return iv(rhs) if ty == 'float' else rhs
        if old is None:
            raise Reject('compound assignment to an unset scalar')
        return self.arith(op[0], old, rhs, ty)

    def stmts(self, ss):
        for s in ss:
            self.stmt(s)

    def stmt(self, s):
        self.instances += 1
        if self.instances > MAX_INSTANCES:
            raise Reject('too many instances')
        if isinstance(s, Assign):
            self.assign(s)
        elif isinstance(s, Decl):
            if s.init is not None:
                v = self.expr(s.init)
                self.locals[s.name] = iv(v) if s.ty == 'float' else v
            else:
                self.locals[s.name] = None
        elif isinstance(s, If):
            c = self.cond(s.cond)
            if c is True:
                self.stmts(s.then)
            elif c is False:
                self.stmts(s.els)
            else:
                self.guarded(lambda: self.stmts(s.then))
                self.guarded(lambda: self.stmts(s.els))
        elif isinstance(s, For):
            v = self.expr(s.lo)
            while True:
                self.env[s.var] = v
                if not eval_cmp(s.cmp, v, self.expr(s.hi)):
                    break
                self.stmts(s.body)
                v += s.step
            del self.env[s.var]
        else:
            raise TypeError(s)


def eval_cmp(op, a, b):
    return {'<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b,
            '==': a == b, '!=': a != b}[op]


def all_cmp(op, al, ah, bl, bh):
    """op over every pair of the two intervals: True, False or None."""
    if op == '<':
        return True if ah < bl else False if al >= bh else None
    if op == '<=':
        return True if ah <= bl else False if al > bh else None
    if op == '>':
        return all_cmp('<', bl, bh, al, ah)
    if op == '>=':
        return all_cmp('<=', bl, bh, al, ah)
    if op == '==':
        if al == ah == bl == bh:
            return True
        return False if ah < bl or bh < al else None
    t = all_cmp('==', al, ah, bl, bh)
    return None if t is None else not t


# --------------------------------------------------------------------------
# The generator.


class Loop:
    """A loop in scope: its iterator ranges over [lo, P - 1 - hi_off] of
    parameter P (for triangular loops, a subset of that), used to pick
    subscripts that stay within a VLA's dimension."""

    def __init__(self, var, param, lo, hi_off, stmt):
        self.var, self.param, self.lo, self.hi_off = var, param, lo, hi_off
        self.stmt = stmt


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.arrays = []
        self.features = set()
        self.local_count = 0
        # Some programs index pointers' inner dimensions beyond their size
        # (legal C; c2cuda then needs an extent clause or refuses).
        self.free_inner = rng.random() < 0.05
        if self.free_inner:
            self.features.add('free-inner')

    # -- helpers
    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs, weights=None):
        return self.r.choices(xs, weights=weights)[0]

    def new_local(self):
        self.local_count += 1
        return 't%d' % self.local_count

    def flit(self):
        return Lit(self.pick(FLOAT_LITS), 'float')

    # -- arrays
    def make_arrays(self):
        names = ['A', 'B', 'C', 'D', 'E', 'G', 'H']
        count = self.r.randint(3, 5)
        # Mostly one element type, so that selects and reads mix arrays.
        main = 'int' if self.chance(0.3) else 'float'
        other = 'float' if main == 'int' else 'int'
        for k in range(count):
            ty = other if self.chance(0.15) else main
            form = 'vla' if self.chance(0.35) else 'ptr'
            # A pointer's middle dimension needs its own iterator to be
            # delinearized: 3-D pointers are rarer.
            rank = self.pick([1, 2, 3], [0.35, 0.4, 0.25] if form == 'vla'
                             else [0.4, 0.5, 0.1])
            dims = [self.pick(['n', 'm']) for _ in range(rank)]
            role = ['in', 'out', 'io'][k] if k < 3 else self.pick(
                ['in', 'out', 'io'])
            a = Arr(names[k], ty, form, dims, role)
            a.lin_style = self.r.randint(0, 2)
            self.arrays.append(a)
        return self.arrays

    def readable(self):
        return [a for a in self.arrays if a.role in ('in', 'io')]

    def writable(self):
        return [a for a in self.arrays if a.role in ('out', 'io')]

    # -- subscripts
    def sub_for_dim(self, a, k, loops, offset_room=True, used=()):
        """An iterator expression for dimension k of a. Subscripts of a
        VLA, and of a pointer's inner dimensions (so that c2cuda can
        delinearize them, as it must to bound the extent), stay within
        the dimension when the loops allow; a pointer's outermost one is
        free (any non-negative value)."""
        d = a.dims[k]
        if not loops:
            return Lit(0, 'int')
        bounded = a.form == 'vla' or (k > 0 and not self.free_inner)
        match = [l for l in loops if l.param == d]
        if bounded:
            pool = match
            if not pool:
                return Lit(0, 'int')
        else:
            pool = match if match and self.chance(0.7) else loops
        # One iterator in two dimensions of a pointer (a diagonal, i * m +
        # i) is one term c2cuda cannot delinearize: keep it rare.
        fresh = [l for l in pool if l.var not in used]
        if a.form == 'ptr' and self.chance(0.9):
            if fresh:
                pool = fresh
            elif k == len(a.dims) - 1:
                return Lit(0, 'int')
        l = self.pick(pool)
        v = Var(l.var, 'int', True)
        roll = self.r.random()
        if roll < 0.6 or not offset_room:
            return v
        if roll < 0.8:
            # An offset the loop's range leaves room for.
            lo_c = -l.lo
            hi_c = l.hi_off if (bounded or l.param == d) else 2
            c = self.r.randint(lo_c, max(lo_c, hi_c))
            if c == 0:
                return v
            return Bin('+', v, Lit(c, 'int')) if c > 0 else Bin(
                '-', v, Lit(-c, 'int'))
        if roll < 0.9 and not bounded:
            return Bin('*', Lit(self.r.randint(2, 3), 'int'), v)
        if not bounded or self.chance(0.5):
            return Bin('/', v, Lit(2, 'int'))
        return v

    def access(self, a, loops, target_loops=None):
        """A reference to a; with target_loops, a write indexed by those
        loops in order where the dimensions allow. A pointer's subscripts
        are drawn again (a few times) while two dimensions share an
        iterator or a middle dimension is constant: c2cuda cannot
        delinearize those (kept in one of ten)."""
        r = self.access_once(a, loops, target_loops)
        if a.form != 'ptr' or len(a.dims) < 2 or self.chance(0.1):
            return r
        for _ in range(6):
            if delinearizable(r.subs):
                break
            r = self.access_once(a, loops, target_loops)
        return r

    def access_once(self, a, loops, target_loops):
        subs = []
        used = set()
        for k, d in enumerate(a.dims):
            if subs:
                used |= iter_names(subs[-1])
            if target_loops is not None and k < len(target_loops):
                # A write: distinct loops in order, so that parallel loops
                # stay parallel.
                l = target_loops[k]
                if (a.form == 'vla' or k > 0) and l.param != d:
                    subs.append(self.sub_for_dim(a, k, loops, False, used))
                else:
                    subs.append(Var(l.var, 'int', True))
            else:
                subs.append(self.sub_for_dim(a, k, loops,
                                             target_loops is None, used))
        return Read(a, subs)

    def guarded_access(self, a, loops):
        """A read one element beyond what the loop bounds allow, and the
        iterator condition under which C reads it (bug class 2): the
        subscript that is a loop's iterator moves by one past the loop's
        range, and the guard keeps it within its dimension."""
        r = self.access(a, loops)
        byvar = {l.var: l for l in loops}
        cands = [k for k, e in enumerate(r.subs)
                 if isinstance(e, Var) and e.name in byvar]
        if not cands:
            return r, None
        k = self.pick(cands)
        l = byvar[r.subs[k].name]
        v = Var(l.var, 'int', True)
        up = self.chance(0.6)
        subs = list(r.subs)
        subs[k] = Bin('+', v, Lit(1, 'int')) if up else Bin(
            '-', v, Lit(1, 'int'))
        r = Read(a, subs)
        # The dimension's size, where the loop's own bound may be lower.
        d = a.dims[k]
        bound = Var(d if isinstance(d, str) else l.param, 'int', True)
        if up:
            guard = self.pick([
                Bin('<', Bin('+', v, Lit(1, 'int')), bound),
                Bin('<', v, Bin('-', bound, Lit(1, 'int'))),
                Bin('<=', Bin('+', v, Lit(1, 'int')),
                    Bin('-', bound, Lit(1, 'int')))])
        else:
            guard = self.pick([Bin('>', v, Lit(0, 'int')),
                               Bin('>=', v, Lit(1, 'int')),
                               Bin('!=', v, Lit(0, 'int'))])
        self.features.add('guarded-read')
        return r, guard

    # -- conditions
    def iter_cond(self, loops):
        if not loops:
            return Bin('>', Var('n', 'int', True), Lit(2, 'int'))
        l = self.pick(loops)
        v = Var(l.var, 'int', True)
        k = self.r.random()
        if k < 0.25:
            return Bin('==', Bin('%', v, Lit(3, 'int')),
                       Lit(self.r.randint(0, 2), 'int'))
        if k < 0.4:
            return Bin('<', Bin('+', v, Lit(1, 'int')), Var(l.param, 'int', True))
        if k < 0.55:
            return Bin('>', v, Lit(self.r.randint(0, 2), 'int'))
        if k < 0.7 and len(loops) > 1:
            l2 = self.pick([x for x in loops if x is not l])
            return Bin(self.pick(['<', '<=', '!=', '==']), v,
                       Var(l2.var, 'int', True))
        if k < 0.8 and len(loops) > 1:
            l2 = self.pick([x for x in loops if x is not l])
            return Bin('==', Bin('%', Bin('+', v, Var(l2.var, 'int', True)),
                                 Lit(2, 'int')), Lit(self.r.randint(0, 1), 'int'))
        if k < 0.9:
            return Bin('<', Bin('*', Lit(2, 'int'), v), Var(
                self.pick(['n', 'm']), 'int', True))
        return Bin('>=', v, Bin('/', Var(l.param, 'int', True), Lit(2, 'int')))

    def residue_cond(self, loops):
        """A test on a residue of the innermost iterator, the only statement
        of its loop (CompressModularGuards runs the loop over its class)."""
        v = Var(loops[-1].var, 'int', True)
        k = self.r.random()
        if k < 0.3 and len(loops) > 1:
            w = Var(loops[-2].var, 'int', True)
            return Bin('==', Bin('%', Bin('+', w, v), Lit(2, 'int')),
                       Lit(self.r.randint(0, 1), 'int'))
        if k < 0.55:
            m = self.r.randint(2, 4)
            return Bin('==', Bin('%', v, Lit(m, 'int')),
                       Lit(self.r.randint(-1, m - 1), 'int'))
        if k < 0.7:
            return Un('!', Bin('%', v, Lit(self.r.randint(2, 3), 'int')))
        if k < 0.85:
            return Bin('%', v, Lit(2, 'int'))
        return Bin('==', Bin('&', v, Lit(3, 'int')),
                   Lit(self.r.randint(0, 3), 'int'))

    def data_cond(self, loops):
        """A comparison whose value the GPU computes exactly: reads of
        arrays never written, or of int arrays."""
        cands = [a for a in self.arrays if a.role == 'in' or a.ty == 'int']
        cands = [a for a in cands if a.role != 'out']
        if not cands:
            return self.iter_cond(loops)
        a = self.pick(cands)
        r = self.access(a, loops)
        self.features.add('data-cond')
        if a.ty == 'int':
            return Bin(self.pick(['>', '<', '>=', '!=']), r,
                       Lit(self.r.randint(-3, 3), 'int'))
        return Bin(self.pick(['>', '<']), r, Lit(self.pick([0.75, 1.0, 1.25]),
                                                 'float'))

    def cond(self, loops):
        return self.data_cond(loops) if self.chance(0.25) else self.iter_cond(
            loops)

    # -- values
    def leaf(self, ty, loops, locals_):
        k = self.r.random()
        reads = [a for a in self.readable()]
        usable = [(nm, t) for nm, t in locals_ if t == ty or ty == 'float']
        if usable and k < 0.15:
            name, lty = self.pick(usable)
            v = Var(name, lty, False)
            return v if lty == ty else Cast(ty, Bin('+', v, Lit(1000, 'int')))
        if k < 0.75 and reads:
            a = self.pick(reads)
            r = self.access(a, loops)
            if a.ty != ty:
                if ty == 'float':
                    # int values may be negative: keep float sums positive.
                    return Cast('float', Bin('*', r, r)) if self.chance(
                        0.5) else Cast('float', Bin('+', r, Lit(9, 'int')))
                return None
            return r
        if k < 0.88 and loops:
            l = self.pick(loops)
            v = Var(l.var, 'int', True)
            if ty == 'float':
                return Cast('float', Bin('+', v, Lit(1, 'int'))) if self.chance(
                    0.5) else Bin('*', Cast('float', v), Lit(0.5, 'float'))
            if self.chance(0.3):
                return Bin('%', v, Lit(self.r.randint(2, 4), 'int'))
            return v
        if ty == 'float':
            return self.flit()
        return Lit(self.r.randint(-4, 4), 'int')

    def value(self, ty, loops, locals_, depth=0):
        if depth >= 2 or self.chance(0.3):
            for _ in range(8):
                v = self.leaf(ty, loops, locals_)
                if v is not None:
                    return v
            return self.flit() if ty == 'float' else Lit(1, 'int')
        k = self.r.random()
        a = self.value(ty, loops, locals_, depth + 1)
        if ty == 'float':
            if k < 0.35:
                return Bin('+', a, self.value(ty, loops, locals_, depth + 1))
            if k < 0.55:
                return Bin('*', a, self.value(ty, loops, locals_, depth + 1))
            if k < 0.65:
                return Bin('*', a, self.flit())
            if k < 0.75:
                self.features.add('fmax')
                return Call(self.pick(['fmaxf', 'fminf']), a,
                            self.value(ty, loops, locals_, depth + 1))
            if k < 0.82:
                return Bin('-', a, Lit(0.25, 'float'))
            if k < 0.92:
                self.features.add('select')
                return Sel(self.cond(loops), a,
                           self.value(ty, loops, locals_, depth + 1))
            return Bin('+', a, self.guarded_value(ty, loops))
        if k < 0.35:
            return Bin('+', a, self.value(ty, loops, locals_, depth + 1))
        if k < 0.5:
            return Bin('-', a, self.value(ty, loops, locals_, depth + 1))
        if k < 0.65:
            return Bin('*', a, Lit(self.r.randint(-3, 3), 'int'))
        if k < 0.72:
            b = self.leaf(ty, loops, locals_)
            return Bin('*', a, b if b is not None else Lit(2, 'int'))
        if k < 0.82:
            self.features.add('select')
            return Sel(self.cond(loops), a,
                       self.value(ty, loops, locals_, depth + 1))
        if k < 0.9:
            b = self.value(ty, loops, locals_, depth + 1)
            return Sel(Bin('>', a, b), a, b)
        return Bin('+', a, self.guarded_value(ty, loops))

    def guarded_value(self, ty, loops):
        """`g ? X[e+1] : 0`, `(g && X[..] > c)`, `(g || ...)`: reads C does
        only under an iterator guard."""
        cands = [a for a in self.readable()]
        if not cands:
            return self.flit() if ty == 'float' else Lit(1, 'int')
        a = self.pick(cands)
        r, g = self.guarded_access(a, loops)
        if g is None:
            return r if r.ty == ty else Cast(ty, r)
        zero = Lit(0.0, 'float') if ty == 'float' else Lit(0, 'int')
        k = self.r.random()
        rv = r if r.ty == ty else (
            Cast('float', Bin('+', r, Lit(9, 'int'))) if ty == 'float' else None)
        if k < 0.5 and rv is not None:
            return Sel(g, rv, zero)
        thr = Lit(1.0, 'float') if a.ty == 'float' else Lit(0, 'int')
        if k < 0.75:
            c = Bin('&&', g, Bin('>', r, thr))
        else:
            c = Bin('||', Un('!', g), Bin('>', r, thr))
            self.features.add('or-guard')
        self.features.add('and-or-guard')
        one = self.flit() if ty == 'float' else Lit(2, 'int')
        if ty == 'int' and self.chance(0.5):
            return c
        return Sel(c, one, zero if ty == 'int' else Lit(0.5, 'float'))

    # -- statements
    def body_stmt(self, loops, band, locals_, out):
        """One statement (or a few) at the innermost level; writes index by
        the band loops."""
        targets = self.writable()
        if not targets:
            return
        kinds = ['assign', 'update', 'select-keep', 'select-zero', 'if',
                 'local-branches', 'local', 'raw']
        weights = [0.2, 0.08, 0.17, 0.1, 0.12, 0.14, 0.09, 0.1]
        kind = self.pick(kinds, weights)
        if kind in ('update', 'select-keep'):
            # These read the target: an array both read and written.
            targets = [a for a in targets if a.role == 'io'] or targets
        # Mostly a target with a dimension per band loop, so that the band
        # stays parallel.
        wide = [a for a in targets if len(a.dims) >= len(band)]
        x = self.pick(wide if wide and self.chance(0.8) else targets)
        t = self.access(x, loops, band)
        ty = x.ty
        if x.role != 'io' and kind in ('update', 'select-keep'):
            kind = 'assign'
        if kind == 'assign':
            out.append(Assign(t, '=', self.value(ty, loops, locals_)))
        elif kind == 'update':
            out.append(Assign(t, '+=', self.value(ty, loops, locals_, 1)))
        elif kind == 'select-keep':
            # X[e] = c ? Y[f] : X[e] (bug class 1).
            ys = [a for a in self.readable() if a is not x and a.ty == ty]
            y = self.pick(ys) if ys else x
            yr = self.access(y, loops)
            if self.chance(0.5):
                out.append(Assign(t, '=', Sel(self.cond(loops), yr, t)))
            else:
                out.append(Assign(t, '=', Sel(self.cond(loops), t, yr)))
            self.features.add('select-keep')
        elif kind == 'select-zero':
            zero = Lit(0.0, 'float') if ty == 'float' else Lit(0, 'int')
            v = self.value(ty, loops, locals_, 1)
            out.append(Assign(t, '=', Sel(self.cond(loops), v, zero)))
            self.features.add('select-zero')
        elif kind == 'if':
            c = self.cond(loops)
            then = [Assign(t, '=', self.value(ty, loops, locals_, 1))]
            els = [Assign(t, '=', self.value(ty, loops, locals_, 1))
                   ] if self.chance(0.7) or x.role == 'out' else []
            out.append(If(c, then, els))
            self.features.add('if-else')
        elif kind == 'local-branches':
            # A nest-local scalar from a different array in each branch.
            name = self.new_local()
            srcs = [a for a in self.readable() if a.ty == ty]
            if len(srcs) < 1:
                out.append(Assign(t, '=', self.value(ty, loops, locals_)))
                return
            a1, a2 = self.pick(srcs), self.pick(srcs)
            if x.role == 'io' and self.chance(0.4):
                # One branch reads the array the nest writes (bug class 1).
                if self.chance(0.5):
                    a1 = x
                else:
                    a2 = x
            if self.chance(0.5):
                out.append(Decl(ty, name, None))
            else:
                out.append(Decl(ty, name, Lit(0.0, 'float') if ty == 'float'
                                else Lit(0, 'int')))
            lv = Var(name, ty, False)
            out.append(If(self.cond(loops), [Assign(lv, '=', self.access(a1, loops))],
                          [Assign(lv, '=', self.access(a2, loops))]))
            rhs = Bin('*', lv, Lit(2.0, 'float') if ty == 'float' else Lit(3, 'int'))
            if self.chance(0.5):
                rhs = Bin('+', rhs, self.value(ty, loops, locals_ + [(name, ty)], 1))
            out.append(Assign(t, '=', rhs))
            self.features.add('local-from-branches')
        elif kind == 'local':
            name = self.new_local()
            out.append(Decl(ty, name, self.value(ty, loops, locals_, 1)))
            locals_.append((name, ty))
            out.append(Assign(t, '=', self.value(ty, loops, locals_, 1)))
            self.features.add('local')
        else:
            # Write then read in the same iteration (and a neighbour: a
            # dependence c2cuda must see).
            out.append(Assign(t, '=', self.value(ty, loops, locals_, 1)))
            others = [a for a in self.writable() if a is not x]
            if others:
                z = self.pick(others)
                zt = self.access(z, loops, band)
                rx = self.access(x, loops) if self.chance(0.5) else t
                rv = rx if rx.ty == z.ty else Cast(z.ty, rx) if z.ty == 'float' else None
                if rv is not None:
                    out.append(Assign(zt, '=', Bin('+', rv, self.value(
                        z.ty, loops, locals_, 1))))
            self.features.add('read-after-write')

    def loop_bounds(self, var, loops, tri_ok):
        """A For header and the Loop record for it."""
        p = self.pick(['n', 'm'])
        k = self.r.random()
        if tri_ok and loops and k < 0.04:
            # Stepping over one residue class from a start that depends on
            # an outer iterator: for (j = lo + i % 2; j < P; j += 2).
            outer = self.pick(loops)
            lo = self.r.randint(0, 1)
            start = Bin('%', Var(outer.var, 'int', True), Lit(2, 'int'))
            if lo:
                start = Bin('+', Lit(lo, 'int'), start)
            f = For(var, start, '<', Var(p, 'int', True), 2, [])
            self.features.add('residue-step')
            return f, Loop(var, p, lo, 0, f)
        if tri_ok and loops and k < 0.2:
            outer = self.pick(loops)
            ov = Var(outer.var, 'int', True)
            self.features.add('triangular')
            form = self.r.randint(0, 3)
            if form == 0:  # j <= i
                f = For(var, Lit(0, 'int'), '<=', ov, 1, [])
                return f, Loop(var, outer.param, 0, outer.hi_off, f)
            if form == 1:  # j < i
                f = For(var, Lit(0, 'int'), '<', ov, 1, [])
                return f, Loop(var, outer.param, 0, outer.hi_off + 1, f)
            if form == 2:  # j = i; j < P
                f = For(var, ov, '<', Var(outer.param, 'int', True), 1, [])
                return f, Loop(var, outer.param, outer.lo, 0, f)
            f = For(var, Bin('+', ov, Lit(1, 'int')), '<',
                    Var(outer.param, 'int', True), 1, [])
            return f, Loop(var, outer.param, outer.lo + 1, 0, f)
        lo = 0 if k < 0.7 else self.r.randint(1, 2)
        hi_off = 0 if self.chance(0.65) else self.r.randint(1, 2)
        pv = Var(p, 'int', True)
        hi = pv if hi_off == 0 else Bin('-', pv, Lit(hi_off, 'int'))
        if lo or hi_off:
            self.features.add('offset-bounds')
        r = self.r.random()
        if r < 0.08:
            # Decreasing loop.
            f = For(var, Bin('-', hi, Lit(1, 'int')), '>=', Lit(lo, 'int'), -1, [])
            self.features.add('decreasing')
        elif r < 0.14:
            f = For(var, Lit(lo, 'int'), '<', hi, 2, [])
            self.features.add('step2')
        elif r < 0.22:
            f = For(var, Lit(lo, 'int'), '<=', Bin('-', hi, Lit(1, 'int')), 1, [])
        else:
            f = For(var, Lit(lo, 'int'), '<', hi, 1, [])
        return f, Loop(var, p, lo, hi_off, f)

    def nest(self, idx):
        """One nest: a parallel band with a body, an inner reduction, a
        whole-nest reduction into an element, or a recurrence."""
        shape = self.pick(['map', 'inner-red', 'full-red', 'recurrence'],
                          [0.5, 0.25, 0.1, 0.15])
        vars_ = ['i', 'j', 'k']
        clauses = []
        host_pre, host_post = [], []
        if shape == 'map':
            depth = self.pick([1, 2, 3], [0.35, 0.45, 0.2])
            loops = []
            fors = []
            for d in range(depth):
                f, l = self.loop_bounds(vars_[d], loops, True)
                loops.append(l)
                fors.append(f)
            body = []
            locals_ = []
            for _ in range(self.pick([1, 2, 3], [0.5, 0.35, 0.15])):
                self.body_stmt(loops, loops, locals_, body)
            fors[-1].body = body
            if self.chance(0.12):
                fors[-1].body = [If(self.residue_cond(loops), body, [])]
                self.features.add('residue-branch')
            for a, b in zip(fors, fors[1:]):
                a.body = [b]
            self.features.add('map%d' % depth)
            return Nest(fors[0], clauses)
        if shape == 'inner-red':
            depth = self.pick([1, 2], [0.5, 0.5])
            loops, fors = [], []
            for d in range(depth):
                f, l = self.loop_bounds(vars_[d], loops, True)
                loops.append(l)
                fors.append(f)
            kf, kl = self.loop_bounds(vars_[depth], loops, True)
            inner = loops + [kl]
            targets = [a for a in self.writable()]
            wide = [a for a in targets if len(a.dims) >= len(loops)]
            x = self.pick(wide if wide and self.chance(0.8) else targets)
            t = self.access(x, loops, loops)
            ty = x.ty
            term = self.red_term(ty, inner)
            body = []
            form = self.r.randint(0, 2) if x.role == 'io' else self.r.randint(0, 1)
            if form == 0:
                acc = self.new_local()
                init = (Lit(0.0, 'float') if ty == 'float' else Lit(0, 'int')
                        ) if self.chance(0.7) else self.value(ty, loops, [], 1)
                body.append(Decl(ty, acc, init))
                op = '+='
                if ty == 'float' and self.chance(0.2):
                    kf.body = [Assign(Var(acc, ty, False), '=', Call(
                        'fmaxf', Var(acc, ty, False), term))]
                    self.features.add('max-reduction')
                else:
                    kf.body = [Assign(Var(acc, ty, False), op, term)]
                body.append(kf)
                fin = Var(acc, ty, False)
                if self.chance(0.3):
                    fin = Bin('+', fin, self.value(ty, loops, [], 1))
                body.append(Assign(t, '=', fin))
                self.features.add('scalar-reduction')
            elif form == 1:
                body.append(Assign(t, '=', Lit(0.0, 'float') if ty == 'float'
                                   else Lit(0, 'int')))
                kf.body = [Assign(t, '+=', term)]
                body.append(kf)
                self.features.add('element-reduction')
            else:
                kf.body = [Assign(t, '+=', term)]
                body.append(kf)
                self.features.add('element-reduction')
            fors[-1].body = body
            for a, b in zip(fors, fors[1:]):
                a.body = [b]
            return Nest(fors[0], clauses)
        if shape == 'full-red':
            depth = self.pick([1, 2], [0.7, 0.3])
            loops, fors = [], []
            for d in range(depth):
                f, l = self.loop_bounds(vars_[d], loops, True)
                loops.append(l)
                fors.append(f)
            xs = [a for a in self.writable() if a.form == 'ptr']
            ty = self.pick(['float', 'int'])
            term = self.red_term(ty, loops)
            if xs and (self.chance(0.7)):
                x = self.pick(xs)
                ty = x.ty
                term = self.red_term(ty, loops)
                t = Read(x, [Lit(0, 'int')] * len(x.dims))
                fors[-1].body = [Assign(t, '+=', term)]
                if self.chance(0.5):
                    clauses.append('reduction(+: %s)' % x.name)
                    self.features.add('reduction-clause')
                self.features.add('full-element-reduction')
            else:
                # A host scalar: accumulated on the device, stored after.
                xs = [a for a in self.writable() if a.ty == ty]
                if not xs:
                    return self.nest(idx)
                x = self.pick(xs)
                s = 's%d' % idx
                lit = '0.0f' if ty == 'float' else '0'
                host_pre.append('%s %s = %s;' % (ty, s, lit))
                fors[-1].body = [Assign(Var(s, ty, False), '+=', term)]
                t = Read(x, [Lit(0, 'int')] * len(x.dims))
                host_post.append((t, s))
                if self.chance(0.6):
                    clauses.append('reduction(+: %s)' % s)
                    self.features.add('reduction-clause')
                self.features.add('host-scalar-reduction')
            for a, b in zip(fors, fors[1:]):
                a.body = [b]
            return Nest(fors[0], clauses, host_pre, host_post)
        # Recurrence: X[i] depends on X[i - 1] (or i + 1), possibly inside
        # a parallel loop.
        ios = [a for a in self.writable() if a.role == 'io' or a.role == 'out']
        x = self.pick(ios)
        loops, fors = [], []
        depth = len(x.dims) if len(x.dims) <= 2 else 2
        for d in range(depth):
            p = x.dims[d]
            lo = 1 if d == depth - 1 else 0
            f = For(vars_[d], Lit(lo, 'int'), '<', Var(p, 'int', True), 1, [])
            loops.append(Loop(vars_[d], p, lo, 0, f))
            fors.append(f)
        t = self.access(x, loops, loops)
        last = loops[-1]
        prev_subs = list(t.subs)
        back = self.chance(0.7)
        if not back:
            # X[i] = X[i + 1] ...: needs i + 1 in range.
            f = fors[-1]
            f.lo = Lit(0, 'int')
            f.hi = Bin('-', Var(last.param, 'int', True), Lit(1, 'int'))
            last.lo, last.hi_off = 0, 1
        sh = Bin('-', Var(last.var, 'int', True), Lit(1, 'int')) if back else Bin(
            '+', Var(last.var, 'int', True), Lit(1, 'int'))
        # The subscript of the last loop's own dimension moves.
        dim_k = min(len(prev_subs), depth) - 1
        prev_subs[dim_k] = sh
        prev = Read(x, prev_subs)
        ty = x.ty
        if ty == 'float':
            rhs = Bin('+', Bin('*', prev, Lit(0.5, 'float')),
                      self.value('float', loops, [], 1))
        else:
            rhs = Bin('+', Sel(Bin('>', prev, Lit(100, 'int')), Lit(0, 'int'),
                               prev), self.value('int', loops, [], 1))
        fors[-1].body = [Assign(t, '=', rhs)]
        for a, b in zip(fors, fors[1:]):
            a.body = [b]
        self.features.add('recurrence')
        return Nest(fors[0], clauses)

    def red_term(self, ty, loops):
        if ty == 'float':
            a = self.value('float', loops, [], 1)
            if self.chance(0.5):
                return Bin('*', a, self.value('float', loops, [], 2))
            return a
        return self.value('int', loops, [], 1)


# --------------------------------------------------------------------------
# Putting a program together.


def c_text(nests, use_scop, arrays):
    params = ['int n', 'int m'] + [a.decl() for a in arrays]
    out = ['#include <math.h>', '',
           'void f(%s) {' % ', '.join(params)]
    if use_scop:
        for nst in nests:
            out += ['  ' + h for h in nst.host_pre]
        out.append('#pragma scop')
    for nst in nests:
        if not use_scop:
            out += ['  ' + h for h in nst.host_pre]
            out.append(('#pragma c2cuda kernel ' + ' '.join(nst.clauses)).rstrip())
        print_stmt(nst.loop, 1, out)
        if not use_scop:
            for t, s in nst.host_post:
                out.append('  %s = %s;' % (t.c(), s))
    if use_scop:
        out.append('#pragma endscop')
        for nst in nests:
            for t, s in nst.host_post:
                out.append('  %s = %s;' % (t.c(), s))
    out.append('}')
    return '\n'.join(out) + '\n'


def evaluate(nests, arrays, sizes):
    ev = Evaluator(arrays, sizes)
    for nst in nests:
        for h in nst.host_pre:
            # 'T s = 0;' : a host scalar starting at zero.
            ty, name = h.split()[0], h.split()[1]
            ev.locals[name] = (0.0, 0.0) if ty == 'float' else 0
        ev.stmt(nst.loop)
        for t, s in nst.host_post:
            ev.assign(Assign(t, '=', Var(s, t.ty, False)))
    return ev


def pick_sizes(rng, depth):
    hi = {1: 40, 2: 24}.get(depth, 12)
    if rng.random() < 0.15:
        return rng.randint(1, 3), rng.randint(1, 3)
    return rng.randint(1, hi), rng.randint(1, hi)


def collect_targets(s, out):
    """Names of the arrays some statement of s assigns."""
    if isinstance(s, Assign):
        if isinstance(s.target, Read):
            out.add(s.target.arr.name)
    elif isinstance(s, If):
        for t in s.then + s.els:
            collect_targets(t, out)
    elif isinstance(s, For):
        for t in s.body:
            collect_targets(t, out)


def nest_depth(s):
    if isinstance(s, For):
        return 1 + max([nest_depth(b) for b in s.body] + [0])
    if isinstance(s, If):
        return max([nest_depth(b) for b in s.then + s.els] + [0])
    return 0


def generate_one(seed, index):
    rng = random.Random('c2cuda-fuzz:%d:%d' % (seed, index))
    last = None
    for attempt in range(200):
        g = Gen(rng)
        arrays = g.make_arrays()
        nnests = 1 if rng.random() < 0.7 else 2
        try:
            nests = [g.nest(k) for k in range(nnests)]
        except RecursionError:
            continue
        depth = max(nest_depth(nst.loop) for nst in nests)
        n, m = pick_sizes(rng, depth)
        sizes = {'n': n, 'm': m}
        try:
            ev = evaluate(nests, arrays, sizes)
        except Reject as e:
            last = str(e)
            continue
        # An array no statement names is dropped from the signature.
        named = set()
        body = c_text(nests, False, [])
        for a in arrays:
            if (a.name + '[') in body:
                named.add(a.name)
        arrays_used = [a for a in arrays if a.name in named]
        if not any(ev.written[a.name] for a in arrays_used):
            last = 'nothing written'
            continue
        assigned = set()
        for nst in nests:
            collect_targets(nst.loop, assigned)
            assigned.update(t.arr.name for t, _ in nst.host_post)
        for a in arrays_used:
            if a.name not in assigned and rng.random() < 0.6:
                a.const = True
        use_scop = rng.random() < 0.2 and all(not nst.clauses for nst in nests)
        if use_scop:
            g.features.add('scop')
        text = c_text(nests, use_scop, arrays_used)
        return text, arrays_used, ev, sizes, sorted(g.features)
    raise RuntimeError('program %d: no valid program after 200 tries (%s)' %
                       (index, last))


def array_meta(a, ev, sizes):
    if a.form == 'vla':
        count = 1
        for d in a.dims:
            count *= a.dim_value(d, sizes)
    else:
        t = ev.touched[a.name]
        count = max(t) + 1 if t else 0
    written = ev.written[a.name]
    read = ev.read[a.name]
    poison = (written and not read and count > 0 and
              len(ev.must_written[a.name]) == count and
              all(0 <= x < count for x in ev.must_written[a.name]))
    return {
        'name': a.name, 'elem': a.ty, 'form': a.form,
        'dims': [str(d) for d in a.dims], 'count': count,
        'read': read, 'written': written, 'output': written,
        'poison': poison, 'const': a.const,
    }


# --------------------------------------------------------------------------
# driver.c


DRIVER = r'''/* Differential driver for %(name)s (generated by gen_programs.py).
 * Every array ends at a page boundary followed by a PROT_NONE page, so a
 * host-side access past its last element faults. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void f(%(params)s);
void f_ref(%(params)s);

static uint64_t rng_state;
static uint64_t next_u64(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* bytes at the end of fresh pages, a PROT_NONE page right after. */
static void *guarded(size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t data = (bytes + page - 1) / page * page;
  char *base = mmap(NULL, data + page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED || mprotect(base + data, page, PROT_NONE) != 0) {
    printf("RESULT %(name)s FAIL driver: mmap failed\n");
    exit(2);
  }
  return base + data - bytes;
}

__attribute__((unused)) static void fill_float(float *p, long n) {
  for (long i = 0; i < n; i++)
    p[i] = 0.5f + (float)(next_u64() >> 40) / (float)(1 << 24);
}
__attribute__((unused)) static void fill_int(int *p, long n) {
  for (long i = 0; i < n; i++)
    p[i] = (int)(next_u64() %% 17) - 8;
}

static int fails;
static char detail[512];
static double worst;
#define NOTE(...)                                                            \
  do {                                                                       \
    if (!fails++)                                                            \
      snprintf(detail, sizeof detail, __VA_ARGS__);                          \
  } while (0)

__attribute__((unused)) static void cmp_float(const char *a, const float *got, const float *want,
                      long n) {
  double num = 0, den = 0;
  for (long i = 0; i < n; i++) {
    if (isnan(got[i]) != isnan(want[i])) {
      NOTE("%%s: element %%ld is %%g, want %%g", a, i, got[i], want[i]);
      return;
    }
    double d = (double)got[i] - (double)want[i];
    num += d * d;
    den += (double)want[i] * want[i];
  }
  double rel = den > 0 ? sqrt(num / den) : sqrt(num);
  if (!(rel <= 1e-4)) {
    long at = 0;
    double big = -1;
    for (long i = 0; i < n; i++)
      if (fabs((double)got[i] - want[i]) > big)
        big = fabs((double)got[i] - want[i]), at = i;
    NOTE("%%s: relL2=%%.3g; element %%ld is %%.9g, want %%.9g", a, rel, at,
         got[at], want[at]);
  }
  if (rel > worst)
    worst = rel;
}

__attribute__((unused)) static void cmp_int(const char *a, const int *got, const int *want, long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != want[i]) {
      NOTE("%%s: element %%ld is %%d, want %%d", a, i, got[i], want[i]);
      return;
    }
}

int main(int argc, char **argv) {
  rng_state = argc > 1 ? strtoull(argv[1], NULL, 0) : %(seed)sULL;
  int n = %(n)d, m = %(m)d;
%(setup)s
  f_ref(%(ref_args)s);
  f(%(got_args)s);
%(compare)s
  if (fails)
    printf("RESULT %(name)s FAIL %%s\n", detail);
  else
    printf("RESULT %(name)s PASS maxRelL2=%%.3g\n", worst);
  return 0;
}
'''


def driver_text(name, params_text, metas, sizes, seed):
    setup, compare = [], []
    ref_args, got_args = ['n', 'm'], ['n', 'm']
    for a in metas:
        cty = 'float' if a['elem'] == 'float' else 'int'
        cnt = a['count']
        nm = a['name']
        setup.append('  %s *%s_ref = guarded(%dul * sizeof(%s));' % (
            cty, nm, cnt, cty))
        setup.append('  %s *%s_got = guarded(%dul * sizeof(%s));' % (
            cty, nm, cnt, cty))
        setup.append('  fill_%s(%s_ref, %d);' % (cty, nm, cnt))
        if a['poison']:
            if cty == 'float':
                setup.append('  for (long i = 0; i < %d; i++) %s_got[i] = NAN;'
                             % (cnt, nm))
            else:
                setup.append(
                    '  for (long i = 0; i < %d; i++) %s_got[i] = 0x7f7f7f7f;'
                    % (cnt, nm))
        else:
            setup.append('  memcpy(%s_got, %s_ref, %dul * sizeof(%s));' % (
                nm, nm, cnt, cty))
        ref_args.append('(void *)%s_ref' % nm)
        got_args.append('(void *)%s_got' % nm)
        compare.append('  cmp_%s("%s", %s_got, %s_ref, %d);' % (
            cty, nm, nm, nm, cnt))
    return DRIVER % {
        'name': name, 'params': params_text, 'seed': str(seed),
        'n': sizes['n'], 'm': sizes['m'], 'setup': '\n'.join(setup),
        'ref_args': ', '.join(ref_args), 'got_args': ', '.join(got_args),
        'compare': '\n'.join(compare)}


def write_program(out_dir, seed, index):
    name = 'p%05d' % index
    text, arrays, ev, sizes, features = generate_one(seed, index)
    metas = [array_meta(a, ev, sizes) for a in arrays]
    params_text = ', '.join(['int n', 'int m'] + [a.decl() for a in arrays])
    input_seed = (seed * 1000003 + index) & 0xffffffff
    d = os.path.join(out_dir, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'prog.c'), 'w') as fh:
        fh.write('/* %s: gen_programs.py --seed %d, program %d; n=%d m=%d */\n'
                 % (name, seed, index, sizes['n'], sizes['m']) + text)
    with open(os.path.join(d, 'driver.c'), 'w') as fh:
        fh.write(driver_text(name, params_text, metas, sizes, input_seed))
    meta = {
        'name': name, 'function': 'f', 'seed': seed, 'index': index,
        'input_seed': input_seed,
        'params': [{'name': 'n', 'type': 'int'}, {'name': 'm', 'type': 'int'}]
        + [{'name': a['name'], 'type': a['elem'] + '*'} for a in metas],
        'scalars': sizes, 'arrays': metas, 'signature': params_text,
        'outputs': [a['name'] for a in metas if a['output']],
        'features': features,
    }
    with open(os.path.join(d, 'meta.json'), 'w') as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write('\n')


def rewrite_driver(d):
    """driver.c of a program directory from its meta.json (hand-written
    programs, e.g. test/fuzz/selftest, get the current driver)."""
    with open(os.path.join(d, 'meta.json')) as fh:
        meta = json.load(fh)
    with open(os.path.join(d, 'driver.c'), 'w') as fh:
        fh.write(driver_text(meta['name'], meta['signature'], meta['arrays'],
                             meta['scalars'], meta['input_seed']))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--first', type=int, default=0,
                    help='index of the first program (default 0)')
    ap.add_argument('--out', help='where the program directories go')
    ap.add_argument('--driver-only', nargs='+', metavar='DIR',
                    help='only rewrite DIR/driver.c from DIR/meta.json (DIR '
                    'may also be a directory of program directories)')
    args = ap.parse_args()
    if args.driver_only:
        for d in args.driver_only:
            if os.path.exists(os.path.join(d, 'meta.json')):
                rewrite_driver(d)
                continue
            # A directory of program directories.
            for e in sorted(os.listdir(d)):
                if os.path.exists(os.path.join(d, e, 'meta.json')):
                    rewrite_driver(os.path.join(d, e))
        return 0
    if not args.out:
        ap.error('--out is required')
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.first, args.first + args.count):
        write_program(args.out, args.seed, k)
    return 0


if __name__ == '__main__':
    sys.exit(main())
