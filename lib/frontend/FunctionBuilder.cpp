//===- FunctionBuilder.cpp - Functions with nests to IR -------------------===//

#include "FunctionBuilder.h"
#include "ClangTypes.h"
#include "HostSource.h"
#include "IteratorsAfterNest.h"
#include "NestBuilder.h"
#include "ParameterQuotients.h"
#include "PrivatizeScalars.h"
#include "SelectIndices.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <map>
#include <set>

using namespace clang;

namespace c2cuda {

namespace {

bool isCudaBuiltinVariable(llvm::StringRef N) {
  return N == "threadIdx" || N == "blockIdx" || N == "blockDim" ||
         N == "gridDim" || N == "warpSize";
}

/// Types of CUDA the generated code names (`dim3` in every launch, the
/// vector types in vector loads): a variable of that name hides the type
/// (nvcc 13.0: 'parameter "dim3" is not a type name').
bool isCudaTypeName(llvm::StringRef N) {
  if (N == "dim3" || N == "cudaStream_t" || N == "cudaError_t")
    return true;
  static const char *const Bases[] = {
      "char", "uchar", "short",    "ushort",    "int",   "uint",
      "long", "ulong", "longlong", "ulonglong", "float", "double"};
  if (N.size() < 2 || N.back() < '1' || N.back() > '4')
    return false;
  return llvm::is_contained(Bases, N.drop_back());
}

/// Functions CUDA's headers declare with C linkage whose names C leaves to
/// the user (the standard library's are reserved in C too): an `extern
/// "C"` function of the same name and other parameters does not compile
/// (nvcc 13.0: "more than one instance of overloaded function ... has "C"
/// linkage"; each name below was tried).
bool isCudaLibraryFunction(llvm::StringRef N) {
  static const char *const Names[] = {"cospi",
                                      "cospif",
                                      "cyl_bessel_i0",
                                      "cyl_bessel_i0f",
                                      "cyl_bessel_i1",
                                      "cyl_bessel_i1f",
                                      "erfcinv",
                                      "erfcinvf",
                                      "erfcx",
                                      "erfcxf",
                                      "erfinv",
                                      "erfinvf",
                                      "exp10",
                                      "exp10f",
                                      "fdivide",
                                      "fdividef",
                                      "j0",
                                      "j0f",
                                      "j1",
                                      "j1f",
                                      "jn",
                                      "jnf",
                                      "llmax",
                                      "llmin",
                                      "max",
                                      "min",
                                      "norm",
                                      "norm3d",
                                      "norm3df",
                                      "norm4d",
                                      "norm4df",
                                      "normcdf",
                                      "normcdff",
                                      "normcdfinv",
                                      "normcdfinvf",
                                      "normf",
                                      "rcbrt",
                                      "rcbrtf",
                                      "rhypot",
                                      "rhypotf",
                                      "rnorm",
                                      "rnorm3d",
                                      "rnorm3df",
                                      "rnorm4d",
                                      "rnorm4df",
                                      "rnormf",
                                      "rsqrt",
                                      "rsqrtf",
                                      "sincos",
                                      "sincosf",
                                      "sincospi",
                                      "sincospif",
                                      "sinpi",
                                      "sinpif",
                                      "ullmax",
                                      "ullmin",
                                      "umax",
                                      "umin",
                                      "y0",
                                      "y0f",
                                      "y1",
                                      "y1f",
                                      "yn",
                                      "ynf"};
  return llvm::is_contained(Names, N);
}

/// Prints host statements for nvcc, which compiles them as C++: the
/// conversions C makes implicitly and C++ does not (`float *t =
/// malloc(...)`) get their cast written (needsExplicitCastInCxx).
class CxxCasts : public PrinterHelper {
public:
  explicit CxxCasts(const ASTContext &Ctx) : Ctx(Ctx) {}
  bool handledStmt(clang::Stmt *S, llvm::raw_ostream &OS) override {
    if (const auto *DS = dyn_cast<clang::DeclStmt>(S))
      return declaration(*DS, OS);
    const auto *IC = dyn_cast<ImplicitCastExpr>(S);
    if (!IC || !needsExplicitCastInCxx(*IC))
      return false;
    OS << "(" << IC->getType().getAsString(Ctx.getPrintingPolicy()) << ")(";
    IC->getSubExpr()->printPretty(OS, this, Ctx.getPrintingPolicy(), 0, "\n",
                                  &Ctx);
    OS << ")";
    return true;
  }

private:
  /// Clang prints a declaration's initializer without this helper: a
  /// declaration whose initializer needs a cast is printed here, one
  /// declaration per variable.
  bool declaration(const clang::DeclStmt &DS, llvm::raw_ostream &OS) {
    bool Needed = false;
    for (const Decl *D : DS.decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V)
        return false;
      if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(V->getInit()))
        Needed |= needsExplicitCastInCxx(*IC);
    }
    if (!Needed)
      return false;
    for (const Decl *D : DS.decls()) {
      const auto *V = cast<VarDecl>(D);
      V->getType().print(OS, Ctx.getPrintingPolicy(), V->getName());
      if (const clang::Expr *Init = V->getInit()) {
        OS << " = ";
        Init->printPretty(OS, this, Ctx.getPrintingPolicy(), 0, "\n", &Ctx);
      }
      OS << ";\n";
    }
    return true;
  }

  const ASTContext &Ctx;
};

const ParmVarDecl *refParam(const clang::Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<ParmVarDecl>(DR->getDecl());
  return nullptr;
}

std::string trim(std::string S) {
  while (!S.empty() && (S.back() == '\n' || S.back() == ' '))
    S.pop_back();
  return S;
}

/// Whether E, taken as a truth value, is a pointer variable (`if (x)`, `x
/// && n`; not `p[0]`, which reads an element).
bool isPointerValue(const clang::Expr *E) {
  const auto *D =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return D && D->getType()->isPointerType();
}

/// The pointer variable S tests against null, where S is `!p`, `p == 0` or
/// `p != 0` (either side; NULL and nullptr too) or `p` converted to a truth
/// value (IsNull: whether S holds where p is null); null otherwise.
const clang::Expr *nullTestedPointer(const clang::Stmt *S,
                                     bool *IsNull = nullptr) {
  const auto *E = dyn_cast_or_null<clang::Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  bool Null = false;
  if (IsNull)
    *IsNull = false;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
      IC && IC->getCastKind() == CK_PointerToBoolean)
    return isPointerValue(IC->getSubExpr())
               ? IC->getSubExpr()->IgnoreParenImpCasts()
               : nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    const clang::Expr *P = nullTestedPointer(UO->getSubExpr(), &Null);
    if (!P && isPointerValue(UO->getSubExpr()))
      P = UO->getSubExpr()->IgnoreParenImpCasts();
    if (P && IsNull)
      *IsNull = !Null;
    return P;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isEqualityOp())
    return nullptr;
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  // 0, NULL (`((void *)0)`), nullptr.
  auto IsNullConstant = [](const clang::Expr *X) {
    X = X->IgnoreParenCasts();
    if (const auto *I = dyn_cast<IntegerLiteral>(X))
      return I->getValue() == 0;
    return isa<GNUNullExpr, CXXNullPtrLiteralExpr>(X);
  };
  const clang::Expr *P = IsNullConstant(R)   ? L
                         : IsNullConstant(L) ? R
                                             : nullptr;
  if (!isPointerValue(P))
    return nullptr;
  if (IsNull)
    *IsNull = BO->getOpcode() == BO_EQ;
  return P->IgnoreParenImpCasts();
}

