#!/usr/bin/env python3
"""corpus-gpu-check.py - a GPU differential check of the kernel corpus
(test/lit/corpus/Inputs/*.c): every function of every corpus file, as the
CUDA c2cuda emits for it, is run on a GPU on fresh random inputs and compared
with the original C compiled by the host compiler. (corpus.test checks the
same functions on the CPU oracle only.)

Usage:
  scripts/corpus-gpu-check.py --generate DIR [FILE.c ...]    # here (c2cuda)
  bash DIR/run.sh [--build-only] [--only FILE[:FUNC],...]    # on the GPU
  scripts/corpus-gpu-check.py --selftest DIR [FILE.c ...]    # here, gcc only

--generate DIR writes a self-contained bundle (no repository file is needed
  on the GPU machine, only nvcc and gcc): for each corpus file F,
    F.cu         `c2cuda -q F.c -o F.cu` (the extern "C" drop-ins)
    F_ref.c      F.c with every function renamed NAME_ref (NAME_cref where
                 F already defines a NAME_ref, e.g. blas3.c's symm_ref)
    F_driver.c   a C99 driver: per function and run, sizes, random inputs in
                 [0.5, 1.5) (ints in 0..3), NAME_ref on one copy, NAME (the
                 CUDA) on another, then every array compared (relative L2 in
                 double; float 1e-4, double 1e-10, integers exact; NaN/Inf in
                 one version only fails; writes past an array's end fail)
  plus manifest.tsv (file, function, status, reason) and run.sh. Three runs
  per function, each with its own seed (--seed S replays them):
    run 0  every integer size parameter (one that appears in an array
           extent) a distinct prime, 37, 53, 19, 29, 41, ... in order;
           other integers (time steps) 5
    run 1  sizes 3, 2, 1, 3, ...; other integers 1 (degenerate loops)
    run 2  larger sizes 257, 131, 67, ... (several blocks/tiles per grid
           dimension), other integers 3
  Sizes are shrunk where the arrays would pass 4M elements or the estimated
  work 3e8; preconditions the corpus states (n >= 2, m >= n) are kept
  (CONSTRAINTS below). Every array (written or not, plus 16 guard
  elements) is filled identically for both versions. Pointer parameters (float *x) and a missing first extent
  (double A[][16]) need an element count: a comment `gpu-check: x[n]
  A[n]` in or before the function, else HINTS below, else the function is
  reported SKIP. With nvcc here (NVCC, PATH or /usr/local/cuda/bin) the
  bundle is also built (run.sh --build-only, compile and link only).
  Output of the drivers, one line per function:
    CORPUS <file>:<function> PASS relL2=<worst over runs and arrays> ...
    CORPUS <file>:<function> FAIL relL2=... (detail lines above it)
    CORPUS <file>:<function> SKIP <reason>
  run.sh runs every function in its own process (SANITIZE=1: under
  compute-sanitizer --tool memcheck), then prints a table
    file | function | result | relL2
  and `N passed, N failed, N skipped`; exit 1 on a failure or build error.
  Its environment: NVCC, CC (gcc), CUDA_ARCH (sm_90), NVCCFLAGS, CFLAGS,
  SANITIZE, COMPUTE_SANITIZER, WORK (build and logs, default
  /tmp/corpus-gpu-work; WORK/results.tsv), RUN_TIMEOUT (s per function,
  600), SEED, JOBS. Replay one function by hand: WORK/F --only NAME
  [--seed S] [--runs 0,1,2] [-v] (-v: every array's relL2).

--selftest DIR (no c2cuda, no GPU): the same drivers and references, with
  the original C (F.c, pragmas ignored) standing in for the CUDA: every
  function must PASS; also with the stand-in built -mfma -ffp-contract=fast
  (rounding as on a GPU; must PASS: the tolerances hold against FMA), under
  valgrind (runs 0 and 1, no guard elements: no uninitialised or
  out-of-bounds read in driver or reference). Then against two perturbed
  copies: bad1 adds 1 to element 0 of the first array each function writes
  (every function must FAIL), bad2 flips the first compound assignment
  (+= / -=, *= / /=) or else the first binary + of each function (each
  flipped function must FAIL). Last, run.sh end to end with a stand-in
  nvcc that compiles F.cu (there a copy of F.c) as C: all must pass. Exit 1
  if any of that does not hold.

Environment: C2CUDA (default build/tools/c2cuda/c2cuda), CC (gcc), NVCC.
"""

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "test" / "lit" / "corpus" / "Inputs"

# Element counts of pointer parameters and missing first extents in the
# corpus, where the source says nothing the script can read (a `gpu-check:`
# comment in the file takes precedence). Keyed by (file, function); the
# value maps a parameter to the C expression of its missing extent (for a
# pointer: the element count).
HINTS = {
    ("forms.c", "gemv_const"): {"y": "n"},
    ("forms.c", "axpy_sz"): {"x": "n", "y": "n"},
    ("forms.c", "rowsum_fixedcol"): {"A": "n", "r": "n"},
    ("forms.c", "evens"): {"a": "n", "b": "n"},
    ("variants.c", "gemm_flat"): {"A": "M * K", "B": "K * N", "C": "M * N"},
}

# Preconditions the corpus states in its comments ("Call with n >= 2",
# "m x n A (m >= n)"): (lhs, rhs) with lhs >= rhs, rhs a parameter (the
# two values are swapped where it fails) or a number (lhs raised to it).
CONSTRAINTS = {
    ("datamining.c", "covariance"): [("n", 2)],
    ("datamining.c", "correlation"): [("n", 2)],
    ("misc.c", "gramschmidt"): [("m", "n")],
}

TOL_FLOAT = 1e-4
TOL_DOUBLE = 1e-10
GUARD = 16  # elements after every array, filled and checked untouched

RUN_SIZES = [
    [37, 53, 19, 29, 41, 23, 31, 17, 43, 13, 47, 11],
    [3, 2, 1],
    [257, 131, 67, 37, 19, 13, 11, 7, 5, 3],
]
RUN_OTHER_INT = [5, 1, 3]
LADDER = [257, 131, 67, 53, 47, 43, 41, 37, 31, 29, 23, 19, 17, 13, 11, 7,
          5, 3]
MAX_ELEMENTS = 4_000_000
MAX_WORK = 3e8

QUALIFIERS = {"const", "volatile", "restrict", "__restrict", "__restrict__",
              "register", "static"}
FLOAT_TYPES = {"float", "double"}
INT_WORDS = {"int", "long", "short", "char", "signed", "unsigned"}
INT_TYPEDEFS = {"size_t", "ptrdiff_t", "ssize_t", "int8_t", "int16_t",
                "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
                "uint64_t", "intptr_t", "uintptr_t"}
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do",
            "else", "case", "_Alignof", "__attribute__", "defined"}


# ---------------------------------------------------------------- parsing

