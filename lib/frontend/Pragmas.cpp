//===- Pragmas.cpp - c2cuda and scop pragmas ------------------------------===//

#include "Pragmas.h"

#include "ClangTypes.h"
#include "schedule/ScheduleCheck.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <optional>

using namespace clang;

namespace c2cuda {

namespace {

/// Records `#pragma <Name> ...` with all its tokens (macros expanded).
class RecordingHandler : public PragmaHandler {
public:
  RecordingHandler(StringRef Name, PragmaRecord::Kind K,
                   std::vector<PragmaRecord> &Out)
      : PragmaHandler(Name), K(K), Out(Out) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &FirstToken) override {
    // Clang's recovery from a malformed `_Pragma(` inside a pragma line
    // reads past the line's end (and past the end of the file, where it
    // crashes), so the line is refused before any of it is expanded.
    if (mentionsPragmaOperator(PP, FirstToken.getLocation())) {
      PP.Diag(FirstToken.getLocation(),
              PP.getDiagnostics().getCustomDiagID(
                  DiagnosticsEngine::Error,
                  "'_Pragma' cannot appear in a '#pragma %0' line; write "
                  "the clauses themselves"))
          << getName();
      PP.DiscardUntilEndOfDirective();
      return;
    }
    PragmaRecord R;
    R.K = K;
    R.Loc =
        Introducer.Loc.isValid() ? Introducer.Loc : FirstToken.getLocation();
    Token Tok;
    PP.Lex(Tok);
    if (K == PragmaRecord::Kind::Kernel) {
      // `c2cuda <directive> ...`: only `kernel` is known.
      if (Tok.is(tok::identifier))
        R.Directive = PP.getSpelling(Tok);
      if (R.Directive != "kernel") {
        R.K = PragmaRecord::Kind::UnknownC2cuda;
        if (Tok.isNot(tok::eod))
          R.Directive = PP.getSpelling(Tok);
      }
      if (Tok.isNot(tok::eod))
        PP.Lex(Tok);
    }
    while (Tok.isNot(tok::eod)) {
      R.Tokens.push_back(
          {Tok.getKind(), PP.getSpelling(Tok), Tok.getLocation()});
      PP.Lex(Tok);
    }
    Out.push_back(std::move(R));
  }

private:
  /// Whether the rest of the pragma's line, from Loc, as written (with
  /// backslash continuations), names the `_Pragma` operator.
  static bool mentionsPragmaOperator(Preprocessor &PP, SourceLocation Loc) {
    SourceManager &SM = PP.getSourceManager();
    bool Invalid = false;
    const char *P = SM.getCharacterData(SM.getSpellingLoc(Loc), &Invalid);
    if (Invalid || !P)
      return false;
    StringRef Buf =
        SM.getBufferData(SM.getFileID(SM.getSpellingLoc(Loc)), &Invalid);
    if (Invalid)
      return false;
    size_t Start = P - Buf.data(), End = Start;
    while (End < Buf.size() &&
           (Buf[End] != '\n' || (End > Start && Buf[End - 1] == '\\')))
      ++End;
    StringRef Line = Buf.slice(Start, End);
    for (size_t I = Line.find("_Pragma"); I != StringRef::npos;
         I = Line.find("_Pragma", I + 1)) {
      auto IsIdent = [](char C) { return isAsciiIdentifierContinue(C); };
      bool Before = I > 0 && IsIdent(Line[I - 1]);
      bool After = I + 7 < Line.size() && IsIdent(Line[I + 7]);
      if (!Before && !After)
        return true;
    }
    return false;
  }