/// Which array parameters a host statement reads and writes, and which
/// scalars it assigns. A pointer that escapes (passed to a function, copied)
/// counts as both read and written.
class AccessCollector {
public:
  AccessCollector(const Function &F) : F(F) {}
  std::set<std::string> Read, Written, ScalarsWritten;

  enum : unsigned { R = 1, W = 2, RW = 3 };

  void walk(const clang::Stmt *S, unsigned M = R, bool Base = false) {
    // `!x`, `x == NULL`: the pointer's value, no element.
    if (!S || nullTestedPointer(S))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        walk(BO->getLHS(), BO->isCompoundAssignmentOp() ? RW : W);
        walk(BO->getRHS(), R);
        return;
      }
      if (BO->isLogicalOp()) {
        for (const clang::Expr *O : {BO->getLHS(), BO->getRHS()})
          if (!isPointerValue(O))
            walk(O, R);
        return;
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        return walk(UO->getSubExpr(), RW);
      if (UO->getOpcode() == UO_Deref)
        return walk(UO->getSubExpr(), M, true);
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      walk(AS->getBase(), M, true);
      walk(AS->getIdx(), R);
      return;
    } else if (const auto *If = dyn_cast<clang::IfStmt>(S);
               If && isPointerValue(If->getCond())) {
      walk(If->getThen());
      walk(If->getElse());
      return;
    } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(S)) {
      // The pointer read for a subscript does not change what the subscript
      // does to the element.
      if (!Base && IC->getCastKind() == CK_LValueToRValue)
        return walk(IC->getSubExpr(), R);
      return walk(IC->getSubExpr(), M, Base);
    } else if (const auto *PE = dyn_cast<ParenExpr>(S)) {
      return walk(PE->getSubExpr(), M, Base);
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
      if (!VD)
        return;
      std::string Name = VD->getName().str();
      const Param *P = isa<ParmVarDecl>(VD) || VD->isFileVarDecl()
                           ? F.findParam(Name)
                           : nullptr;
      if (P && P->IsGlobal != VD->isFileVarDecl())
        P = nullptr;
      if (P && P->isArray()) {
        unsigned Mode = Base ? M : RW;
        if (Mode & R)
          Read.insert(Name);
        if (Mode & W)
          Written.insert(Name);
      } else if ((M & W) && !Base && !VD->getType()->isArrayType()) {
        ScalarsWritten.insert(Name);
      }
      return;
    } else if (isa<clang::CallExpr>(S)) {
      // A called function may read and write any global array.
      for (const Param &P : F.Params)
        if (P.IsGlobal) {
          Read.insert(P.Name);
          Written.insert(P.Name);
        }
    } else if (const auto *DS = dyn_cast<clang::DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          if (VD->getInit() && !VD->getType()->isArrayType())
            ScalarsWritten.insert(VD->getName().str());
          walk(VD->getInit(), R);
        }
      return;
    }
    for (const clang::Stmt *C : S->children())
      walk(C, R);
  }

private:
  const Function &F;
};

class FunctionBuilder {
public:
  FunctionBuilder(ASTContext &Ctx, const FunctionDecl *FD,
                  std::vector<PragmaRecord *> Pragmas, DiagnosticList &Diags)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), FD(FD),
        Pragmas(std::move(Pragmas)), Diags(Diags) {}

  /// False when the function holds no nest.
  bool build(Function &Out);

private:
  struct NestInfo {
    const PragmaRecord *Kernel = nullptr;
    const PragmaRecord *Scop = nullptr;
  };

  ASTContext &Ctx;
  SourceManager &SM;
  const FunctionDecl *FD;
  std::vector<PragmaRecord *> Pragmas;
  DiagnosticList &Diags;
  Function F;
  std::map<const clang::Stmt *, NestInfo> Nests;
  std::vector<const clang::Stmt *> Positions; ///< Statements in source order.
  std::vector<const CompoundStmt *> Compounds;
  unsigned NextId = 0;

  SourceLoc loc(SourceLocation L) const { return toSourceLoc(SM, L); }
  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  }
  std::string print(const clang::Stmt *S) const {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    CxxCasts Casts(Ctx);
    S->printPretty(OS, &Casts, Ctx.getPrintingPolicy(), 0, "\n", &Ctx);
    OS.flush();
    Text = trim(Text);
    if (isa<clang::Expr>(S))
      Text += ";";
    return Text;
  }
  std::string printExprText(const clang::Expr *E) const {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    CxxCasts Casts(Ctx);
    if (E)
      E->printPretty(OS, &Casts, Ctx.getPrintingPolicy(), 0, "\n", &Ctx);
    return OS.str();
  }

  void collectPositions(const clang::Stmt *S);
  const CompoundStmt *innermostCompound(SourceLocation L) const;
  void attachPragmas();
  bool buildParams();
  /// Adds the file-scope arrays the nests use as global parameters.
  bool addGlobalArrays();
  bool buildParam(const ParmVarDecl *PV, NestBuilder &NB, Param &P);
  void checkFunction();
  bool containsNest(const clang::Stmt *S) const;
  void hostStmt(const clang::Stmt *S, StmtList &Out);
  void hostBody(const clang::Stmt *S, StmtList &Out);
  StmtPtr nestStmt(const clang::Stmt *S);
  /// After nest S (built as N), sets the host's copy of each iterator a
  /// later statement reads to its final value (IteratorsAfterNest.h).
  void writeBackIterators(const clang::Stmt *S, const NestStmt &N,
                          StmtList &Out);
  StmtPtr hostCode(const clang::Stmt *S);
  /// HostCode::ReturnsWhen of S (null where S is not such a return);
  /// TestsPointers: whether it tests pointers for null (an entry guard).
  ExprPtr returnCondition(const clang::Stmt *S, bool &TestsPointers);
  /// A return's condition E as IR, null tests of pointers folded to their
  /// value past the entry guards (TestsPointers: whether E has any).
  ExprPtr guardCondition(const clang::Expr *E, NestBuilder &NB,
                         bool &TestsPointers);
  /// The function's first statements of the form `if (c) return;`, after
  /// declarations without initializers only (HostCode::EntryGuard).
  std::set<const clang::Stmt *> EntryGuards;
  void collectEntryGuards();
  /// The parts of a host region's header (null where the form has none).
  struct RegionHeader {
    const clang::Stmt *Init = nullptr;
    const clang::Expr *Cond = nullptr;
    const clang::Expr *Inc = nullptr;
  };
  StmtPtr hostRegion(HostRegion::Form Form, std::string Open, StmtList Body,
                     std::string Close, RegionHeader H, SourceLoc L);
  /// Fills Function::HostConstants from the body's top-level declarations.
  void collectHostConstants();
  /// S declares, without initialisers, only variables used inside nests.
  bool declaresOnlyNestPrivates(const clang::Stmt *S) const;
  std::map<std::string, ScalarKind>
  privatizable(const clang::Stmt *S,
               std::map<std::string, const VarDecl *> &Vars) const;
  bool nestOnlyIterator(const VarDecl *V) const;
  static std::vector<std::pair<std::string, ScalarKind>>
  uninitializedScalars(const std::vector<const VarDecl *> &Vars);
  StmtList withoutDroppedDecls(const StmtList &L) const;
  /// Scalars a nest made private (privatizeScalars), and the host
  /// declarations of scalars, by statement: a declaration of only those
  /// and of iterators is dropped, as nothing on the host uses it.
  std::set<const VarDecl *> Privatized;
  /// Local arrays the nests copied in (NestBuilder::importedArrays); a
  /// declaration no host statement reads is dropped too.
  std::set<const VarDecl *> Imported;
  bool onlyInNests(const VarDecl *V) const;
  /// The IR of each nest statement built so far.
  std::map<const clang::Stmt *, NestStmt *> BuiltNests;
  /// Scalars declared outside the nests that several nests use, and
  /// nothing else: each nest that writes it before reading it in every
  /// iteration of a loop holding its uses gets its own copy, when every
  /// one of them does (no value then passes from one nest to another).
  void privatizeAcrossNests();
  std::map<const Stmt *, std::vector<const VarDecl *>> HostDecls;
  /// Whether V is the iterator some `for (V = ...; ...)` in S assigns.
  bool isLoopIterator(const clang::Stmt *S, const clang::VarDecl *V) const;
  std::set<std::string>
  headerReads(std::initializer_list<const clang::Stmt *> L) {
    AccessCollector A(F);
    for (const clang::Stmt *S : L)
      A.walk(S);
    std::set<std::string> R = A.Read;
    R.insert(A.Written.begin(), A.Written.end());
    return R;
  }
};

