//===- ClangTypes.cpp - Clang types and locations to IR -------------------===//

#include "ClangTypes.h"

using namespace clang;

namespace c2cuda {

std::optional<ScalarKind> scalarKindOf(QualType T) {
  if (T.isNull())
    return std::nullopt;
  // An enum is its integer type, as in C's arithmetic.
  if (const auto *ET = T.getCanonicalType()->getAs<EnumType>())
    if (ET->getDecl()->isComplete())
      T = ET->getDecl()->getIntegerType();
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  // LP64: long long has long's size and range, so both map to Long.
  switch (BT->getKind()) {
  case BuiltinType::Int:
    return ScalarKind::Int;
  case BuiltinType::UInt:
    return ScalarKind::UInt;
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    return ScalarKind::Long;
  case BuiltinType::ULong:
  case BuiltinType::ULongLong:
    return ScalarKind::ULong;
  case BuiltinType::Float:
    return ScalarKind::Float;
  case BuiltinType::Double:
    return ScalarKind::Double;
  // Plain char keeps its own spelling where it is signed, as on x86-64 and
  // the CUDA device; where the target makes it unsigned it is handled as
  // unsigned char, which has the same values and representation.
  case BuiltinType::Char_S:
    return ScalarKind::Char;
  case BuiltinType::Char_U:
  case BuiltinType::UChar:
    return ScalarKind::UChar;
  // C's _Bool has one byte holding 0 or 1; conversions to it compare with
  // zero (NestBuilder::castExpr).
  case BuiltinType::Bool:
    return ScalarKind::UChar;
  case BuiltinType::SChar:
    return ScalarKind::SChar;
  case BuiltinType::Short:
    return ScalarKind::Short;
  case BuiltinType::UShort:
    return ScalarKind::UShort;
  default:
    return std::nullopt;
  }
}

std::optional<std::pair<ScalarKind, unsigned>>
uniformScalarRecord(QualType T, const ASTContext &Ctx, std::string &Why) {
  const auto *RT = T->getAsStructureType();
  const RecordDecl *RD = RT ? RT->getDecl()->getDefinition() : nullptr;
  if (!RD) {
    Why = "it is not a complete struct";
    return std::nullopt;
  }
  std::optional<ScalarKind> Kind;
  QualType First;
  unsigned N = 0;
  for (const FieldDecl *FD : RD->fields()) {
    std::optional<ScalarKind> K = scalarKindOf(FD->getType());
    if (FD->isBitField() || !K || FD->getType().isVolatileQualified()) {
      Why = "its field '" + FD->getName().str() + "' has type '" +
            typeSpelling(FD->getType(), Ctx) + "'";
      return std::nullopt;
    }
    if (Kind && !Ctx.hasSameUnqualifiedType(FD->getType(), First)) {
      Why = "its fields have different types ('" + typeSpelling(First, Ctx) +
            "' and '" + typeSpelling(FD->getType(), Ctx) + "')";
      return std::nullopt;
    }
    Kind = K;
    First = FD->getType();
    ++N;
  }
  if (!Kind) {
    Why = "it has no fields";
    return std::nullopt;
  }
  if (Ctx.getTypeSize(T) != N * Ctx.getTypeSize(First)) {
    Why = "its layout has padding";
    return std::nullopt;
  }
  return std::make_pair(*Kind, N);
}

std::string typeSpelling(QualType T, const ASTContext &Ctx) {
  return T.getAsString(Ctx.getPrintingPolicy());
}

void forEachNode(const clang::Stmt *S,
                 const std::function<void(const clang::Stmt *)> &Fn) {
  if (!S)
    return;
  Fn(S);
  for (const clang::Stmt *C : S->children())
    forEachNode(C, Fn);
}

SourceLoc toSourceLoc(const SourceManager &SM, SourceLocation L) {
  SourceLoc R;
  if (L.isInvalid())
    return R;
  L = SM.getExpansionLoc(L);
  PresumedLoc P = SM.getPresumedLoc(L);
  if (P.isInvalid())
    return R;
  R.File = P.getFilename();
  R.Line = P.getLine();
  R.Col = P.getColumn();
  return R;
}

} // namespace c2cuda