  PragmaRecord::Kind K;
  std::vector<PragmaRecord> &Out;
};

const char *const KnownClauses =
    "block(x[,y[,z]]), extent(A: expr[, B: expr...]), reduction(op: var[, "
    "var...]), "
    "map(loop: x|y|z, ...), thread(loop: n, ...), unroll(loop: n, ...), "
    "maxrregcount(n), tile(loop: n, ...), shared(A[, B...]), pad(n), "
    "vector(loop: 1|2|4, ...), pipeline(1|2|3), async(2|3|4), lanes(loop: n), "
    "split(loop: n), fast_math";

/// Clauses that may appear once per pragma.
bool isSingleClause(const std::string &C) {
  return C == "block" || C == "map" || C == "thread" || C == "unroll" ||
         C == "maxrregcount" || C == "tile" || C == "shared" || C == "pad" ||
         C == "vector" || C == "pipeline" || C == "async" || C == "lanes" ||
         C == "split" || C == "fast_math";
}

/// Recursive-descent parser over the clause tokens of one pragma.
class ClauseParser {
public:
  ClauseParser(const PragmaRecord &P, const Function &F,
               const SourceManager &SM, DiagnosticList &Diags)
      : Toks(P.Tokens), F(F), SM(SM), Diags(Diags), PragmaLoc(P.Loc) {}

  bool parse(NestClauses &Out) {
    while (Pos < Toks.size()) {
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      const PragmaToken &T = Toks[Pos];
      if (T.Kind != tok::identifier)
        return fail(
            T.Loc,
            "expected a clause name in '#pragma c2cuda kernel', found '" +
                T.Text + "'",
            std::string("known clauses: ") + KnownClauses);
      if (isSingleClause(T.Text) && Out.ClauseLocs.count(T.Text))
        return fail(T.Loc, "clause '" + T.Text + "' appears more than once",
                    "merge the clauses into one");
      ++Pos;
      if (T.Text == "block") {
        if (!parseBlock(T, Out))
          return false;
      } else if (T.Text == "extent") {
        if (!parseExtent(T, Out))
          return false;
      } else if (T.Text == "reduction") {
        if (!parseReduction(Out))
          return false;
      } else if (T.Text == "map") {
        if (!parseMap(Out))
          return false;
      } else if (T.Text == "thread" || T.Text == "unroll") {
        if (!parseLoopFactors(T.Text,
                              T.Text == "thread" ? Out.Thread : Out.Unroll,
                              Out.ClauseLocs))
          return false;
      } else if (T.Text == "maxrregcount") {
        if (!parseMaxRegCount(T, Out))
          return false;
      } else if (T.Text == "tile") {
        if (!parseLoopFactors("tile", Out.Tile, Out.ClauseLocs))
          return false;
      } else if (T.Text == "vector") {
        if (!parseLoopFactors("vector", Out.Vector, Out.ClauseLocs))
          return false;
      } else if (T.Text == "lanes" || T.Text == "split") {
        if (!parseLoopFactors(T.Text, T.Text == "lanes" ? Out.Lanes : Out.Split,
                              Out.ClauseLocs))
          return false;
      } else if (T.Text == "shared") {
        if (!parseShared(Out))
          return false;
      } else if (T.Text == "pad" || T.Text == "pipeline" || T.Text == "async") {
        if (!parseCount(T, Out))
          return false;
      } else if (T.Text == "fast_math") {
        if (is(tok::l_paren))
          return fail(here(), "clause 'fast_math' takes no arguments",
                      "write it as 'fast_math'");
        Out.FastMath = true;
      } else {
        return fail(
            T.Loc, "unknown clause '" + T.Text + "' in '#pragma c2cuda kernel'",
            std::string("known clauses: ") + KnownClauses);
      }
      // The first `extent` names the clause; each array has its own entry.
      Out.ClauseLocs.emplace(T.Text, loc(T.Loc));
    }
    return checkValues(Out);
  }

private:
  const std::vector<PragmaToken> &Toks;
  const Function &F;
  const SourceManager &SM;
  DiagnosticList &Diags;
  SourceLocation PragmaLoc;
  size_t Pos = 0;

  SourceLoc loc(SourceLocation L) const { return toSourceLoc(SM, L); }