void FunctionBuilder::collectPositions(const clang::Stmt *S) {
  if (!S)
    return;
  Positions.push_back(S);
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    Compounds.push_back(CS);
    for (const clang::Stmt *C : CS->body())
      collectPositions(C);
  } else if (const auto *FS = dyn_cast<clang::ForStmt>(S)) {
    collectPositions(FS->getBody());
  } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    collectPositions(WS->getBody());
  } else if (const auto *DS = dyn_cast<DoStmt>(S)) {
    collectPositions(DS->getBody());
  } else if (const auto *IS = dyn_cast<clang::IfStmt>(S)) {
    collectPositions(IS->getThen());
    collectPositions(IS->getElse());
  } else if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
    collectPositions(SS->getBody());
  } else if (const auto *SC = dyn_cast<SwitchCase>(S)) {
    collectPositions(SC->getSubStmt());
  } else if (const auto *LS = dyn_cast<LabelStmt>(S)) {
    collectPositions(LS->getSubStmt());
  } else if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    collectPositions(AS->getSubStmt());
  }
}

const CompoundStmt *FunctionBuilder::innermostCompound(SourceLocation L) const {
  const CompoundStmt *Best = nullptr;
  for (const CompoundStmt *C : Compounds)
    if (before(C->getLBracLoc(), L) && before(L, C->getRBracLoc()))
      Best = C; // Pre-order: later matches are nested deeper.
  return Best;
}

/// `float acc = 0.0f;` among a scop's statements: host code, not a nest of
/// its own (a kernel would declare acc for itself, and the nests after it
/// would see no acc at all).
static bool declaresScalarsOnly(const clang::Stmt *S) {
  const auto *DS = dyn_cast<clang::DeclStmt>(S);
  if (!DS)
    return false;
  for (const clang::Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !scalarKindOf(V->getType()))
      return false;
  }
  return true;
}

void FunctionBuilder::attachPragmas() {
  const char *KernelHint =
      "place the pragma immediately before the outermost loop of the nest";
  const PragmaRecord *OpenScop = nullptr;
  std::vector<std::pair<const PragmaRecord *, const PragmaRecord *>> Scops;
  for (const PragmaRecord *P : Pragmas) {
    switch (P->K) {
    case PragmaRecord::Kind::UnknownC2cuda:
      Diags.error(loc(P->Loc),
                  P->Directive.empty()
                      ? std::string("expected 'kernel' after '#pragma c2cuda'")
                      : "unknown pragma '#pragma c2cuda " + P->Directive + "'",
                  "write '#pragma c2cuda kernel [clauses]' before the nest");
      break;
    case PragmaRecord::Kind::Kernel: {
      const clang::Stmt *Next = nullptr;
      for (const clang::Stmt *S : Positions)
        if (before(P->Loc, S->getBeginLoc())) {
          Next = S;
          break;
        }
      const CompoundStmt *C = innermostCompound(P->Loc);
      if (!Next || !isa<clang::ForStmt>(Next) ||
          (C && before(C->getRBracLoc(), Next->getBeginLoc()))) {
        Diags.error(loc(P->Loc),
                    "'#pragma c2cuda kernel' must be followed by a 'for' loop",
                    KernelHint);
        break;
      }
      if (Nests[Next].Kernel) {
        Diags.error(loc(P->Loc),
                    "a loop can have only one '#pragma c2cuda kernel'",
                    "merge the clauses into one pragma");
        break;
      }
      Nests[Next].Kernel = P;
      break;
    }
    case PragmaRecord::Kind::Scop:
      if (OpenScop)
        Diags.error(loc(OpenScop->Loc),
                    "'#pragma scop' has no matching '#pragma endscop' in the "
                    "same block",
                    "add '#pragma endscop' after the last statement of the "
                    "region, in the same block");
      OpenScop = P;
      break;
    case PragmaRecord::Kind::EndScop:
      if (!OpenScop) {
        Diags.error(loc(P->Loc),
                    "'#pragma endscop' without a preceding '#pragma scop'",
                    "add '#pragma scop' before the first statement of the "
                    "region, or remove this pragma");
        break;
      }
      Scops.push_back({OpenScop, P});
      OpenScop = nullptr;
      break;
    }
  }
  if (OpenScop)
    Diags.error(loc(OpenScop->Loc),
                "'#pragma scop' has no matching '#pragma endscop' in the same "
                "block",
                "add '#pragma endscop' after the last statement of the region, "
                "in the same block");

  for (auto [Begin, End] : Scops) {
    const CompoundStmt *C = innermostCompound(Begin->Loc);
    if (!C || C != innermostCompound(End->Loc)) {
      Diags.error(loc(Begin->Loc),
                  "'#pragma scop' has no matching '#pragma endscop' in the "
                  "same block",
                  "add '#pragma endscop' after the last statement of the "
                  "region, in the same block");
      continue;
    }
    for (const clang::Stmt *S : C->body())
      if (!isa<NullStmt>(S) && !declaresScalarsOnly(S) &&
          before(Begin->Loc, S->getBeginLoc()) &&
          before(S->getEndLoc(), End->Loc))
        Nests[S].Scop = Begin;
  }
}