def mask(src, keep_pp=True):
    """src with comments and literal contents blanked (same length, newlines
    kept); without keep_pp, preprocessor lines are blanked too."""
    out = list(src)
    i, n = 0, len(src)
    line_start = True
    while i < n:
        c = src[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if line_start and not keep_pp and c == "#" or (
                line_start and not keep_pp and c in " \t" and
                src[i:].lstrip(" \t").startswith("#")):
            j = i
            while j < n:  # the directive, with its continuation lines
                if src[j] == "\n" and src[j - 1] != "\\":
                    break
                j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if not c.isspace():
            line_start = False
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def match_close(text, i, open_c, close_c):
    """Index of the bracket closing the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced %s at %d" % (open_c, i))


def split_top(text, sep=","):
    parts, depth, cur = [], 0, []
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


class Param:
    def __init__(self, text):
        self.text = " ".join(text.split())
        self.kind = None      # 'int', 'float', 'array', 'ptr', or None
        self.name = None
        self.ctype = None     # scalar type / element type, unqualified
        self.cat = None       # 'int' or 'float'
        self.dims = []        # C extents; None for a missing one
        self.const = False
        self.error = None
        self._parse()

    def _parse(self):
        t = self.text
        k = t.find("[")
        head, dims = (t, "") if k < 0 else (t[:k], t[k:])
        while dims:
            dims = dims.strip()
            if not dims.startswith("["):
                self.error = "cannot parse parameter '%s'" % self.text
                return
            j = match_close(dims, 0, "[", "]")
            d = " ".join(w for w in dims[1:j].split()
                         if w not in QUALIFIERS)
            self.dims.append(d.strip() or None)
            dims = dims[j + 1:]
        if "(" in head:
            self.error = "function-pointer parameter '%s'" % self.text
            return
        stars = head.count("*")
        words = re.findall(r"[A-Za-z_]\w*", head.replace("*", " "))
        if not words:
            self.error = "cannot parse parameter '%s'" % self.text
            return
        self.const = "const" in words
        words = [w for w in words if w not in QUALIFIERS]
        if len(words) < 2:
            self.error = "unnamed parameter '%s'" % self.text
            return
        self.name = words[-1]
        self.ctype = " ".join(words[:-1])
        tw = set(words[:-1])
        if tw <= FLOAT_TYPES and len(words) == 2:
            self.cat = "float"
        elif tw <= INT_WORDS or (len(tw) == 1 and tw <= INT_TYPEDEFS):
            self.cat = "int"
        else:
            self.error = "unsupported type '%s' of '%s'" % (
                self.ctype, self.name)
            return
        if stars + (1 if self.dims else 0) > 1 and not (
                stars == 0 and self.dims):
            self.error = "pointer to pointer '%s'" % self.text
            return
        if stars == 1:
            self.kind = "ptr"
            self.dims = [None]
        elif self.dims:
            self.kind = "array"
        else:
            self.kind = self.cat


class Func:
    def __init__(self, name, ret, params_text, name_pos, body_open,
                 body_close, line):
        self.name = name
        self.ret = ret
        self.params_text = " ".join(params_text.split())
        self.name_pos = name_pos
        self.body_open = body_open
        self.body_close = body_close
        self.line = line
        self.offload = False
        self.params = []
        self.status = "test"   # 'test', 'skip' or 'fail'
        self.reason = ""
        self.written = []
        self.hints = {}
        self.runs = []          # per run: {name: value}

    @property
    def arrays(self):
        return [p for p in self.params if p.kind in ("array", "ptr")]


def find_functions(src):
    """Top-level function definitions of src."""
    code = mask(src, keep_pp=False)
    funcs = []
    pat = re.compile(r"[{}]|\b([A-Za-z_]\w*)\s*\(")
    pos, depth, last_end = 0, 0, 0
    while True:
        m = pat.search(code, pos)
        if not m:
            break
        if m.group(0) == "{":
            depth += 1
            pos = m.end()
            continue
        if m.group(0) == "}":
            depth -= 1
            pos = m.end()
            if depth == 0:
                last_end = pos
            continue
        name = m.group(1)
        popen = m.end() - 1
        if depth != 0 or name in KEYWORDS:
            pos = m.end()
            continue
        pclose = match_close(code, popen, "(", ")")
        rest = code[pclose + 1:]
        stripped = rest.lstrip()
        if not stripped.startswith("{"):
            if stripped.startswith(";"):
                last_end = pclose + 1 + rest.index(";") + 1
            pos = pclose + 1
            continue
        body_open = pclose + 1 + (len(rest) - len(stripped))
        body_close = match_close(code, body_open, "{", "}")
        start = max(code.rfind(";", 0, m.start()), last_end - 1,
                    code.rfind("}", 0, m.start()))
        ret = " ".join(code[start + 1:m.start()].split())
        funcs.append(Func(name, ret, code[popen + 1:pclose], m.start(),
                          body_open, body_close,
                          src.count("\n", 0, m.start()) + 1))
        pos = body_close + 1
        last_end = pos
    return funcs


def eval_c(expr, env):
    """A C integer expression of names in env, or None."""
    e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expr)
    if re.search(r"[^\w\s+\-*/%()]", e):
        return None
    try:
        tree = ast.parse(e, mode="eval")
    except SyntaxError:
        return None

    def ev(n):
        if isinstance(n, ast.Expression):
            return ev(n.body)
        if isinstance(n, ast.Constant) and isinstance(n.value, int):
            return n.value
        if isinstance(n, ast.Name):
            if n.id in env and env[n.id] is not None:
                return env[n.id]
            raise KeyError(n.id)
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub,
                                                            ast.UAdd)):
            v = ev(n.operand)
            return -v if isinstance(n.op, ast.USub) else v
        if isinstance(n, ast.BinOp):
            a, b = ev(n.left), ev(n.right)
            if isinstance(n.op, ast.Add):
                return a + b
            if isinstance(n.op, ast.Sub):
                return a - b
            if isinstance(n.op, ast.Mult):
                return a * b
            if isinstance(n.op, (ast.Div, ast.FloorDiv)):
                q = abs(a) // abs(b)
                return q if (a >= 0) == (b >= 0) else -q
            if isinstance(n.op, ast.Mod):
                return a - b * (abs(a) // abs(b) *
                                (1 if (a >= 0) == (b >= 0) else -1))
        raise ValueError(ast.dump(n))

    try:
        return ev(tree)
    except (KeyError, ValueError, ZeroDivisionError):
        return None


def defines(src):
    """Object-like #define lines of src and the values of numeric ones."""
    lines, values = [], {}
    text = src.replace("\\\n", " ")
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)"
                         r"(?![\w(])(.*)$", text, re.M):
        body = mask(m.group(2)).strip()
        lines.append("#define %s %s" % (m.group(1), body))
        values[m.group(1)] = eval_c(body, values) if body else None
    return lines, values


def system_includes(src):
    return re.findall(r"^[ \t]*#[ \t]*include[ \t]*<[^>]+>", src, re.M)


def idents(expr):
    return set(re.findall(r"\b[A-Za-z_]\w*\b", expr or ""))