  /// The values, by the rules every producer's schedules follow
  /// (schedule/ScheduleCheck.h); a problem with one loop or array of a
  /// clause is reported there ("vector.i" in ClauseLocs), else at the
  /// clause.
  bool checkValues(const NestClauses &Out) {
    std::set<std::string> Given;
    for (const auto &[Key, L] : Out.ClauseLocs)
      Given.insert(Key);
    std::optional<ScheduleProblem> P = checkScheduleValues(Out, Given);
    if (!P)
      return true;
    auto It = Out.ClauseLocs.find(P->Clause + "." + P->Item);
    if (P->Item.empty() || It == Out.ClauseLocs.end())
      It = Out.ClauseLocs.find(P->Clause);
    Diags.error(It != Out.ClauseLocs.end() ? It->second : loc(PragmaLoc),
                P->Message, P->Hint);
    return false;
  }
  bool is(tok::TokenKind K) const {
    return Pos < Toks.size() && Toks[Pos].Kind == K;
  }
  SourceLocation here() const {
    return Pos < Toks.size() ? Toks[Pos].Loc
                             : (Toks.empty() ? PragmaLoc : Toks.back().Loc);
  }
  bool fail(SourceLocation L, std::string Msg, std::string Hint) {
    Diags.error(loc(L), std::move(Msg), std::move(Hint));
    return false;
  }
  bool expect(tok::TokenKind K, const char *Spelling, const std::string &Clause,
              const char *Form) {
    if (is(K)) {
      ++Pos;
      return true;
    }
    return fail(here(),
                std::string("expected '") + Spelling + "' in clause '" +
                    Clause + "'",
                std::string("write it as '") + Form + "'");
  }

  /// Consumes an integer constant (no suffix but u/l) of at most 2^20 into
  /// V; false, consuming nothing, if the next token is not one.
  bool integer(unsigned &V) {
    if (!is(tok::numeric_constant))
      return false;
    const PragmaToken &N = Toks[Pos];
    char *End = nullptr;
    unsigned long long X = std::strtoull(N.Text.c_str(), &End, 0);
    std::string Suffix(End);
    for (char &C : Suffix)
      C = std::tolower(C);
    if (X > 1u << 20 || !(Suffix.empty() || Suffix == "u" || Suffix == "l" ||
                          Suffix == "ul" || Suffix == "lu"))
      return false;
    ++Pos;
    V = static_cast<unsigned>(X);
    return true;
  }

  /// A positive integer constant (no suffix but u/l), or 0 after an error.
  unsigned positive(const std::string &Clause, const char *Form) {
    unsigned V = 0;
    size_t Start = Pos;
    if (integer(V) && V > 0)
      return V;
    Pos = Start;
    fail(here(), "clause '" + Clause + "' takes positive integer constants",
         std::string("write it as '") + Form + "'");
    return 0;
  }

  /// `map(loop: x|y|z, ...)`. Whether the loops can be mapped is checked by
  /// MapToGrid, which knows the nest's band.
  bool parseMap(NestClauses &Out) {
    const char *Form = "map(j: x, i: y)";
    if (!expect(tok::l_paren, "(", "map", Form))
      return false;
    while (true) {
      if (!is(tok::identifier))
        return fail(here(), "expected a loop iterator in clause 'map'",
                    std::string("write it as '") + Form + "'");
      const PragmaToken &L = Toks[Pos++];
      if (!expect(tok::colon, ":", "map", Form))
        return false;
      unsigned Dim = 3;
      if (is(tok::identifier)) {
        const std::string &D = Toks[Pos].Text;
        Dim = D == "x" ? 0 : D == "y" ? 1 : D == "z" ? 2 : 3;
      }
      if (Dim == 3)
        return fail(here(),
                    "clause 'map' maps loops to grid dimensions x, y or z",
                    std::string("write it as '") + Form + "'");
      ++Pos;
      Out.ClauseLocs["map." + L.Text] = loc(L.Loc);
      Out.Map.emplace_back(L.Text, Dim);
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      break;
    }
    return expect(tok::r_paren, ")", "map", Form);
  }