bool FunctionBuilder::buildParam(const ParmVarDecl *PV, NestBuilder &NB,
                                 Param &P) {
  P.Name = PV->getName().str();
  QualType Adjusted = PV->getType();
  QualType Elem;
  auto ArrayDims = [&](QualType T, bool OuterMayBeMissing) {
    bool Outer = true;
    while (const clang::ArrayType *A = Ctx.getAsArrayType(T)) {
      if (const auto *CA = dyn_cast<ConstantArrayType>(A)) {
        uint64_t N = CA->getSize().getZExtValue();
        P.Dims.push_back(std::make_shared<IntLit>(
            static_cast<int64_t>(N),
            N <= 0x7fffffff ? ScalarKind::Int : ScalarKind::Long,
            loc(PV->getLocation())));
      } else if (const auto *VA = dyn_cast<VariableArrayType>(A)) {
        if (!VA->getSizeExpr()) {
          if (!Outer || !OuterMayBeMissing) {
            Diags.error(loc(PV->getLocation()),
                        "the size of each dimension of array parameter '" +
                            P.Name + "' must be given",
                        "write the sizes, e.g. 'float " + P.Name + "[n][m]'");
            return false;
          }
          P.Dims.push_back(nullptr);
        } else {
          ExprPtr D = NB.buildExpr(VA->getSizeExpr());
          if (!D)
            return false;
          P.Dims.push_back(D);
        }
      } else if (isa<IncompleteArrayType>(A) && Outer) {
        P.Dims.push_back(nullptr);
      } else {
        return false;
      }
      Outer = false;
      T = A->getElementType();
    }
    Elem = T;
    return true;
  };

  if (Ctx.getAsArrayType(PV->getOriginalType())) {
    // C adjusted `float A[n][m]` to `float (*)[m]`; the written type keeps
    // every dimension.
    P.ParamForm = Param::Form::Array;
    if (!ArrayDims(PV->getOriginalType(), true))
      return false;
  } else if (Adjusted->isPointerType()) {
    QualType Pointee = Adjusted->getPointeeType();
    if (Ctx.getAsArrayType(Pointee)) {
      // `float (*A)[M]`: rows of M elements, the row count unknown.
      P.ParamForm = Param::Form::Array;
      P.Dims.push_back(nullptr);
      if (!ArrayDims(Pointee, false))
        return false;
    } else {
      P.ParamForm = Param::Form::Pointer;
      Elem = Pointee;
    }
  } else {
    std::optional<ScalarKind> K = scalarKindOf(Adjusted);
    if (!K || Adjusted.isVolatileQualified()) {
      Diags.error(loc(PV->getLocation()),
                  "parameter '" + P.Name + "' of type '" +
                      typeSpelling(Adjusted, Ctx) +
                      "' is not supported in an offloaded function",
                  std::string("pass ") + supportedScalarsText() +
                      " scalars, or pointers and arrays of them");
      return false;
    }
    P.ParamForm = Param::Form::Scalar;
    P.Elem = *K;
    P.BoolElems = Adjusted->isBooleanType();
    P.IsConst = Adjusted.isConstQualified();
    return true;
  }
  // `struct particle *p` or `struct particle p[n]`: the fields' array.
  if (Elem->isStructureType() && P.Dims.size() <= 1) {
    std::string Why;
    auto Rec = uniformScalarRecord(Elem, Ctx, Why);
    if (!Rec) {
      Diags.error(loc(PV->getLocation()),
                  "parameter '" + P.Name + "' points to '" +
                      typeSpelling(Elem.getUnqualifiedType(), Ctx) +
                      "', which is not supported: " + Why,
                  "offloaded nests take arrays of structs whose fields "
                  "all have one scalar type, without padding; pass the "
                  "fields as separate arrays otherwise");
      return false;
    }
    P.ParamForm = Param::Form::Pointer;
    P.Dims.clear();
    P.Elem = Rec->first;
    P.RecordFields = Rec->second;
    P.RecordType = typeSpelling(Elem.getUnqualifiedType(), Ctx);
    P.IsConst = Elem.isConstQualified();
    P.IsRestrict = Adjusted.isRestrictQualified();
    return true;
  }
  std::optional<ScalarKind> K = scalarKindOf(Elem);
  if (!K || Elem.isVolatileQualified()) {
    Diags.error(loc(PV->getLocation()),
                "array parameter '" + P.Name + "' has element type '" +
                    typeSpelling(Elem.getUnqualifiedType(), Ctx) +
                    "', which is not supported",
                std::string("use ") + supportedScalarsText() + " elements");
    return false;
  }
  P.Elem = *K;
  P.BoolElems = Elem->isBooleanType();
  P.IsConst = Elem.isConstQualified();
  P.IsRestrict = Adjusted.isRestrictQualified();
  return true;
}

bool FunctionBuilder::addGlobalArrays() {
  // File-scope arrays of constant size with scalar elements, and scalars,
  // that the nests use, in order of first use.
  std::vector<const VarDecl *> Globals;
  for (const auto &[S, Info] : Nests)
    forEachNode(S, [&](const clang::Stmt *N) {
      const auto *DR = dyn_cast<DeclRefExpr>(N);
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (!VD || !VD->isFileVarDecl())
        return;
      const clang::ArrayType *AT = Ctx.getAsArrayType(VD->getType());
      bool Scalar = !AT && scalarKindOf(VD->getType()) &&
                    !VD->getType().isVolatileQualified();
      if (((AT && isa<ConstantArrayType>(AT)) || Scalar) &&
          std::find(Globals.begin(), Globals.end(), VD) == Globals.end())
        Globals.push_back(VD);
    });
  std::sort(Globals.begin(), Globals.end(),
            [&](const VarDecl *A, const VarDecl *B) {
              return before(A->getLocation(), B->getLocation());
            });
  bool OK = true;
  for (const VarDecl *VD : Globals) {
    Param P;
    P.Name = VD->getName().str();
    P.ParamForm = Param::Form::Array;
    P.IsGlobal = true;
    if (F.findParam(P.Name))
      continue; // A parameter of that name hides it.
    if (!Ctx.getAsArrayType(VD->getType())) {
      // A global scalar: its value when the function is called, passed to
      // the kernels as a parameter's is. The function may not change it
      // (the copy would go stale, and the caller would not see it).
      const clang::Stmt *Set = nullptr;
      forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
        const clang::Expr *Target = nullptr;
        if (const auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->isAssignmentOp())
          Target = BO->getLHS();
        if (const auto *UO = dyn_cast<UnaryOperator>(S);
            UO &&
            (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
          Target = UO->getSubExpr();
        const auto *DR =
            Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts())
                   : nullptr;
        if (!Set && DR && DR->getDecl() == VD)
          Set = S;
      });
      if (Set) {
        Diags.error(loc(Set->getBeginLoc()),
                    "global variable '" + P.Name + "' is changed in '" +
                        F.Name + "', whose nests use it",
                    "c2cuda passes a global scalar's value to the kernels "
                    "when the function is called: change it outside the "
                    "function, or use a local copy");
        OK = false; // Kept, so that its uses say nothing more.
      }
      P.ParamForm = Param::Form::Scalar;
      P.Elem = *scalarKindOf(VD->getType());
      P.IsConst = VD->getType().isConstQualified();
      F.Params.push_back(std::move(P));
      continue;
    }
    QualType T = VD->getType();
    while (const auto *CA =
               dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(T))) {
      uint64_t N = CA->getSize().getZExtValue();
      P.Dims.push_back(std::make_shared<IntLit>(
          static_cast<int64_t>(N),
          N <= 0x7fffffff ? ScalarKind::Int : ScalarKind::Long,
          loc(VD->getLocation())));
      T = CA->getElementType();
    }
    std::optional<ScalarKind> K = scalarKindOf(T);
    if (!K || T.isVolatileQualified() || Ctx.getAsArrayType(T)) {
      Diags.error(loc(VD->getLocation()),
                  "global array '" + P.Name + "' has element type '" +
                      typeSpelling(T.getUnqualifiedType(), Ctx) +
                      "', which is not supported in an offloaded nest",
                  std::string("use ") + supportedScalarsText() + " elements");
      OK = false;
      continue;
    }
    P.Elem = *K;
    P.IsConst = T.isConstQualified();
    F.Params.push_back(std::move(P));
  }
  return OK;
}

bool FunctionBuilder::buildParams() {
  bool OK = true;
  if (FD->isVariadic()) {
    Diags.error(loc(FD->getLocation()),
                "variadic function '" + F.Name + "' cannot be offloaded",
                "give the function a fixed parameter list");
    OK = false;
  }
  NestBuilder NB(Ctx, FD, F, Diags);
  for (const ParmVarDecl *PV : FD->parameters()) {
    Param P;
    if (PV->getName().empty()) {
      Diags.error(loc(PV->getLocation()),
                  "parameters of an offloaded function must be named",
                  "give the parameter a name");
      OK = false;
      continue;
    }
    if (buildParam(PV, NB, P))
      F.Params.push_back(std::move(P));
    else
      OK = false;
  }
  return addGlobalArrays() && OK;
}