def written_arrays(body, names):
    """Array parameters assigned in body (masked), in order of first write."""
    out = []
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\[", body):
        name = m.group(1)
        if name not in names or name in out:
            continue
        # Only at the start of a subscript chain.
        before = body[:m.start()].rstrip()
        if before.endswith("]"):
            continue
        j = m.end() - 1
        while True:
            j = match_close(body, j, "[", "]") + 1
            k = j
            while k < len(body) and body[k].isspace():
                k += 1
            if k < len(body) and body[k] == "[":
                j = k
                continue
            break
        after = body[j:].lstrip()
        if (re.match(r"(<<|>>|[-+*/%&|^])?=(?!=)", after) or
                after.startswith("++") or after.startswith("--")):
            out.append(name)
    for m in re.finditer(r"(\+\+|--)\s*([A-Za-z_]\w*)\s*\[", body):
        if m.group(2) in names and m.group(2) not in out:
            out.append(m.group(2))
    return out


def comment_hints(src, start, end):
    """`gpu-check: x[n] A[n]` in the comments of src[start:end]."""
    hints = {}
    for c in re.finditer(r"/\*.*?\*/|//[^\n]*", src[start:end], re.S):
        # A line comment's hint runs to the end of the line, so sizes may
        # be products (`in[n*m]`); a block comment's stops at a '*'.
        pattern = (r"gpu-check:(.*)" if c.group(0).startswith("//") else
                   r"gpu-check:([^*\n]*(?:\n[^*\n]*)*)")
        for m in re.finditer(pattern, c.group(0)):
            for h in re.finditer(r"([A-Za-z_]\w*)\s*\[([^\]]+)\]",
                                 m.group(1)):
                hints[h.group(1)] = h.group(2).strip()
    return hints


# ------------------------------------------------------------- the model

class CFile:
    def __init__(self, path, use_builtin_hints=True):
        self.path = Path(path)
        self.base = self.path.name            # blas2.c
        self.stem = self.path.stem            # blas2
        self.src = self.path.read_text()
        self.funcs = find_functions(self.src)
        self.define_lines, self.macros = defines(self.src)
        self.includes = system_includes(self.src)
        cmask = mask(self.src)
        names = {f.name for f in self.funcs}
        self.suffix = "_ref"
        for s in ("_ref", "_cref", "_c2c_ref", "_gpuchk_ref"):
            self.suffix = s
            if not any(n + s in names for n in names):
                break
        prev_end = 0
        for f in self.funcs:
            body = cmask[f.body_open:f.body_close + 1]
            f.offload = bool(re.search(r"#\s*pragma\s+(scop|c2cuda\s+kernel)"
                                       r"\b", body))
            f.hints = dict(HINTS.get((self.base, f.name), {})
                           if use_builtin_hints else {})
            f.hints.update(comment_hints(self.src, prev_end, f.body_close))
            prev_end = f.body_close + 1
            if f.offload:
                self._analyse(f, cmask)

    def _analyse(self, f, cmask):
        ptext = f.params_text.strip()
        if ptext and ptext != "void":
            f.params = [Param(t) for t in split_top(ptext)]
        bad = [p.error for p in f.params if p.error]
        if bad:
            f.status, f.reason = "skip", bad[0]
            return
        if f.ret not in ("void", "static void", "inline void",
                         "static inline void"):
            f.status, f.reason = "skip", "returns '%s' (only void " \
                "functions are checked)" % f.ret
            return
        for p in f.arrays:
            if p.dims[0] is None:
                if p.name in f.hints:
                    p.dims[0] = f.hints[p.name]
                else:
                    what = "pointer parameter" if p.kind == "ptr" else \
                        "first extent of"
                    f.status = "skip"
                    f.reason = ("size of %s '%s' unknown (add a comment "
                                "'gpu-check: %s[EXPR]' or a HINTS entry)"
                                % (what, p.name, p.name))
                    return
        body = cmask[f.body_open:f.body_close + 1]
        f.written = written_arrays(body, {p.name for p in f.arrays})
        dim_names = set()
        for p in f.arrays:
            for d in p.dims:
                dim_names |= idents(d)
        for p in f.params:
            p.is_size = p.kind == "int" and p.name in dim_names
        self._choose_sizes(f)

    def _extent_env(self, f, vals):
        env = dict(self.macros)
        env.update(vals)
        return env

    def _elements(self, f, vals):
        env = self._extent_env(f, vals)
        total, neg = 0, False
        for p in f.arrays:
            c = 1
            for d in p.dims:
                v = eval_c(d, env)
                if v is None:
                    v = 1
                if v < 0:
                    neg = True
                c *= max(v, 0)
            total += c
        return total, neg

    def _choose_sizes(self, f):
        sizes = [p for p in f.params if p.kind == "int" and p.is_size]
        others = [p for p in f.params if p.kind == "int" and not p.is_size]
        f.runs = []
        for r, base in enumerate(RUN_SIZES):
            vals = {p.name: base[i % len(base)] for i, p in enumerate(sizes)}
            for _ in range(8):  # no negative extent (h - 2 with h = 1)
                if not self._elements(f, vals)[1]:
                    break
                vals = {k: v + 1 for k, v in vals.items()}
            oth = {p.name: RUN_OTHER_INT[r] for p in others}
            mult = 1
            for v in oth.values():
                mult *= max(v, 1)
            while vals:
                elems, _ = self._elements(f, vals)
                prod = 1
                for v in vals.values():
                    prod *= max(v, 1)
                work = max(prod, elems * max(vals.values())) * mult
                if elems <= MAX_ELEMENTS and work <= MAX_WORK:
                    break
                big = max(vals, key=lambda k: vals[k])
                lower = [x for x in LADDER if x < vals[big]]
                if not lower:
                    break
                free = [x for x in lower if x not in vals.values()]
                vals[big] = (free or lower)[0]
            for lhs, rhs in CONSTRAINTS.get((self.base, f.name), []):
                if isinstance(rhs, int):
                    vals[lhs] = max(vals[lhs], rhs)
                elif vals[lhs] < vals[rhs]:
                    vals[lhs], vals[rhs] = vals[rhs], vals[lhs]
            vals.update(oth)
            f.runs.append(vals)


# ------------------------------------------------------------ generation

def c_type_key(ctype):
    return re.sub(r"\W+", "_", ctype)


def ref_source(cf):
    """F with every function definition (and call) renamed NAME + suffix."""
    names = sorted({f.name for f in cf.funcs}, key=len, reverse=True)
    if not names:
        return cf.src
    code = mask(cf.src)
    pat = re.compile(r"\b(%s)(?=\s*\()" % "|".join(map(re.escape, names)))
    out, last = [], 0
    for m in pat.finditer(code):
        out.append(cf.src[last:m.start()])
        out.append(m.group(1) + cf.suffix)
        last = m.end()
    out.append(cf.src[last:])
    head = ("/* Generated by scripts/corpus-gpu-check.py from %s: the "
            "reference, every function\n * renamed NAME%s. */\n"
            % (cf.base, cf.suffix))
    return head + "".join(out)


def count_expr(p):
    return " * ".join("(long long)(%s)" % d for d in p.dims)


def perturbed_source(cf, how):
    """F (original names) with each tested function perturbed: 'add1' adds
    1 to element 0 of the first array it writes, 'flip' flips the first
    compound assignment (or binary +) of its body. Returns (text, set of
    perturbed function names)."""
    code = mask(cf.src)
    edits = []   # (start, end, replacement)
    done = set()
    for f in cf.funcs:
        if not f.offload or f.status != "test" or not f.arrays:
            continue
        if how == "add1":
            name = (f.written or [p.name for p in f.arrays])[0]
            p = next(q for q in f.arrays if q.name == name)
            stmt = ("\n  /* gpu-check self-test: perturbed */\n"
                    "  { if (%s > 0) ((%s *)(void *)%s)[0] += 1; }\n"
                    % (count_expr(p), p.ctype, p.name))
            edits.append((f.body_close, f.body_close, stmt))
            done.add(f.name)
        else:
            body = code[f.body_open:f.body_close]
            pm = re.search(r"#\s*pragma\s+(scop|c2cuda\s+kernel)[^\n]*", body)
            start = f.body_open + (pm.end() if pm else 0)
            seg = code[start:f.body_close]
            # Not in loop headers (a flipped step or bound mostly crashes)
            # nor conditions (i + 1 < n is often true either way).
            for h in re.finditer(r"\b(for|if|while)\s*\(", seg):
                k = match_close(seg, h.end() - 1, "(", ")")
                seg = seg[:h.start()] + " " * (k + 1 - h.start()) + \
                    seg[k + 1:]
            m = re.search(r"(\+|-|\*|/)=", seg)
            if m:
                flip = {"+": "-", "-": "+", "*": "/", "/": "*"}[m.group(1)]
                edits.append((start + m.start(), start + m.start() + 1, flip))
                done.add(f.name)
                continue
            # A binary + outside subscripts (T[i + 1] - 1 reads outside).
            nosub = re.sub(r"\[[^\[\]]*\]", lambda b: "[" + " " * (
                len(b.group(0)) - 2) + "]", seg)
            m = re.search(r"(?<=[\w)\]])\s*\+(?![+=])\s*(?=[\w(])", nosub)
            if m:
                k = start + m.start() + m.group(0).index("+")
                edits.append((k, k + 1, "-"))
                done.add(f.name)
    text = cf.src
    for s, e, rep in sorted(edits, reverse=True):
        text = text[:s] + rep + text[e:]
    return text, done


DRIVER_PRELUDE = r"""
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CGC_GUARD
#define CGC_GUARD %(guard)d /* elements after each array, checked untouched */
#endif

static double cgc_tol_float = %(tol_float)g, cgc_tol_double = %(tol_double)g;
static int cgc_verbose = 0;
static uint64_t cgc_state;

static uint64_t cgc_next(void) { /* splitmix64 */
  uint64_t z = (cgc_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double cgc_urand(void) { return (double)(cgc_next() >> 11) * 0x1.0p-53; }
static uint64_t cgc_seed_of(uint64_t base, int run, const char *fn) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a of the function name */
  for (; *fn; fn++) h = (h ^ (unsigned char)*fn) * 1099511628211ull;
  return base * 1000003ull + (uint64_t)run * 7919ull + h;
}
static void *cgc_alloc(size_t n, size_t elem) {
  void *p = malloc(n * elem > 0 ? n * elem : 1);
  if (!p) { fprintf(stderr, "driver: out of memory (%%zu x %%zu)\n", n, elem); exit(2); }
  return p;
}

/* The outcome of one run of one function. */
typedef struct {
  const char *file, *fn, *sizes;
  int run;
  uint64_t seed;
  double worst;        /* the largest relL2 of the run */
  const char *worst_array;
  double worst_tol;
  int worst_written;
  int bad;
} cgc_ctx;

static void cgc_index(char *buf, size_t cap, size_t i, const long long *ext, int rank) {
  size_t k[8]; int d;
  buf[0] = 0;
  for (d = rank - 1; d >= 0; d--) {
    size_t e = ext[d] > 0 ? (size_t)ext[d] : 1;
    k[d] = d ? i %% e : i;
    i = d ? i / e : i;
  }
  for (d = 0; d < rank; d++) {
    size_t len = strlen(buf);
    snprintf(buf + len, cap - len, "[%%zu]", k[d]);
  }
}

/* Compares n elements of ref and got (converted to double), relative L2
 * error; NaN or Inf in one version only, or (for integers) any difference,
 * fails. The CGC_GUARD elements past the end must still equal init. */
#define CGC_DEF(T, S, ISINT)                                                     \
  static void cgc_fill_##S(T *p, size_t n) {                                     \
    size_t i;                                                                    \
    for (i = 0; i < n; i++)                                                      \
      p[i] = ISINT ? (T)(cgc_next() %% 4u) : (T)(0.5 + cgc_urand());             \
  }                                                                              \
  static void cgc_cmp_##S(cgc_ctx *c, const char *arr, int written,              \
                          const T *init, const T *ref, const T *got, size_t n,   \
                          const long long *ext, int rank) {                      \
    double num = 0, den = 0, maxd = -1, rel, rep, tol;                           \
    size_t i, nan_bad = 0, int_bad = 0, ref_nan = 0, at = 0;                     \
    char ix[96];                                                                 \
    tol = ISINT ? 0.0 : (sizeof(T) == sizeof(float) ? cgc_tol_float : cgc_tol_double); \
    for (i = 0; i < n; i++) {                                                    \
      double a = (double)ref[i], b = (double)got[i], d;                          \
      if (isnan(a) || isnan(b) || isinf(a) || isinf(b)) {                        \
        if (isnan(a) || isinf(a)) ref_nan++;                                     \
        if (!((isnan(a) && isnan(b)) || a == b)) {                               \
          if (!nan_bad) at = i;                                                  \
          nan_bad++;                                                             \
        }                                                                        \
        continue;                                                                \
      }                                                                          \
      d = a - b;                                                                 \
      if (ISINT && ref[i] != got[i]) int_bad++;                                  \
      num += d * d;                                                              \
      den += a * a;                                                              \
      if (!nan_bad && fabs(d) > maxd) { maxd = fabs(d); at = i; }                \
    }                                                                            \
    rel = den > 0 ? sqrt(num / den) : sqrt(num);                                 \
    rep = nan_bad ? INFINITY : rel; /* NaN/Inf mismatches: reported as inf */   \
    if (!c->worst_array || rep > c->worst ||                                     \
        (rep == c->worst && written && !c->worst_written)) {                     \
      c->worst = rep; c->worst_array = arr; c->worst_tol = tol;                  \
      c->worst_written = written;                                                \
    }                                                                            \
    cgc_index(ix, sizeof ix, at, ext, rank);                                     \
    if (nan_bad || int_bad || !(rel <= tol)) {                                   \
      c->bad = 1;                                                                \
      printf("  %%s:%%s run %%d [%%s] seed=%%llu: %%s%%s (%%zu elements) relL2=%%.3e%%s tol %%.0e", \
             c->file, c->fn, c->run, c->sizes, (unsigned long long)c->seed, arr, \
             written ? "" : " (not written by the C)", n, rel,                   \
             rel <= tol ? " <=" : " >", tol);                                    \
      if (nan_bad) printf(", %%zu NaN/Inf mismatches", nan_bad);                 \
      if (int_bad) printf(", %%zu elements differ", int_bad);                    \
      if (n) printf("; at %%s%%s ref %%.9g cuda %%.9g (input %%.9g)", arr, ix,   \
                    (double)ref[at], (double)got[at], (double)init[at]);         \
      printf("\n");                                                              \
    } else if (cgc_verbose) {                                                    \
      printf("  %%s:%%s run %%d [%%s] seed=%%llu: %%s (%%zu elements) relL2=%%.3e ok%%s\n", \
             c->file, c->fn, c->run, c->sizes, (unsigned long long)c->seed, arr, n, rel, \
             ref_nan ? " (the reference has NaN/Inf)" : "");                     \
    }                                                                            \
    if (memcmp(ref + n, init + n, CGC_GUARD * sizeof(T))) {                      \
      c->bad = 1;                                                                \
      printf("  %%s:%%s run %%d [%%s]: the reference wrote past the end of %%s (%%zu elements): the driver's size is wrong\n", \
             c->file, c->fn, c->run, c->sizes, arr, n);                          \
    }                                                                            \
    if (memcmp(got + n, init + n, CGC_GUARD * sizeof(T))) {                      \
      c->bad = 1;                                                                \
      printf("  %%s:%%s run %%d [%%s]: the CUDA wrote past the end of %%s (%%zu elements)\n", \
             c->file, c->fn, c->run, c->sizes, arr, n);                          \
    }                                                                            \
  }
"""

DRIVER_MAIN = r"""
typedef struct {
  const char *name, *status, *reason;
  void (*run)(cgc_ctx *);
  const char *sizes[%(nruns)d];
} cgc_entry;

static const cgc_entry cgc_entries[] = {
%(entries)s  {NULL, NULL, NULL, NULL, {NULL}}};

static int cgc_usage(const char *argv0) {
  fprintf(stderr,
          "usage: %%s [--list] [--only NAME[,NAME...]] [--seed S] [--runs 0,1,2]\n"
          "          [--tol-float X] [--tol-double X] [-v]\n"
          "Compares every function of %(file)s as the CUDA computes it with the C;\n"
          "one line per function: CORPUS %(file)s:NAME PASS|FAIL|SKIP ...\n", argv0);
  return 2;
}

static int cgc_listed(const char *list, const char *name) {
  size_t n = strlen(name);
  const char *p = list;
  while (p && *p) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && !strncmp(p, name, n)) return 1;
    p = e ? e + 1 : NULL;
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *only = NULL, *runs = "0,1,2";
  unsigned long long seed = %(seed)dull;
  int list = 0, failed = 0, i, r;
  const cgc_entry *e;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--list")) list = 1;
    else if (!strcmp(argv[i], "-v")) cgc_verbose = 1;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = argv[++i];
    else if (!strcmp(argv[i], "--tol-float") && i + 1 < argc) cgc_tol_float = atof(argv[++i]);
    else if (!strcmp(argv[i], "--tol-double") && i + 1 < argc) cgc_tol_double = atof(argv[++i]);
    else return cgc_usage(argv[0]);
  }
  for (e = cgc_entries; e->name; e++) {
    cgc_ctx all;
    if (only && !cgc_listed(only, e->name)) continue;
    if (list) { printf("%%s\n", e->name); continue; }
    if (strcmp(e->status, "test")) {
      printf("CORPUS %(file)s:%%s %%s %%s\n", e->name,
             strcmp(e->status, "skip") ? "FAIL" : "SKIP", e->reason);
      if (strcmp(e->status, "skip")) failed = 1;
      fflush(stdout);
      continue;
    }
    memset(&all, 0, sizeof all);
    all.worst_tol = -1;
    for (r = 0; r < %(nruns)d; r++) {
      cgc_ctx c;
      char rs[4];
      snprintf(rs, sizeof rs, "%%d", r);
      if (!cgc_listed(runs, rs)) continue;
      memset(&c, 0, sizeof c);
      c.file = "%(file)s"; c.fn = e->name; c.sizes = e->sizes[r]; c.run = r;
      c.seed = cgc_seed_of(seed, r, e->name);
      cgc_state = c.seed;
      e->run(&c);
      if (c.bad) all.bad = 1;
      if (c.worst_array && (!all.worst_array || c.worst > all.worst)) {
        all.worst = c.worst; all.worst_array = c.worst_array;
        all.worst_tol = c.worst_tol; all.run = r; all.sizes = c.sizes;
      }
      fflush(stdout);
    }
    printf("CORPUS %(file)s:%%s %%s relL2=%%.3e", e->name, all.bad ? "FAIL" : "PASS", all.worst);
    if (all.worst_array)
      printf(" (worst: %%s, run %%d [%%s], tol %%.0e)", all.worst_array, all.run, all.sizes, all.worst_tol);
    printf(" seed=%%llu\n", seed);
    fflush(stdout);
    if (all.bad) failed = 1;
  }
  return failed;
}
"""


ABI = {"char": "i8", "signed char": "i8", "unsigned char": "u8",
       "short": "i16", "short int": "i16", "unsigned short": "u16",
       "int": "i32", "signed": "i32", "signed int": "i32",
       "unsigned": "u32", "unsigned int": "u32", "int32_t": "i32",
       "uint32_t": "u32", "long": "i64", "long int": "i64",
       "long long": "i64", "long long int": "i64", "int64_t": "i64",
       "ptrdiff_t": "i64", "ssize_t": "i64", "intptr_t": "i64",
       "unsigned long": "u64", "unsigned long int": "u64",
       "unsigned long long": "u64", "uint64_t": "u64", "size_t": "u64",
       "uintptr_t": "u64", "float": "f32", "double": "f64"}


def abi_mismatch(f, cu_params):
    """How the extern "C" parameters of the CUDA differ from the C's (LP64
    sizes; restrict, const and array-vs-pointer do not matter), or ''."""
    cu = [Param(t) for t in split_top(cu_params)] \
        if cu_params.strip() not in ("", "void") else []
    if len(cu) != len(f.params):
        return "%d parameters, the C has %d" % (len(cu), len(f.params))
    for c, p in zip(cu, f.params):
        ptr_c, ptr_p = c.kind in ("ptr", "array"), p.kind in ("ptr", "array")
        a, b = ABI.get(c.ctype or "", c.ctype), ABI.get(p.ctype, p.ctype)
        if c.error or ptr_c != ptr_p or a != b:
            return "'%s' for '%s'" % (c.text, p.text)
    return ""


def c_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def driver_source(cf, present, seed):
    """The C99 driver of cf. present: names the CUDA defines (None: all)."""
    out = ["/* Generated by scripts/corpus-gpu-check.py from %s: calls each "
           "function's C\n * reference (NAME%s, %s_ref.c) and the function "
           "under test (NAME: the CUDA\n * drop-in, %s.cu) on equal random "
           "inputs and compares every array. C99. */"
           % (cf.base, cf.suffix, cf.stem, cf.stem)]
    out += [i for i in cf.includes]
    out.append(DRIVER_PRELUDE % {"guard": GUARD, "tol_float": TOL_FLOAT,
                                 "tol_double": TOL_DOUBLE})
    out += ["/* The macros of %s. */" % cf.base] + cf.define_lines
    types = {}
    for f in cf.funcs:
        if f.offload and f.status == "test":
            for p in f.arrays:
                types[c_type_key(p.ctype)] = (p.ctype, p.cat == "int")
    for key, (ct, isint) in sorted(types.items()):
        out.append("CGC_DEF(%s, %s, %d)" % (ct, key, int(isint)))
    entries = []
    for f in cf.funcs:
        if not f.offload:
            continue
        status, reason = f.status, f.reason
        if status == "test" and isinstance(present, str):
            status, reason = "fail", present
        elif status == "test" and present is not None and \
                f.name not in present:
            status, reason = "fail", "c2cuda emitted no extern \"C\" %s" \
                % f.name
        elif status == "test" and isinstance(present, dict):
            bad = abi_mismatch(f, present[f.name])
            if bad:
                status, reason = "fail", "the CUDA's signature differs " \
                    "from the C: %s" % bad
        f.final_status, f.final_reason = status, reason
        if status != "test":
            entries.append("  {%s, %s, %s, NULL, {NULL}},\n" % (
                c_string(f.name), c_string(status), c_string(reason)))
            continue
        sizes = []
        for vals in f.runs:
            sizes.append(" ".join("%s=%d" % (k, v) for k, v in vals.items())
                         or "fixed")
        entries.append("  {%s, \"test\", \"\", cgc_run_%s, {%s}},\n" % (
            c_string(f.name), f.name, ", ".join(c_string(s) for s in sizes)))
        out.append(function_driver(cf, f))
    out.append(DRIVER_MAIN % {"entries": "".join(entries), "file": cf.base,
                              "nruns": len(RUN_SIZES), "seed": seed})
    return "\n".join(out) + "\n"


def function_driver(cf, f):
    ps = f.params_text if f.params_text.strip() else "void"
    L = ["", "/* ---- %s (%s:%d) ---- */" % (f.name, cf.base, f.line),
         "void %s(%s); /* under test: the CUDA drop-in */" % (f.name, ps),
         "void %s%s(%s); /* the C reference */" % (f.name, cf.suffix, ps),
         "static void cgc_run_%s(cgc_ctx *cgc_c) {" % f.name]
    for p in f.params:
        if p.kind == "int":
            vals = [run[p.name] for run in f.runs]
            expr = str(vals[-1])
            for r in range(len(vals) - 2, -1, -1):
                expr = "cgc_c->run == %d ? %d : %s" % (r, vals[r], expr)
            L.append("  %s %s = (%s)(%s);" % (p.ctype, p.name, p.ctype, expr))
        elif p.kind == "float":
            L.append("  %s %s = (%s)(0.5 + cgc_urand());" % (
                p.ctype, p.name, p.ctype))
    for p in f.arrays:
        a, t, k = p.name, p.ctype, c_type_key(p.ctype)
        L.append("  const long long cgc_x_%s[%d] = {%s};" % (
            a, len(p.dims), ", ".join("(long long)(%s)" % d
                                      for d in p.dims)))
        L.append("  size_t cgc_n_%s = 1;" % a)
        L.append("  %s *cgc_i_%s, *cgc_r_%s, *cgc_g_%s;" % (t, a, a, a))
    for p in f.arrays:
        a, t, k = p.name, p.ctype, c_type_key(p.ctype)
        L.append("  { int cgc_d; for (cgc_d = 0; cgc_d < %d; cgc_d++) {"
                 " if (cgc_x_%s[cgc_d] < 0) {"
                 " printf(\"  negative extent of %s\\n\"); cgc_c->bad = 1;"
                 " return; } cgc_n_%s *= (size_t)cgc_x_%s[cgc_d]; } }"
                 % (len(p.dims), a, a, a, a))
        for w in "irg":
            L.append("  cgc_%s_%s = (%s *)cgc_alloc(cgc_n_%s + CGC_GUARD, "
                     "sizeof(%s));" % (w, a, t, a, t))
        L.append("  cgc_fill_%s(cgc_i_%s, cgc_n_%s + CGC_GUARD);" % (k, a, a))
        L.append("  memcpy(cgc_r_%s, cgc_i_%s, (cgc_n_%s + CGC_GUARD) * "
                 "sizeof(%s));" % (a, a, a, t))
        L.append("  memcpy(cgc_g_%s, cgc_i_%s, (cgc_n_%s + CGC_GUARD) * "
                 "sizeof(%s));" % (a, a, a, t))

    def args(which):
        return ", ".join(p.name if p.kind in ("int", "float")
                         else "(void *)cgc_%s_%s" % (which, p.name)
                         for p in f.params)
    L.append("  %s%s(%s);" % (f.name, cf.suffix, args("r")))
    L.append("  %s(%s);" % (f.name, args("g")))
    for p in f.arrays:
        a, k = p.name, c_type_key(p.ctype)
        L.append("  cgc_cmp_%s(cgc_c, \"%s\", %d, cgc_i_%s, cgc_r_%s, "
                 "cgc_g_%s, cgc_n_%s, cgc_x_%s, %d);"
                 % (k, a, int(a in f.written), a, a, a, a, a, len(p.dims)))
    for p in f.arrays:
        L.append("  free(cgc_i_%s); free(cgc_r_%s); free(cgc_g_%s);"
                 % (p.name, p.name, p.name))
    for p in f.params:
        if p.kind in ("int", "float"):
            L.append("  (void)%s;" % p.name)
    L.append("}")
    return "\n".join(L)


RUN_SH = r"""#!/usr/bin/env bash
# Runs the corpus GPU differential check written by
# scripts/corpus-gpu-check.py --generate (see there); needs nvcc and gcc,
# nothing from the repository:
#   bash run.sh [--build-only] [--only FILE[:FUNC],...]
# e.g. --only blas2,misc:lu. Every function runs in its own process
# (SANITIZE=1: under compute-sanitizer --tool memcheck). Prints each
# driver's lines, then `file | function | result | relL2` and
# `N passed, N failed, N skipped`; exit 1 on a failure or a build error.
# Environment: NVCC, CC (gcc), CUDA_ARCH (sm_90), NVCCFLAGS, CFLAGS,
# SANITIZE, COMPUTE_SANITIZER, WORK (default /tmp/corpus-gpu-work),
# RUN_TIMEOUT (seconds per function, 600), SEED (replay), JOBS (builds).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cc=${CC:-gcc}
arch=${CUDA_ARCH:-sm_90}
work=${WORK:-/tmp/corpus-gpu-work}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 4)}
build_only=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1; shift ;;
    --only) only="$2"; shift 2 ;;
    --only=*) only="${1#--only=}"; shift ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
mkdir -p "$work" || exit 2
want() { # file function: selected by --only?
  [ -z "$only" ] && return 0
  local IFS=, x
  for x in $only; do
    x=${x%.c}
    [ "$x" = "$1" ] || [ "$x" = "$1:$2" ] || [ "$x" = "$1.c:$2" ] && return 0
  done
  return 1
}
files=$(cut -f1 "$here/manifest.tsv" | uniq)
echo "corpus-gpu: $(wc -l <"$here/manifest.tsv") functions in $(echo $files | wc -w) files; nvcc $nvcc, $arch; work $work"
build() { # stem
  local f=$1 log=$work/$1.build.log
  {
    [ -f "$here/$f.cu" ] || { echo "no $f.cu: c2cuda failed:"; cat "$here/$f.c2cuda.log" 2>/dev/null; exit 1; }
    set -x
    "$nvcc" -arch="$arch" -std=c++17 -O2 ${NVCCFLAGS:-} -c "$here/$f.cu" -o "$work/$f.cu.o" &&
    "$cc" -O2 ${CFLAGS:-} -c "$here/${f}_ref.c" -o "$work/${f}_ref.o" &&
    "$cc" -std=c99 -O2 ${CFLAGS:-} -c "$here/${f}_driver.c" -o "$work/${f}_driver.o" &&
    "$nvcc" -arch="$arch" "$work/$f.cu.o" "$work/${f}_ref.o" "$work/${f}_driver.o" -o "$work/$f" -lm
  } >"$log" 2>&1
}
for f in $files; do
  sel=0
  for fn in $(awk -F'\t' -v f="$f" '$1 == f { print $2 }' "$here/manifest.tsv"); do
    want "$f" "$fn" && sel=1
  done
  [ $sel = 1 ] || continue
  rm -f "$work/$f"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  build "$f" &
done
wait
san=()
if [ "${SANITIZE:-0}" = 1 ] && [ $build_only = 0 ]; then
  cs=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo "$(dirname "$nvcc")/compute-sanitizer")}
  [ -x "$cs" ] || { echo "run.sh: SANITIZE=1 but no compute-sanitizer ($cs; set COMPUTE_SANITIZER)" >&2; exit 2; }
  san=("$cs" --tool memcheck --leak-check no --error-exitcode 86)
  echo "corpus-gpu: under $cs --tool memcheck"
fi
seedarg=()
[ -n "${SEED:-}" ] && seedarg=(--seed "$SEED")
to=()
command -v timeout >/dev/null && to=(timeout "${RUN_TIMEOUT:-600}")
results=$work/results.tsv
: >"$results"
pass=0 fail=0 skip=0 builderr=0
declare -A reported=()
while IFS=$'\t' read -r f fn status reason; do
  want "$f" "$fn" || continue
  if [ ! -x "$work/$f" ]; then
    if [ -z "${reported[$f]:-}" ]; then
      echo "BUILD ERROR $f (log: $work/$f.build.log):"
      tail -15 "$work/$f.build.log" | sed 's/^/  | /'
      reported[$f]=1 builderr=$((builderr + 1))
    fi
    [ $build_only = 1 ] && continue
    echo "CORPUS $f.c:$fn FAIL build error (log: $work/$f.build.log)"
    printf '%s\t%s\t%s\t%s\n' "$f.c" "$fn" FAIL "build error" >>"$results"
    fail=$((fail + 1))
    continue
  fi
  [ $build_only = 1 ] && continue
  log=$work/$f.$fn.log
  "${to[@]}" "${san[@]}" "$work/$f" --only "$fn" "${seedarg[@]}" >"$log" 2>&1 </dev/null
  rc=$?
  line=$(grep "^CORPUS $f.c:$fn " "$log" | tail -1)
  res=$(echo "$line" | awk '{ print $3 }')
  rel=$(echo "$line" | sed -n 's/.* relL2=\([^ ]*\).*/\1/p')
  note=""
  if [ "$res" = SKIP ]; then
    rel=$(echo "$line" | cut -d' ' -f4-)
  elif [ -z "$res" ]; then
    res=FAIL note="no result, exit status $rc"
  elif [ $rc -ne 0 ] && [ "$res" = PASS ]; then
    res=FAIL note="exit status $rc"
  fi
  if [ ${#san[@]} -gt 0 ] && grep -q "ERROR SUMMARY: [1-9]" "$log"; then
    res=FAIL note="$note compute-sanitizer: $(grep -o 'ERROR SUMMARY: [0-9]* error[s]*' "$log" | tail -1)"
  fi
  [ $rc -eq 124 ] && note="$note (timed out)"
  if [ "$res" = FAIL ]; then
    grep -v "^CORPUS " "$log" | head -40 | sed 's/^/  | /'
    fail=$((fail + 1))
  elif [ "$res" = SKIP ]; then
    skip=$((skip + 1))
  else
    pass=$((pass + 1))
  fi
  echo "${line:-CORPUS $f.c:$fn FAIL}${note:+ [$note]}"
  printf '%s\t%s\t%s\t%s\n' "$f.c" "$fn" "$res" "${rel:-?}${note:+ $note}" >>"$results"
done <"$here/manifest.tsv"
if [ $build_only = 1 ]; then
  echo "corpus-gpu: built in $work ($builderr build errors)"
  [ $builderr -eq 0 ]; exit
fi
echo
printf '%-15s | %-18s | %-6s | %s\n' file function result relL2
printf '%-15s-+-%-18s-+-%-6s-+-%s\n' --------------- ------------------ ------ ----------
while IFS=$'\t' read -r f fn res rel; do
  printf '%-15s | %-18s | %-6s | %s\n' "$f" "$fn" "$res" "$rel"
done <"$results"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ] && [ $builderr -eq 0 ]
"""


# An nvcc for the self-test: compiles X.cu (a copy of the C) as C.
FAKE_NVCC = r"""#!/usr/bin/env bash
args=() out=
while [ $# -gt 0 ]; do
  case "$1" in
    -arch=*|-std=*) ;;
    *.cu) args+=(-x c "$1" -x none) ;;
    *) args+=("$1") ;;
  esac
  shift
done
exec "${CC:-gcc}" "${args[@]}"
"""


def counts_tested(models):
    return [1 for cf in models for f in cf.funcs
            if f.offload and f.final_status == "test"]


# ---------------------------------------------------------------- modes

def corpus_files(args):
    files = [Path(f) for f in args.files] or sorted(CORPUS.glob("*.c"))
    if not files:
        sys.exit("corpus-gpu-check: no corpus files in %s" % CORPUS)
    # Every bundle file is named after its source's stem: two sources with
    # one stem would silently overwrite each other's drivers and binaries.
    seen = {}
    for f in files:
        if f.stem in seen:
            sys.exit("corpus-gpu-check: %s and %s share the name '%s'; "
                     "copy one under another name" % (seen[f.stem], f, f.stem))
        seen[f.stem] = f
    return files


def find_nvcc():
    for c in (os.environ.get("NVCC"), shutil.which("nvcc"),
              "/usr/local/cuda/bin/nvcc"):
        if c and os.path.exists(c):
            return c
    return None


def write(path, text):
    path.write_text(text)


def prepare(args, out, cuda):
    """Writes references, drivers and manifest into out; cuda(cf) returns
    the set of names the function under test defines, or None (all)."""
    out.mkdir(parents=True, exist_ok=True)
    models, manifest = [], []
    for path in corpus_files(args):
        cf = CFile(path, not args.no_hints)
        present = cuda(cf)
        write(out / ("%s_ref.c" % cf.stem), ref_source(cf))
        write(out / ("%s_driver.c" % cf.stem),
              driver_source(cf, present, args.seed))
        for f in cf.funcs:
            if f.offload:
                manifest.append("%s\t%s\t%s\t%s" % (
                    cf.stem, f.name, f.final_status, f.final_reason))
        models.append(cf)
    write(out / "manifest.tsv", "\n".join(manifest) + "\n")
    return models


def summary(models):
    n = sum(1 for cf in models for f in cf.funcs if f.offload)
    skipped = [(cf, f) for cf in models for f in cf.funcs
               if f.offload and f.final_status != "test"]
    print("corpus-gpu-check: %d functions in %d files, %d not checked"
          % (n, len(models), len(skipped)))
    for cf, f in skipped:
        print("  %s %s:%s: %s" % (f.final_status.upper(), cf.base, f.name,
                                  f.final_reason))
    for cf in models:
        if cf.suffix != "_ref":
            print("  note: %s defines a NAME_ref already: references are "
                  "NAME%s" % (cf.base, cf.suffix))


def generate(args):
    out = Path(args.generate)
    c2cuda = os.environ.get("C2CUDA",
                            str(ROOT / "build/tools/c2cuda/c2cuda"))
    if not os.path.exists(c2cuda):
        sys.exit("corpus-gpu-check: no c2cuda at %s (set C2CUDA)" % c2cuda)
    errors = []

    def cuda(cf):
        cu = out / ("%s.cu" % cf.stem)
        log = out / ("%s.c2cuda.log" % cf.stem)
        for p in (cu, log):
            if p.exists():
                p.unlink()
        r = subprocess.run([c2cuda, "-q", str(cf.path), "-o", str(cu)],
                           capture_output=True, text=True)
        if r.returncode != 0 or not cu.exists():
            write(log, r.stdout + r.stderr)
            errors.append(cf.base)
            print("corpus-gpu-check: c2cuda failed on %s (%s)"
                  % (cf.base, log), file=sys.stderr)
            if cu.exists():
                cu.unlink()
            return "c2cuda failed on %s (%s.c2cuda.log)" % (cf.base,
                                                          cf.stem)
        text = cu.read_text()
        present = {}
        for m in re.finditer(r'extern "C"[^(;{]*?\b(\w+)\s*\(([^)]*)\)',
                             text):
            present[m.group(1)] = m.group(2)
        return present

    out.mkdir(parents=True, exist_ok=True)
    models = prepare(args, out, cuda)
    write(out / "run.sh", RUN_SH)
    (out / "run.sh").chmod(0o755)
    summary(models)
    cc = os.environ.get("CC", "gcc")
    ok = not errors
    # The drivers and references must compile as C99 / C without warnings.
    tmp = out / ".cc-check"
    tmp.mkdir(exist_ok=True)
    for cf in models:
        for src in ("%s_driver.c" % cf.stem, "%s_ref.c" % cf.stem):
            std = ["-std=c99"] if "driver" in src else []
            r = subprocess.run([cc] + std + ["-O2", "-Wall", "-Wextra",
                                             "-Wno-unknown-pragmas",
                                             "-Wno-unused-parameter", "-c",
                                             str(out / src), "-o",
                                             str(tmp / (src + ".o"))],
                               capture_output=True, text=True)
            if r.returncode != 0 or r.stderr.strip():
                print("corpus-gpu-check: %s %s:\n%s" % (
                    cc, src, r.stderr), file=sys.stderr)
                ok = ok and r.returncode == 0
    shutil.rmtree(tmp)
    nvcc = None if args.no_build else find_nvcc()
    if nvcc:
        work = Path(args.work or "/tmp/corpus-gpu-check-build")
        print("corpus-gpu-check: building the bundle with %s "
              "(run.sh --build-only, WORK=%s)" % (nvcc, work), flush=True)
        env = dict(os.environ, NVCC=nvcc, WORK=str(work),
                   JOBS=os.environ.get("JOBS", "1"))
        r = subprocess.run(["bash", str(out / "run.sh"), "--build-only"],
                           env=env)
        ok = ok and r.returncode == 0
    else:
        print("corpus-gpu-check: no nvcc here (or --no-build): the bundle "
              "was not compiled")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print("corpus-gpu-check: wrote %s (%.1f kB); on the GPU machine: "
          "bash %s/run.sh" % (out, size / 1024, out))
    return 0 if ok else 1


def run_driver(exe, extra=(), prefix=(), timeout=None):
    try:
        r = subprocess.run(list(prefix) + [str(exe)] + list(extra),
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        r = subprocess.CompletedProcess(e.cmd, 124, e.stdout or "",
                                        e.stderr or "")
        if isinstance(r.stdout, bytes):
            r.stdout = r.stdout.decode(errors="replace")
    res = {}
    for line in r.stdout.splitlines():
        m = re.match(r"CORPUS (\S+):(\S+) (PASS|FAIL|SKIP)", line)
        if m:
            res[m.group(2)] = m.group(3)
    return r, res


def selftest(args):
    out = Path(args.selftest)
    cc = os.environ.get("CC", "gcc")
    models = prepare(args, out, lambda cf: None)
    summary(models)
    fma = []
    arch = os.uname().machine
    if arch in ("x86_64", "amd64"):
        try:
            if re.search(r"\bfma\b", Path("/proc/cpuinfo").read_text()):
                fma = ["-mfma"]
        except OSError:
            pass
        if not fma:
            print("selftest: no FMA on this CPU: skipping the FMA variant")
    valgrind = None if args.no_valgrind else shutil.which("valgrind")
    problems = []

    def build(cf, variant, stand_in, flags=(), dflags=()):
        exe = out / ("%s.%s" % (cf.stem, variant))
        objs = []
        for src, fl in ((out / ("%s_ref.c" % cf.stem), ["-O2"]),
                        (stand_in, ["-O2"] + list(flags)),
                        (out / ("%s_driver.c" % cf.stem),
                         ["-std=c99", "-O2"] + list(dflags))):
            o = out / ("%s.%s.%s.o" % (cf.stem, variant, Path(src).stem))
            r = subprocess.run([cc] + fl + ["-c", str(src), "-o", str(o)],
                               capture_output=True, text=True)
            if r.returncode:
                problems.append("%s %s: compile error\n%s" % (
                    cf.base, variant, r.stderr))
                return None
            objs.append(str(o))
        r = subprocess.run([cc] + objs + ["-o", str(exe), "-lm"],
                           capture_output=True, text=True)
        for o in objs:
            os.unlink(o)
        if r.returncode:
            problems.append("%s %s: link error\n%s" % (cf.base, variant,
                                                         r.stderr))
            return None
        return exe

    counts = {"pass": 0, "bad1": 0, "bad2": 0, "bad2n": 0}
    for cf in models:
        tested = [f.name for f in cf.funcs
                  if f.offload and f.final_status == "test"]
        stand_in = out / ("%s_cpu.c" % cf.stem)
        write(stand_in, cf.src)
        print("selftest %s: %d functions" % (cf.base, len(tested)),
              flush=True)
        # 1. The C as the function under test: everything passes.
        variants = [("cpu", [], True)]
        if fma or arch not in ("x86_64", "amd64"):
            variants.append(("fma", fma + ["-ffp-contract=fast"], True))
        for variant, flags, _ in variants:
            exe = build(cf, variant, stand_in, flags)
            if not exe:
                continue
            r, res = run_driver(exe)
            if args.verbose or r.returncode:
                sys.stdout.write(r.stdout)
            for fn in tested:
                if res.get(fn) != "PASS":
                    problems.append("%s:%s %s: %s, expected PASS" % (
                        cf.base, fn, variant, res.get(fn, "no result")))
                elif variant == "cpu":
                    counts["pass"] += 1
            if r.returncode:
                problems.append("%s %s: driver exit status %d" % (
                    cf.base, variant, r.returncode))
            os.unlink(exe)
        # 2. valgrind: no uninitialised or out-of-bounds reads.
        if valgrind:
            exe = build(cf, "vg", stand_in, [], ["-DCGC_GUARD=0", "-g"])
            if exe:
                r, res = run_driver(exe, ["--runs", "0,1"], [
                    valgrind, "-q", "--error-exitcode=86",
                    "--track-origins=yes"])
                if r.returncode or any(res.get(fn) != "PASS"
                                       for fn in tested):
                    problems.append("%s valgrind: exit status %d\n%s%s" % (
                        cf.base, r.returncode, r.stdout[-3000:],
                        r.stderr[-3000:]))
                os.unlink(exe)
        # 3. The perturbed copies: the perturbed functions fail.
        for how, key in (("add1", "bad1"), ("flip", "bad2")):
            text, done = perturbed_source(cf, how)
            src = out / ("%s_%s.c" % (cf.stem, key))
            write(src, text)
            exe = build(cf, key, src)
            if not exe:
                continue
            for fn in tested:
                if fn not in done:
                    if key == "bad2":
                        print("  %s:%s: nothing to flip" % (cf.base, fn))
                    else:
                        problems.append("%s:%s: not perturbed" % (cf.base,
                                                                  fn))
                    continue
                # One process each: a crash (a flipped subscript) or a hang
                # counts as detected, and only for this function.
                r, res = run_driver(exe, ["--only", fn], timeout=120)
                if args.verbose:
                    sys.stdout.write(r.stdout)
                got = res.get(fn)
                if got is None and r.returncode:
                    got = "FAIL"
                    print("  %s:%s %s: crashed or hung (exit status %d): "
                          "detected" % (cf.base, fn, key, r.returncode))
                if got == "FAIL" and r.returncode:
                    counts[key] += 1
                else:
                    problems.append("%s:%s %s: %s (exit status %d), "
                                    "expected FAIL" % (cf.base, fn, key,
                                                       got or "no result",
                                                       r.returncode))
                if key == "bad2":
                    counts["bad2n"] += 1
            os.unlink(exe)
    # 4. run.sh end to end, with an nvcc that compiles F.cu (here a copy
    # of F.c) as C with $CC.
    fake = out / "fake-nvcc"
    write(fake, FAKE_NVCC)
    fake.chmod(0o755)
    write(out / "run.sh", RUN_SH)
    for cf in models:
        write(out / ("%s.cu" % cf.stem), cf.src)
    work = out / "work"
    r = subprocess.run(["bash", str(out / "run.sh")], capture_output=True,
                       text=True, env=dict(os.environ, NVCC=str(fake),
                                           WORK=str(work), JOBS="2"))
    n_ok = sum(counts_tested(models))
    want = "%d passed, 0 failed, %d skipped" % (
        n_ok, sum(1 for cf in models for f in cf.funcs
                  if f.offload and f.final_status == "skip"))
    if args.verbose:
        sys.stdout.write(r.stdout)
    if r.returncode or want not in r.stdout:
        problems.append("run.sh with the C as the CUDA: exit status %d, "
                        "expected '%s':\n%s%s" % (r.returncode, want,
                                                  r.stdout[-4000:],
                                                  r.stderr[-2000:]))
    else:
        print("selftest: run.sh (the C standing in for the CUDA, %s as "
              "nvcc): %s" % (fake.name, want))
    print("selftest: %d functions PASS against the C (and %s); bad1 (+1 "
          "on the first written element): %d FAIL; bad2 (an operator "
          "flipped): %d of %d FAIL"
          % (counts["pass"], "with FMA contraction" if len(fma) or arch
             not in ("x86_64", "amd64") else "no FMA variant",
             counts["bad1"], counts["bad2"], counts["bad2n"]))
    if not valgrind:
        print("selftest: no valgrind: skipped the memory check")
    for p in problems:
        print("selftest PROBLEM: " + p)
    print("selftest: %s" % ("OK" if not problems else
                            "%d problems" % len(problems)))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the comment at the top of this script.")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--generate", metavar="DIR",
                      help="write the GPU bundle into DIR (needs c2cuda)")
    mode.add_argument("--selftest", metavar="DIR",
                      help="CPU self-test of the drivers in DIR (gcc only)")
    ap.add_argument("files", nargs="*",
                    help="C files (default: test/lit/corpus/Inputs/*.c)")
    ap.add_argument("--seed", type=int, default=20241,
                    help="base seed of the drivers (default 20241)")
    ap.add_argument("--no-hints", action="store_true",
                    help="ignore the built-in HINTS (pointer sizes)")
    ap.add_argument("--no-build", action="store_true",
                    help="--generate: do not build the bundle with nvcc")
    ap.add_argument("--work", help="--generate: where to build (default "
                    "/tmp/corpus-gpu-check-build)")
    ap.add_argument("--no-valgrind", action="store_true",
                    help="--selftest: skip the valgrind run")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    corpus_files(args)  # refuse bad file lists before writing anything
    if args.generate:
        return generate(args)
    return selftest(args)


if __name__ == "__main__":
    sys.exit(main())