  /// `thread(loop: n, ...)`, `unroll(loop: n, ...)`, `tile(loop: n, ...)`
  /// and `vector(loop: n, ...)`; each factor's place goes to Locs as
  /// "clause.loop". Whether the loops can take the clause is checked by the
  /// lowering, which knows the nest.
  bool parseLoopFactors(const std::string &Clause,
                        std::map<std::string, unsigned> &Out,
                        std::map<std::string, SourceLoc> &Locs) {
    std::string Form = Clause + (Clause == "tile"    ? "(i: 64, j: 64, k: 8)"
                                 : Clause == "split" ? "(k: 16)"
                                                     : "(i: 4)");
    if (!expect(tok::l_paren, "(", Clause, Form.c_str()))
      return false;
    while (true) {
      if (!is(tok::identifier))
        return fail(here(),
                    "expected a loop iterator in clause '" + Clause + "'",
                    "write it as '" + Form + "'");
      const PragmaToken &L = Toks[Pos++];
      if (!expect(tok::colon, ":", Clause, Form.c_str()))
        return false;
      SourceLocation ValueLoc = here();
      unsigned V = positive(Clause, Form.c_str());
      if (!V)
        return false;
      if (Out.count(L.Text))
        return fail(L.Loc,
                    "loop '" + L.Text + "' appears twice in clause '" + Clause +
                        "'",
                    "give each loop one factor");
      Out[L.Text] = V;
      Locs[Clause + "." + L.Text] = loc(ValueLoc);
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      break;
    }
    return expect(tok::r_paren, ")", Clause, Form.c_str());
  }

  /// `shared(A[, B...])`: arrays staged in shared memory. They must be
  /// array parameters; whether they can be staged (read-only, affine
  /// footprint) is checked by the lowering.
  bool parseShared(NestClauses &Out) {
    const char *Form = "shared(A, B)";
    if (!expect(tok::l_paren, "(", "shared", Form))
      return false;
    while (true) {
      if (!is(tok::identifier))
        return fail(here(), "expected an array name in clause 'shared'",
                    std::string("write it as '") + Form + "'");
      const PragmaToken &A = Toks[Pos++];
      const Param *P = F.findParam(A.Text);
      if (!P || !P->isArray())
        return fail(A.Loc,
                    "'" + A.Text +
                        "' in clause 'shared' is not an array parameter of '" +
                        F.Name + "'",
                    "name a pointer or array parameter of the function");
      Out.ClauseLocs["shared." + A.Text] = loc(A.Loc);
      Out.Shared.push_back(A.Text);
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      break;
    }
    return expect(tok::r_paren, ")", "shared", Form);
  }

  /// `pad(n)`, 0 <= n <= 32 (32 floats: one per bank, more never helps),
  /// `pipeline(n)`, n = 1 (single-buffered), 2 (the next strip staged in
  /// registers) or 3 (and two shared buffers), and `async(n)`, n = 2, 3 or
  /// 4 buffers of each shared tile filled by asynchronous copies. The
  /// ranges are checked by checkScheduleValues.
  bool parseCount(const PragmaToken &Name, NestClauses &Out) {
    bool Pad = Name.Text == "pad", Async = Name.Text == "async";
    const char *Form = Pad ? "pad(1)" : Async ? "async(3)" : "pipeline(2)";
    unsigned Min = Pad ? 0 : Async ? 2 : 1, Max = Pad ? 32 : Async ? 4 : 3;
    if (!expect(tok::l_paren, "(", Name.Text, Form))
      return false;
    unsigned V = 0;
    if (!integer(V))
      return fail(here(),
                  "clause '" + Name.Text + "' takes an integer constant from " +
                      std::to_string(Min) + " to " + std::to_string(Max),
                  std::string("write it as '") + Form + "'");
    if (!expect(tok::r_paren, ")", Name.Text, Form))
      return false;
    (Pad ? Out.Pad : Async ? Out.Async : Out.Pipeline) = V;
    return true;
  }