void FunctionBuilder::checkFunction() {
  // The generated code names its own variables c2c_...: a variable of the
  // user's named so could be redeclared or shadowed by one of them (CUDA
  // that does not compile, or reads the wrong variable). And nvcc compiles
  // it as C++: a C++ keyword or a CUDA built-in variable is no name there.
  if (isCudaLibraryFunction(F.Name))
    Diags.error(loc(FD->getLocation()),
                "'" + F.Name +
                    "' is a function of CUDA's math library, which nvcc "
                    "declares with C linkage: the drop-in 'extern \"C\"' "
                    "function of that name would clash with it",
                "rename the function");
  std::set<const VarDecl *> Reserved;
  auto CheckName = [&](const VarDecl *V) {
    if (!V || !Reserved.insert(V).second)
      return;
    llvm::StringRef N = V->getName();
    std::string Why;
    if (N.starts_with("c2c_"))
      Why = "names starting with 'c2c_' are reserved for the code c2cuda "
            "generates";
    else if (isCxxKeyword(N))
      Why = "a keyword of C++, in which nvcc compiles the generated code";
    else if (isCudaBuiltinVariable(N))
      Why = "a built-in variable of CUDA, in which the generated code runs";
    else if (isCudaTypeName(N))
      Why = "a type of CUDA, which the generated code uses";
    if (!Why.empty())
      Diags.error(loc(V->getLocation()), "'" + N.str() + "': " + Why,
                  "rename the variable");
  };
  for (const ParmVarDecl *PV : FD->parameters())
    CheckName(PV);
  forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
    if (const auto *DS = dyn_cast<clang::DeclStmt>(S))
      for (const Decl *D : DS->decls())
        CheckName(dyn_cast<VarDecl>(D));
    else if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      CheckName(dyn_cast<VarDecl>(DR->getDecl()));
  });
  forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
    if (const auto *CE = dyn_cast<clang::CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (Callee && Callee->getCanonicalDecl() == FD->getCanonicalDecl())
        Diags.error(loc(CE->getBeginLoc()),
                    "recursive call to '" + F.Name +
                        "' is not supported in an offloaded function",
                    "rewrite the recursion as a loop");
      return;
    }
    // The wrapper copies each array by its parameter; moving the pointer
    // would make the copied range wrong.
    const clang::Expr *Target = nullptr;
    SourceLocation OpLoc;
    // `a = b;` or `a = tmp;`: the other half of swapping two buffers.
    bool Swap = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        Target = BO->getLHS();
        OpLoc = BO->getOperatorLoc();
        Swap = BO->getOpcode() == clang::BO_Assign &&
               isa<clang::DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp()) {
        Target = UO->getSubExpr();
        OpLoc = UO->getOperatorLoc();
      }
    }
    if (!Target)
      return;
    if (const ParmVarDecl *PV = refParam(Target)) {
      const Param *P = F.findParam(PV->getName().str());
      if (P && P->isArray())
        Diags.error(loc(OpLoc),
                    "assignment to pointer parameter '" + P->Name +
                        "' is not supported in an offloaded function",
                    Swap ? "to alternate two arrays between steps, write "
                           "the nest twice, once in each direction, and "
                           "choose with 'if (t % 2 == 0)', or copy the "
                           "new values back in a loop"
                         : "keep '" + P->Name +
                               "' unchanged and index from it, e.g. '" +
                               P->Name + "[offset + i]'");
    }
  });
}

bool FunctionBuilder::containsNest(const clang::Stmt *S) const {
  if (!S)
    return false;
  if (Nests.count(S))
    return true;
  for (const clang::Stmt *C : S->children())
    if (C && !isa<clang::Expr>(C) && containsNest(C))
      return true;
  return false;
}

StmtPtr FunctionBuilder::nestStmt(const clang::Stmt *S) {
  const NestInfo &I = Nests.at(S);
  NestClauses Clauses;
  if (I.Kernel)
    parseKernelClauses(*I.Kernel, F, SM, Clauses, Diags);
  for (const clang::Stmt *C : S->children())
    if (C && !isa<clang::Expr>(C) && containsNest(C)) {
      Diags.error(loc(S->getBeginLoc()), "this nest contains another nest",
                  "mark only the outermost loop of a nest with a pragma");
      break;
    }
  NestBuilder NB(Ctx, FD, F, Diags);
  StmtList Body = NB.buildNest(S);
  Imported.insert(NB.importedArrays().begin(), NB.importedArrays().end());
  std::map<std::string, const VarDecl *> Vars;
  std::map<std::string, ScalarKind> Candidates = privatizable(S, Vars);
  std::set<std::string> Done;
  StmtList Private = privatizeScalars(Body, Candidates, Done, Diags);
  const PragmaRecord *P = I.Kernel ? I.Kernel : I.Scop;
  auto N = std::make_shared<NestStmt>(NextId++, std::move(Private),
                                      std::move(Clauses), loc(P->Loc),
                                      loc(S->getBeginLoc()));
  N->ArraysPastBreak = NB.arraysPastBreak();
  BuiltNests[S] = N.get();
  if (!Done.empty()) {
    N->AsWritten = std::move(Body);
    for (const std::string &Name : Done) {
      Privatized.insert(Vars.at(Name));
      N->Privatized.push_back({Name, Candidates.at(Name)});
    }
  }
  return N;
}

/// Number of references to V in the subtree S.
static unsigned countRefs(const clang::Stmt *S, const clang::VarDecl *V) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    N += DRE->getDecl() == V;
  for (const clang::Stmt *C : S->children())
    N += countRefs(C, V);
  return N;
}

/// Scalars declared outside nest S (locals or parameters of the function)
/// that nothing but S refers to: privatizeScalars may give S its own copy.
std::map<std::string, ScalarKind> FunctionBuilder::privatizable(
    const clang::Stmt *S, std::map<std::string, const VarDecl *> &Vars) const {
  // References per outside scalar in S, then in the whole body: one walk
  // each (a count per variable walked the body once per variable).
  std::map<const VarDecl *, unsigned> InNest, InBody;
  forEachNode(S, [&](const clang::Stmt *X) {
    const auto *DRE = dyn_cast<DeclRefExpr>(X);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (V &&
        (InNest.count(V) ||
         (V->hasLocalStorage() && !V->getType().isVolatileQualified() &&
          scalarKindOf(V->getType()) &&
          (isa<ParmVarDecl>(V) || SM.isBeforeInTranslationUnit(
                                      SM.getExpansionLoc(V->getLocation()),
                                      SM.getExpansionLoc(S->getBeginLoc()))))))
      ++InNest[V];
  });
  forEachNode(FD->getBody(), [&](const clang::Stmt *X) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (InNest.count(V))
          ++InBody[V];
  });
  std::map<std::string, ScalarKind> Out;
  for (const auto &[V, N] : InNest)
    if (N == InBody[V]) {
      Out[V->getName().str()] = *scalarKindOf(V->getType());
      Vars[V->getName().str()] = V;
    }
  return Out;
}

/// An iterator of some nest's loop that nothing outside the nests uses
/// (`int i, j;` PolyBench style): every loop makes its own. Another scalar
/// may carry a value from one nest to the next, so its declaration stays on
/// the host unless a nest privatized it (dropping it left the wrapper
/// naming an undeclared variable).
bool FunctionBuilder::nestOnlyIterator(const VarDecl *V) const {
  if (V->hasInit())
    return false;
  unsigned InNests = 0;
  bool Iterator = false;
  for (const auto &[Nest, Info] : Nests) {
    InNests += countRefs(Nest, V);
    Iterator |= isLoopIterator(Nest, V);
  }
  return Iterator && InNests != 0 && InNests == countRefs(FD->getBody(), V);
}