  bool parseMaxRegCount(const PragmaToken &Name, NestClauses &Out) {
    const char *Form = "maxrregcount(64)";
    if (!expect(tok::l_paren, "(", "maxrregcount", Form))
      return false;
    unsigned V = positive("maxrregcount", Form);
    if (!V)
      return false;
    if (!expect(tok::r_paren, ")", "maxrregcount", Form))
      return false;
    Out.MaxRegCount = V;
    return true;
  }

  bool parseBlock(const PragmaToken &Name, NestClauses &Out) {
    const char *Form = "block(x[,y[,z]])";
    if (!expect(tok::l_paren, "(", "block", Form))
      return false;
    std::vector<unsigned> Dims;
    while (true) {
      if (!is(tok::numeric_constant))
        return fail(here(), "block sizes must be positive integer constants",
                    std::string("write it as '") + Form + "'");
      const PragmaToken &N = Toks[Pos++];
      char *End = nullptr;
      unsigned long long V = std::strtoull(N.Text.c_str(), &End, 0);
      std::string Suffix(End);
      for (char &C : Suffix)
        C = std::tolower(C);
      if (V == 0 || !(Suffix.empty() || Suffix == "u" || Suffix == "l" ||
                      Suffix == "ul" || Suffix == "lu"))
        return fail(N.Loc, "block sizes must be positive integer constants",
                    std::string("write it as '") + Form + "'");
      Dims.push_back(
          static_cast<unsigned>(std::min<unsigned long long>(V, 1u << 20)));
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      break;
    }
    if (!expect(tok::r_paren, ")", "block", Form))
      return false;
    Out.Block = Dims;
    return true;
  }

  /// `reduction(op: var[, var...])`. Only the form is checked here: the
  /// names may be host locals, which the frontend has not collected when
  /// clauses are parsed, so the lowering (ReductionPolicy.h) checks them
  /// against the variables the nest uses.
  bool parseReduction(NestClauses &Out) {
    const char *Form = "reduction(op: var[, var...])";
    const char *OpHint = "write one of + * min max & | ^, e.g. "
                         "'reduction(+: s)' ('s -= e' is a '+' reduction)";
    if (!expect(tok::l_paren, "(", "reduction", Form))
      return false;
    if (Pos >= Toks.size())
      return fail(here(), "expected an operator in clause 'reduction'", OpHint);
    const PragmaToken &OpTok = Toks[Pos];
    std::string Op;
    switch (OpTok.Kind) {
    case tok::plus:
      Op = "+";
      break;
    case tok::star:
      Op = "*";
      break;
    case tok::amp:
      Op = "&";
      break;
    case tok::pipe:
      Op = "|";
      break;
    case tok::caret:
      Op = "^";
      break;
    case tok::identifier:
      if (OpTok.Text == "min" || OpTok.Text == "max")
        Op = OpTok.Text;
      break;
    default:
      break;
    }
    if (Op.empty())
      return fail(OpTok.Loc,
                  "unknown operator '" + OpTok.Text + "' in clause 'reduction'",
                  OpHint);
    ++Pos;
    if (!expect(tok::colon, ":", "reduction", Form))
      return false;
    while (true) {
      if (!is(tok::identifier))
        return fail(here(),
                    "expected a variable name in clause 'reduction(" + Op +
                        ": ...)'",
                    "name a scalar or an array the nest reduces into, e.g. "
                    "'reduction(" +
                        Op + ": s)'");
      const PragmaToken &V = Toks[Pos++];
      std::string Key = "reduction(" + Op + ": " + V.Text + ")";
      if (Out.ClauseLocs.count(Key))
        return fail(V.Loc,
                    "'" + V.Text + "' appears twice in clauses '" +
                        "reduction(" + Op + ": ...)'",
                    "name each variable once");
      Out.Reductions.emplace_back(Op, V.Text);
      Out.ClauseLocs[Key] = loc(V.Loc);
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      break;
    }
    return expect(tok::r_paren, ")", "reduction", Form);
  }

  /// `extent(A: expr[, B: expr...])`.
  bool parseExtent(const PragmaToken &Name, NestClauses &Out) {
    const char *Form = "extent(A: expr[, B: expr...])";
    if (!expect(tok::l_paren, "(", "extent", Form))
      return false;
    do {
      if (!parseOneExtent(Out, Form))
        return false;
    } while (is(tok::comma) && ++Pos);
    return expect(tok::r_paren, ")", "extent", Form);
  }

  bool parseOneExtent(NestClauses &Out, const char *Form) {
    if (!is(tok::identifier))
      return fail(here(), "expected an array parameter name in clause 'extent'",
                  std::string("write it as '") + Form + "'");
    const PragmaToken &A = Toks[Pos++];
    const Param *P = F.findParam(A.Text);
    if (!P || !P->isArray())
      return fail(A.Loc,
                  "'" + A.Text +
                      "' in clause 'extent' is not an array parameter of '" +
                      F.Name + "'",
                  "name a pointer or array parameter of the function");
    if (!expect(tok::colon, ":", "extent", Form))
      return false;
    SourceLocation ExprLoc = here();
    ExtentOps = 0;
    ExprPtr E = parseAdd();
    if (!E)
      return false;
    if (isFloating(E->Type))
      return fail(
          A.Loc, "the extent of '" + A.Text + "' must be an integer expression",
          "use integer parameters and constants");
    // The wrapper stops on a count that is negative for the arguments; a
    // constant one, a division by zero or an overflow is wrong for all.
    bool Failed = false;
    std::optional<int64_t> V = fold(*E, A.Text, Failed);
    if (Failed)
      return false;
    if (V && *V < 0)
      return fail(ExprLoc,
                  "the extent of '" + A.Text + "' is negative (" +
                      std::to_string(*V) + ")",
                  "an extent is the number of elements the nest may touch, "
                  "at least 0");
    if (Out.Extents.count(A.Text))
      return fail(A.Loc, "the extent of '" + A.Text + "' is given twice",
                  "keep one 'extent(" + A.Text + ": ...)' clause");
    Out.Extents[A.Text] = E;
    Out.ClauseLocs["extent(" + A.Text + ")"] = loc(A.Loc);
    return true;
  }

  /// Operators and parentheses in the extent being parsed: a bound on the
  /// parser's recursion and on the expression's depth.
  unsigned ExtentOps = 0;
  static constexpr unsigned MaxExtentOps = 256;
  bool tooComplex() {
    if (++ExtentOps <= MaxExtentOps)
      return false;
    fail(here(),
         "the extent expression has more than " + std::to_string(MaxExtentOps) +
             " operators and parentheses",
         "compute the count in a parameter and name it in the clause");
    return true;
  }