bool FunctionBuilder::declaresOnlyNestPrivates(const clang::Stmt *S) const {
  const auto *DS = dyn_cast<clang::DeclStmt>(S);
  if (!DS)
    return false;
  for (const clang::Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !nestOnlyIterator(V))
      return false;
  }
  return true;
}

void FunctionBuilder::privatizeAcrossNests() {
  // Candidates: what privatizable() takes for one nest, used by several.
  std::map<const VarDecl *, std::vector<const clang::Stmt *>> Users;
  for (const auto &[S, N] : BuiltNests) {
    std::map<const VarDecl *, unsigned> Refs;
    forEachNode(S, [&](const clang::Stmt *X) {
      const auto *DRE = dyn_cast<DeclRefExpr>(X);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (V && !Privatized.count(V) && V->hasLocalStorage() &&
          !V->getType().isVolatileQualified() && scalarKindOf(V->getType()) &&
          (isa<ParmVarDecl>(V) ||
           SM.isBeforeInTranslationUnit(SM.getExpansionLoc(V->getLocation()),
                                        SM.getExpansionLoc(S->getBeginLoc()))))
        ++Refs[V];
    });
    for (const auto &[V, Count] : Refs)
      Users[V].push_back(S);
  }
  // In source order (the maps are keyed by address).
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  std::vector<const VarDecl *> Order;
  for (auto &[V, Nests] : Users) {
    Order.push_back(V);
    llvm::sort(Nests, [&](const clang::Stmt *A, const clang::Stmt *B) {
      return Before(A->getBeginLoc(), B->getBeginLoc());
    });
  }
  llvm::sort(Order, [&](const VarDecl *A, const VarDecl *B) {
    return Before(A->getLocation(), B->getLocation());
  });
  for (const VarDecl *V : Order) {
    const std::vector<const clang::Stmt *> &Nests = Users[V];
    if (Nests.size() < 2 || !onlyInNests(V))
      continue;
    std::string Name = V->getName().str();
    ScalarKind K = *scalarKindOf(V->getType());
    std::vector<StmtList> Bodies;
    DiagnosticList Remarks;
    for (const clang::Stmt *S : Nests) {
      std::set<std::string> Done;
      Bodies.push_back(
          privatizeScalars(BuiltNests.at(S)->Body, {{Name, K}}, Done, Remarks));
      if (Done.empty())
        break;
    }
    if (Bodies.size() != Nests.size() || Remarks.all().size() != Nests.size())
      continue;
    for (size_t I = 0; I < Nests.size(); ++I) {
      NestStmt &N = *BuiltNests.at(Nests[I]);
      if (N.AsWritten.empty())
        N.AsWritten = N.Body;
      N.Body = std::move(Bodies[I]);
      N.Privatized.push_back({Name, K});
      Diagnostic D = Remarks.all()[I];
      size_t At = D.Message.find("not used after the nest");
      if (At != std::string::npos)
        D.Message.replace(At, std::string::npos,
                          "every other nest using it writes it before "
                          "reading it");
      Diags.add(std::move(D));
    }
    Privatized.insert(V);
  }
}

bool FunctionBuilder::onlyInNests(const VarDecl *V) const {
  unsigned InNests = 0;
  for (const auto &[S, Info] : Nests)
    InNests += countRefs(S, V);
  return InNests == countRefs(FD->getBody(), V);
}

StmtList FunctionBuilder::withoutDroppedDecls(const StmtList &L) const {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      Out.push_back(R->withBody(withoutDroppedDecls(R->Body)));
      continue;
    }
    auto It = HostDecls.find(S.get());
    if (It == HostDecls.end()) {
      Out.push_back(S);
      continue;
    }
    std::vector<const VarDecl *> Kept;
    for (const VarDecl *V : It->second) {
      bool SideEffects = V->hasInit() && V->getInit()->HasSideEffects(Ctx);
      bool Dropped = Privatized.count(V) || nestOnlyIterator(V) ||
                     (Imported.count(V) && onlyInNests(V));
      if (SideEffects || !Dropped)
        Kept.push_back(V);
    }
    if (Kept.size() == It->second.size()) {
      Out.push_back(S);
      continue;
    }
    if (Kept.empty())
      continue;
    // `double acc, last = 0;` with acc privatized: `double last = 0;`, so
    // the host declares nothing it does not use.
    const auto &H = cast<HostCode>(*S);
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    for (const VarDecl *V : Kept) {
      V->print(OS, Ctx.getPrintingPolicy());
      OS << ";\n";
    }
    auto New = std::make_shared<HostCode>(
        OS.str(), H.ArraysRead, H.ArraysWritten, H.ScalarsWritten, H.Loc);
    New->DeclaresOnly = uninitializedScalars(Kept);
    Out.push_back(std::move(New));
  }
  return Out;
}

void FunctionBuilder::writeBackIterators(const clang::Stmt *S,
                                         const NestStmt &N, StmtList &Out) {
  const StmtList &Body = N.AsWritten.empty() ? N.Body : N.AsWritten;
  for (const IteratorReadAfter &R : iteratorsReadAfter(FD, S, SM)) {
    std::string Name = R.Var->getName().str();
    const auto *L = R.Loop == S && !Body.empty()
                        ? dyn_cast<ForStmt>(Body.front().get())
                        : nullptr;
    if (L && L->Iter == Name) {
      Out.push_back(finalValueAssignment(*L));
      continue;
    }
    Diags.error(loc(R.Read->getBeginLoc()),
                "'" + Name + "' is read after the nest at line " +
                    std::to_string(loc(S->getBeginLoc()).Line) +
                    ", which leaves it as it was: the nest's loop over '" +
                    Name + "' (line " +
                    std::to_string(loc(R.Loop->getBeginLoc()).Line) +
                    ") runs inside the nest, once per iteration of the "
                    "loops around it",
                "declare the loop's iterator in the loop ('for (int " + Name +
                    " = ...') and give the value read here a variable of its "
                    "own");
  }
}

bool FunctionBuilder::isLoopIterator(const clang::Stmt *S,
                                     const VarDecl *V) const {
  bool Found = false;
  forEachNode(S, [&](const clang::Stmt *N) {
    const auto *FS = dyn_cast<clang::ForStmt>(N);
    const auto *BO =
        FS ? dyn_cast_or_null<BinaryOperator>(FS->getInit()) : nullptr;
    if (BO && BO->getOpcode() == BO_Assign)
      if (const auto *DR =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Found |= DR->getDecl() == V;
  });
  return Found;
}

/// S's return statement where S is `return;`, alone or in braces.
static const clang::ReturnStmt *bareReturn(const clang::Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->size() == 1 ? bareReturn(CS->body_front()) : nullptr;
  const auto *R = dyn_cast_or_null<clang::ReturnStmt>(S);
  return R && !R->getRetValue() ? R : nullptr;
}

ExprPtr FunctionBuilder::returnCondition(const clang::Stmt *S,
                                         bool &TestsPointers) {
  if (bareReturn(S))
    return std::make_shared<IntLit>(1, ScalarKind::Int);
  const auto *If = dyn_cast<clang::IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      !bareReturn(If->getThen()))
    return nullptr;
  AccessCollector A(F);
  A.walk(If->getCond());
  if (!A.Read.empty() || !A.Written.empty() || !A.ScalarsWritten.empty())
    return nullptr;
  DiagnosticList Scratch;
  NestBuilder NB(Ctx, FD, F, Scratch);
  ExprPtr C = guardCondition(If->getCond(), NB, TestsPointers);
  // A null test folds only where the wrappers run the return first.
  if (Scratch.hasErrors() || (TestsPointers && !EntryGuards.count(S)))
    return nullptr;
  return C;
}