  /// E's value in long long, as the wrapper computes extents, when it uses
  /// no parameter. A division by a constant zero, or constant arithmetic
  /// that overflows, is reported at its operator and sets Failed.
  std::optional<int64_t> fold(const Expr &E, const std::string &Array,
                              bool &Failed) {
    auto Error = [&](const SourceLoc &L, const std::string &What) {
      Diags.error(L, What + " in the extent of '" + Array + "'",
                  "an extent is a count of elements in 'long long'; "
                  "correct the expression");
      Failed = true;
      return std::nullopt;
    };
    if (const auto *I = llvm::dyn_cast<IntLit>(&E))
      return I->Value;
    if (const auto *C = llvm::dyn_cast<CastExpr>(&E))
      return fold(*C->Operand, Array, Failed);
    if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E)) {
      std::optional<int64_t> X = fold(*U->Operand, Array, Failed);
      if (!X)
        return std::nullopt;
      if (*X == INT64_MIN)
        return Error(U->Loc, "integer overflow");
      return -*X;
    }
    const auto *B = llvm::dyn_cast<BinaryExpr>(&E);
    if (!B)
      return std::nullopt; // A parameter.
    std::optional<int64_t> L = fold(*B->LHS, Array, Failed);
    if (Failed)
      return std::nullopt;
    std::optional<int64_t> R = fold(*B->RHS, Array, Failed);
    if (Failed)
      return std::nullopt;
    if (B->Op == BinaryOpKind::Div && R && *R == 0)
      return Error(B->Loc, "division by zero");
    if (!L || !R)
      return std::nullopt;
    int64_t Out = 0;
    bool Overflow = false;
    switch (B->Op) {
    case BinaryOpKind::Add:
      Overflow = __builtin_add_overflow(*L, *R, &Out);
      break;
    case BinaryOpKind::Sub:
      Overflow = __builtin_sub_overflow(*L, *R, &Out);
      break;
    case BinaryOpKind::Mul:
      Overflow = __builtin_mul_overflow(*L, *R, &Out);
      break;
    case BinaryOpKind::Div:
      Overflow = *L == INT64_MIN && *R == -1;
      Out = Overflow ? 0 : *L / *R;
      break;
    default:
      return std::nullopt;
    }
    if (Overflow)
      return Error(B->Loc, "integer overflow");
    return Out;
  }

  // C's usual arithmetic conversions restricted to the IR kinds.
  static ScalarKind common(ScalarKind A, ScalarKind B) {
    auto Rank = [](ScalarKind K) {
      switch (K) {
      case ScalarKind::Int:
        return 0;
      case ScalarKind::UInt:
        return 1;
      case ScalarKind::Long:
        return 2;
      case ScalarKind::ULong:
        return 3;
      case ScalarKind::Float:
        return 4;
      case ScalarKind::Double:
        return 5;
      default: // char and short: promoted to int
        return 0;
      }
    };
    if (isNarrowInteger(A))
      A = ScalarKind::Int;
    if (isNarrowInteger(B))
      B = ScalarKind::Int;
    return Rank(A) >= Rank(B) ? A : B;
  }
  static ExprPtr convert(ExprPtr E, ScalarKind T) {
    if (E->Type == T)
      return E;
    SourceLoc L = E->Loc;
    return std::make_shared<CastExpr>(std::move(E), T, L);
  }

  /// One left-associative level of binary operators: Next (Op Next)*.
  ExprPtr parseLevel(
      ExprPtr (ClauseParser::*Next)(),
      std::initializer_list<std::pair<tok::TokenKind, BinaryOpKind>> Ops) {
    ExprPtr L = (this->*Next)();
    for (;;) {
      const auto *Op = std::find_if(Ops.begin(), Ops.end(),
                                    [&](auto &O) { return is(O.first); });
      if (!L || Op == Ops.end())
        return L;
      if (tooComplex())
        return nullptr;
      SourceLoc OpLoc = loc(Toks[Pos++].Loc);
      ExprPtr R = (this->*Next)();
      if (!R)
        return nullptr;
      ScalarKind T = common(L->Type, R->Type);
      L = std::make_shared<BinaryExpr>(Op->second, convert(L, T), convert(R, T),
                                       T, OpLoc);
    }
  }
  ExprPtr parseAdd() {
    return parseLevel(
        &ClauseParser::parseMul,
        {{tok::plus, BinaryOpKind::Add}, {tok::minus, BinaryOpKind::Sub}});
  }
  ExprPtr parseMul() {
    return parseLevel(
        &ClauseParser::parseUnary,
        {{tok::star, BinaryOpKind::Mul}, {tok::slash, BinaryOpKind::Div}});
  }
  ExprPtr parseUnary() {
    if ((is(tok::minus) || is(tok::plus)) && tooComplex())
      return nullptr;
    if (is(tok::minus)) {
      SourceLoc L = loc(Toks[Pos++].Loc);
      ExprPtr X = parseUnary();
      if (!X)
        return nullptr;
      ScalarKind T = X->Type;
      return std::make_shared<UnaryExpr>(UnaryOpKind::Neg, X, T, L);
    }
    if (is(tok::plus)) {
      ++Pos;
      return parseUnary();
    }
    return parsePrimary();
  }
  ExprPtr parsePrimary() {
    const char *Hint = "use integer literals, scalar parameters, + - * / and "
                       "parentheses";
    if (Pos >= Toks.size())
      return failExpr(here(), "expected an expression in clause 'extent'",
                      Hint);
    const PragmaToken &T = Toks[Pos];
    if (T.Kind == tok::l_paren) {
      if (tooComplex())
        return nullptr;
      ++Pos;
      ExprPtr E = parseAdd();
      if (!E)
        return nullptr;
      if (!is(tok::r_paren))
        return failExpr(here(), "expected ')' in clause 'extent'", Hint);
      ++Pos;
      return E;
    }
    if (T.Kind == tok::numeric_constant) {
      ++Pos;
      char *End = nullptr;
      errno = 0;
      unsigned long long V = std::strtoull(T.Text.c_str(), &End, 0);
      bool OutOfRange = errno == ERANGE;
      std::string Suffix(End);
      for (char &C : Suffix)
        C = std::tolower(C);
      bool Unsigned = Suffix.find('u') != std::string::npos;
      bool Long = Suffix.find('l') != std::string::npos;
      if (!(Suffix.empty() || Suffix == "u" || Suffix == "l" ||
            Suffix == "ul" || Suffix == "lu" || Suffix == "ll" ||
            Suffix == "ull" || Suffix == "llu"))
        return failExpr(T.Loc, "'" + T.Text + "' is not an integer constant",
                        Hint);
      // Extents are computed in long long (the wrapper's element counts).
      if (OutOfRange || V > 0x7fffffffffffffffULL)
        return failExpr(T.Loc,
                        "integer constant '" + T.Text +
                            "' is too large for an extent, which is a "
                            "'long long'",
                        "use a count of at most 9223372036854775807");
      ScalarKind K;
      if (!Long && !Unsigned && V <= 0x7fffffffULL)
        K = ScalarKind::Int;
      else if (!Long && Unsigned && V <= 0xffffffffULL)
        K = ScalarKind::UInt;
      else if (!Unsigned && V <= 0x7fffffffffffffffULL)
        K = ScalarKind::Long;
      else
        K = ScalarKind::ULong;
      return std::make_shared<IntLit>(static_cast<int64_t>(V), K, loc(T.Loc));
    }
    if (T.Kind == tok::identifier) {
      ++Pos;
      const Param *P = F.findParam(T.Text);
      if (!P || P->isArray() || isFloating(P->Elem))
        return failExpr(
            T.Loc,
            "'" + T.Text +
                "' in clause 'extent' is not an integer scalar parameter of '" +
                F.Name + "'",
            Hint);
      return std::make_shared<VarRef>(T.Text, P->Elem, loc(T.Loc));
    }
    return failExpr(T.Loc, "unexpected '" + T.Text + "' in clause 'extent'",
                    Hint);
  }
  ExprPtr failExpr(SourceLocation L, std::string Msg, std::string Hint) {
    fail(L, std::move(Msg), std::move(Hint));
    return nullptr;
  }
};

} // namespace

void registerPragmaHandlers(Preprocessor &PP, std::vector<PragmaRecord> &Out) {
  // The preprocessor owns its handlers.
  PP.AddPragmaHandler(
      new RecordingHandler("c2cuda", PragmaRecord::Kind::Kernel, Out));
  PP.AddPragmaHandler(
      new RecordingHandler("scop", PragmaRecord::Kind::Scop, Out));
  PP.AddPragmaHandler(
      new RecordingHandler("endscop", PragmaRecord::Kind::EndScop, Out));
}

bool parseKernelClauses(const PragmaRecord &P, const Function &F,
                        const SourceManager &SM, NestClauses &Out,
                        DiagnosticList &Diags) {
  return ClauseParser(P, F, SM, Diags).parse(Out);
}

} // namespace c2cuda