void FunctionBuilder::collectEntryGuards() {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || !FD->getReturnType()->isVoidType())
    return;
  for (const clang::Stmt *S : Body->body()) {
    if (const auto *DS = dyn_cast<clang::DeclStmt>(S)) {
      bool Plain = true;
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        Plain &= V && !V->hasInit();
      }
      if (Plain)
        continue;
      return;
    }
    // A guard may run before the one ahead of it only where that one has
    // no effect (a call in its condition ends the run).
    const auto *If = dyn_cast<clang::IfStmt>(S);
    if (Nests.count(S) || !If || If->getElse() || If->getInit() ||
        If->getConditionVariable() || !bareReturn(If->getThen()) ||
        If->getCond()->HasSideEffects(Ctx))
      return;
    EntryGuards.insert(S);
  }
}

ExprPtr FunctionBuilder::guardCondition(const clang::Expr *E, NestBuilder &NB,
                                        bool &TestsPointers) {
  E = E->IgnoreParens();
  bool IsNull = false;
  const clang::Expr *P = nullTestedPointer(E, &IsNull);
  if (P || isPointerValue(E)) {
    // Past the entry guards no pointer they test is null.
    TestsPointers = true;
    return std::make_shared<IntLit>(IsNull ? 0 : 1, ScalarKind::Int);
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isLogicalOp())
    return NB.buildExpr(E);
  bool And = BO->getOpcode() == BO_LAnd;
  ExprPtr L = guardCondition(BO->getLHS(), NB, TestsPointers),
          R = guardCondition(BO->getRHS(), NB, TestsPointers);
  if (!L || !R)
    return nullptr;
  // A folded test decides the operator or drops out of it.
  for (const auto &[X, Y] : {std::pair{L, R}, std::pair{R, L}})
    if (const auto *I = dyn_cast<IntLit>(X.get()))
      return (I->Value != 0) == And
                 ? Y
                 : std::make_shared<IntLit>(And ? 0 : 1, ScalarKind::Int);
  return std::make_shared<BinaryExpr>(
      And ? BinaryOpKind::LAnd : BinaryOpKind::LOr, L, R, ScalarKind::Int);
}

StmtPtr FunctionBuilder::hostCode(const clang::Stmt *S) {
  AccessCollector A(F);
  A.walk(S);
  auto H = std::make_shared<HostCode>(print(S), A.Read, A.Written,
                                      A.ScalarsWritten, loc(S->getBeginLoc()));
  // For the CPU oracle, which runs host code it has as IR: what the nests'
  // translation accepts, without its errors (the .cu prints the text).
  DiagnosticList Scratch;
  NestBuilder NB(Ctx, FD, F, Scratch);
  StmtList IR = NB.buildNest(S);
  if (!Scratch.hasErrors() && NB.importedArrays().empty())
    H->AsIR = std::move(IR);
  bool TestsPointers = false;
  H->ReturnsWhen = returnCondition(S, TestsPointers);
  H->EntryGuard = H->ReturnsWhen && TestsPointers;
  if (const auto *DS = dyn_cast<clang::DeclStmt>(S)) {
    std::vector<const VarDecl *> Vars;
    for (const clang::Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V)
        return H;
      Vars.push_back(V);
    }
    H->DeclaresOnly = uninitializedScalars(Vars);
    HostDecls[H.get()] = std::move(Vars);
  }
  return H;
}

/// Vars as (name, type) when all are scalars without initializers (what
/// HostCode::DeclaresOnly holds); empty otherwise.
std::vector<std::pair<std::string, ScalarKind>>
FunctionBuilder::uninitializedScalars(
    const std::vector<const VarDecl *> &Vars) {
  std::vector<std::pair<std::string, ScalarKind>> Out;
  for (const VarDecl *V : Vars) {
    std::optional<ScalarKind> K;
    if (!V->hasInit())
      K = scalarKindOf(V->getType());
    if (!K)
      return {};
    Out.push_back({V->getName().str(), *K});
  }
  return Out;
}

StmtPtr FunctionBuilder::hostRegion(HostRegion::Form Form, std::string Open,
                                    StmtList Body, std::string Close,
                                    RegionHeader H, SourceLoc L) {
  auto R = std::make_shared<HostRegion>(
      Form, std::move(Open), std::move(Body), std::move(Close),
      headerReads({H.Init, H.Cond, H.Inc}), std::move(L));
  // For the CPU oracle, as for host code: the header as IR where the nests'
  // translation accepts it (the .cu prints Open and Close).
  DiagnosticList Scratch;
  NestBuilder NB(Ctx, FD, F, Scratch);
  if (H.Init)
    R->Init = NB.buildNest(H.Init);
  if (H.Cond)
    R->Cond = NB.buildExpr(H.Cond);
  if (H.Inc)
    R->Step = NB.buildNest(H.Inc);
  R->HeaderAsIR = !Scratch.hasErrors() && NB.importedArrays().empty() &&
                  (!H.Cond || R->Cond);
  return R;
}

void FunctionBuilder::hostBody(const clang::Stmt *S, StmtList &Out) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    for (const clang::Stmt *C : CS->body())
      hostStmt(C, Out);
    return;
  }
  if (S)
    hostStmt(S, Out);
}

void FunctionBuilder::hostStmt(const clang::Stmt *S, StmtList &Out) {
  if (Nests.count(S)) {
    StmtPtr N = nestStmt(S);
    Out.push_back(N);
    writeBackIterators(S, cast<NestStmt>(*N), Out);
    return;
  }
  if (isa<NullStmt>(S))
    return;
  if (!containsNest(S)) {
    // `int i, j;` used only as nest iterators (PolyBench style): each nest
    // has its own copy, so the host declaration would be dead code.
    if (!declaresOnlyNestPrivates(S))
      Out.push_back(hostCode(S));
    return;
  }
  SourceLoc L = loc(S->getBeginLoc());
  using Form = HostRegion::Form;
  StmtList Body;
  if (isa<CompoundStmt>(S)) {
    hostBody(S, Body);
    Out.push_back(hostRegion(Form::Block, "{", std::move(Body), "}", {}, L));
  } else if (const auto *FS = dyn_cast<clang::ForStmt>(S)) {
    std::string Init = FS->getInit() ? print(FS->getInit()) : ";";
    std::string Open = "for (" + Init + " " + printExprText(FS->getCond()) +
                       "; " + printExprText(FS->getInc()) + ") {";
    hostBody(FS->getBody(), Body);
    Out.push_back(hostRegion(Form::For, Open, std::move(Body), "}",
                             {FS->getInit(), FS->getCond(), FS->getInc()}, L));
  } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    hostBody(WS->getBody(), Body);
    Out.push_back(hostRegion(
        Form::While, "while (" + printExprText(WS->getCond()) + ") {",
        std::move(Body), "}", {nullptr, WS->getCond()}, L));
  } else if (const auto *DS = dyn_cast<DoStmt>(S)) {
    hostBody(DS->getBody(), Body);
    Out.push_back(hostRegion(Form::DoWhile, "do {", std::move(Body),
                             "} while (" + printExprText(DS->getCond()) + ");",
                             {nullptr, DS->getCond()}, L));
  } else if (const auto *IS = dyn_cast<clang::IfStmt>(S)) {
    hostBody(IS->getThen(), Body);
    Out.push_back(
        hostRegion(Form::If, "if (" + printExprText(IS->getCond()) + ") {",
                   std::move(Body), "}", {nullptr, IS->getCond()}, L));
    if (IS->getElse()) {
      StmtList Else;
      hostBody(IS->getElse(), Else);
      Out.push_back(hostRegion(Form::Else, "else {", std::move(Else), "}", {},
                               loc(IS->getElseLoc())));
    }
  } else {
    Diags.error(loc(S->getBeginLoc()),
                std::string("offloaded nests inside a '") +
                    S->getStmtClassName() + "' statement are not supported",
                "move the nest out of it, or use 'if', 'for', 'while' or "
                "'do' around the nest");
  }
}

/// Whether V is assigned, incremented, decremented or has its address taken
/// anywhere in S.
static bool isModified(const clang::Stmt *S, const clang::VarDecl *V) {
  if (!S)
    return false;
  auto RefersToV = [V](const clang::Expr *E) {
    const auto *DRE =
        E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    return DRE && DRE->getDecl() == V;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && RefersToV(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        RefersToV(UO->getSubExpr()))
      return true;
  for (const clang::Stmt *C : S->children())
    if (isModified(C, V))
      return true;
  return false;
}

/// Whether every variable E reads is a scalar parameter that the function
/// never modifies, or a host constant found earlier.
static bool readsOnlyFixedScalars(const clang::Stmt *E,
                                  const clang::FunctionDecl *FD,
                                  const Function &F) {
  if (!E)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return isa<EnumConstantDecl>(DRE->getDecl());
    std::string Name = V->getName().str();
    if (isa<ParmVarDecl>(V)) {
      const Param *P = F.findParam(Name);
      return P && !P->isArray() && !isModified(FD->getBody(), V);
    }
    return F.HostConstants.count(Name) != 0;
  }
  for (const clang::Stmt *C : E->children())
    if (!readsOnlyFixedScalars(C, FD, F))
      return false;
  return true;
}

/// Whether E converts an integer to a type that cannot hold every value of
/// the source type (`int P = n + 2147483648;` wraps): the analysis reasons
/// about host constants as mathematical integers, so such an initializer is
/// not one.
static bool mayWrap(const Expr &E) {
  if (const auto *C = llvm::dyn_cast<CastExpr>(&E))
    if (!isFloating(C->Type) && !isFloating(C->Operand->Type) &&
        !holdsEveryValue(C->Type, C->Operand->Type))
      return true;
  if (const auto *C = llvm::dyn_cast<CastExpr>(&E))
    return mayWrap(*C->Operand);
  if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E))
    return mayWrap(*U->Operand);
  if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E))
    return mayWrap(*B->LHS) || mayWrap(*B->RHS);
  if (const auto *S = llvm::dyn_cast<SelectExpr>(&E))
    return mayWrap(*S->Cond) || mayWrap(*S->True) || mayWrap(*S->False);
  if (const auto *C = llvm::dyn_cast<CallExpr>(&E))
    return std::any_of(C->Args.begin(), C->Args.end(),
                       [](const ExprPtr &A) { return mayWrap(*A); });
  return false;
}

void FunctionBuilder::collectHostConstants() {
  const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
  if (!Body)
    return;
  // Errors here only mean "not a constant": keep them away from the user.
  DiagnosticList Ignored;
  NestBuilder NB(Ctx, FD, F, Ignored);
  for (const clang::Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<clang::DeclStmt>(S);
    if (!DS || Nests.count(S))
      continue;
    for (const clang::Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->hasInit() || !V->getType()->isIntegerType() ||
          V->getType().isVolatileQualified() || isModified(Body, V) ||
          !readsOnlyFixedScalars(V->getInit(), FD, F))
        continue;
      ExprPtr Init = NB.buildExpr(V->getInit());
      if (Init && !Ignored.hasErrors() && !mayWrap(*Init))
        F.HostConstants[V->getName().str()] = Init;
    }
  }
}

bool FunctionBuilder::build(Function &Out) {
  F.Name = FD->getName().str();
  F.ReturnType = FD->getReturnType().getAsString(Ctx.getPrintingPolicy());
  F.Loc = loc(FD->getLocation());
  F.IsStatic = FD->getStorageClass() == SC_Static;
  CharSourceRange Def = CharSourceRange::getTokenRange(FD->getSourceRange());
  F.DefBegin = SM.getFileOffset(SM.getExpansionLoc(Def.getBegin()));
  F.DefEnd = SM.getFileOffset(SM.getExpansionLoc(Def.getEnd())) +
             Lexer::MeasureTokenLength(SM.getExpansionLoc(Def.getEnd()), SM,
                                       Ctx.getLangOpts());
  collectPositions(FD->getBody());
  attachPragmas();
  if (Nests.empty())
    return false;
  buildParams();
  collectHostConstants();
  checkFunction();
  collectEntryGuards();
  hostBody(FD->getBody(), F.Body);
  privatizeAcrossNests();
  if (!Privatized.empty() || !Imported.empty())
    F.Body = withoutDroppedDecls(F.Body);
  // Scalar parameters the body never assigns, and the host constants.
  std::set<std::string> Fixed;
  for (const ParmVarDecl *P : FD->parameters()) {
    const Param *IP = F.findParam(P->getName().str());
    if (IP && !IP->isArray() && !isModified(FD->getBody(), P))
      Fixed.insert(IP->Name);
  }
  for (const auto &[Name, Def] : F.HostConstants)
    Fixed.insert(Name);
  nameParameterQuotients(F, Fixed);
  hoistSelectsFromIndices(F);
  Out = std::move(F);
  return true;
}

} // namespace

void buildModule(ASTContext &Ctx, std::vector<PragmaRecord> &Pragmas, Module &M,
                 DiagnosticList &Diags) {
  SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      continue;
    const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
    if (!Body)
      continue;
    std::vector<PragmaRecord *> Inside;
    for (PragmaRecord &P : Pragmas)
      if (!P.Used && Before(Body->getLBracLoc(), P.Loc) &&
          Before(P.Loc, Body->getRBracLoc())) {
        P.Used = true;
        Inside.push_back(&P);
      }
    if (Inside.empty())
      continue;
    Function F;
    if (FunctionBuilder(Ctx, FD, std::move(Inside), Diags).build(F))
      M.Functions.push_back(std::move(F));
  }
  collectHostSource(Ctx, M);
  for (const PragmaRecord &P : Pragmas) {
    if (P.Used)
      continue;
    SourceLoc L = toSourceLoc(SM, P.Loc);
    switch (P.K) {
    case PragmaRecord::Kind::Kernel:
      Diags.error(L, "'#pragma c2cuda kernel' must be followed by a 'for' loop",
                  "place the pragma immediately before the outermost loop of "
                  "the nest, inside a function");
      break;
    case PragmaRecord::Kind::UnknownC2cuda:
      Diags.error(L,
                  P.Directive.empty()
                      ? std::string("expected 'kernel' after '#pragma c2cuda'")
                      : "unknown pragma '#pragma c2cuda " + P.Directive + "'",
                  "write '#pragma c2cuda kernel [clauses]' before the nest");
      break;
    case PragmaRecord::Kind::Scop:
    case PragmaRecord::Kind::EndScop:
      Diags.error(L,
                  std::string("'#pragma ") +
                      (P.K == PragmaRecord::Kind::Scop ? "scop" : "endscop") +
                      "' must be inside a function body",
                  "put '#pragma scop' and '#pragma endscop' around statements "
                  "of one block");
      break;
    }
  }
}

} // namespace c2cuda
