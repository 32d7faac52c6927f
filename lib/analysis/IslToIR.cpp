//===- IslToIR.cpp - isl expressions back to IR expressions ---------------===//

#include "analysis/IslToIR.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

namespace c2cuda {
namespace analysis {

ExprPtr longLit(int64_t V) {
  return std::make_shared<IntLit>(V, ScalarKind::Long);
}

ExprPtr toLong(ExprPtr E) {
  if (!E || E->Type == ScalarKind::Long)
    return E;
  if (const auto *L = llvm::dyn_cast<IntLit>(E.get()))
    return longLit(L->Value);
  return std::make_shared<CastExpr>(E, ScalarKind::Long, E->Loc);
}

static ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B,
                   ScalarKind T = ScalarKind::Long) {
  if (!A || !B)
    return nullptr;
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B), T);
}

static bool isLit(const ExprPtr &E, int64_t V) {
  const auto *L = llvm::dyn_cast<IntLit>(E.get());
  return L && L->Value == V;
}

ExprPtr mulLong(ExprPtr A, ExprPtr B) {
  if (!A || !B)
    return nullptr;
  if (isLit(A, 1))
    return toLong(B);
  if (isLit(B, 1))
    return toLong(A);
  return bin(BinaryOpKind::Mul, toLong(A), toLong(B));
}

ExprPtr addLong(ExprPtr A, ExprPtr B) {
  if (!A || !B)
    return nullptr;
  if (isLit(A, 0))
    return toLong(B);
  if (isLit(B, 0))
    return toLong(A);
  return bin(BinaryOpKind::Add, toLong(A), toLong(B));
}

ExprPtr maxLong(ExprPtr A, ExprPtr B) {
  if (!A || !B)
    return nullptr;
  if (sameExpr(*A, *B))
    return toLong(A);
  A = toLong(A);
  B = toLong(B);
  auto Greater =
      std::make_shared<BinaryExpr>(BinaryOpKind::GT, A, B, ScalarKind::Int);
  return std::make_shared<SelectExpr>(Greater, A, B, ScalarKind::Long);
}

ExprPtr widenToLong(ExprPtr E) {
  if (!E || isFloating(E->Type))
    return E;
  if (const auto *B = llvm::dyn_cast<BinaryExpr>(E.get())) {
    switch (B->Op) {
    case BinaryOpKind::Add:
    case BinaryOpKind::Sub:
    case BinaryOpKind::Mul:
    case BinaryOpKind::Div:
    case BinaryOpKind::Rem:
      return std::make_shared<BinaryExpr>(B->Op, widenToLong(B->LHS),
                                          widenToLong(B->RHS), ScalarKind::Long,
                                          B->Loc);
    default:
      break;
    }
  } else if (const auto *U = llvm::dyn_cast<UnaryExpr>(E.get())) {
    if (U->Op == UnaryOpKind::Neg)
      return std::make_shared<UnaryExpr>(
          UnaryOpKind::Neg, widenToLong(U->Operand), ScalarKind::Long, U->Loc);
  } else if (const auto *C = llvm::dyn_cast<CastExpr>(E.get())) {
    // A conversion between integer types the frontend made implicit; one
    // to char or short that may wrap stays.
    if (!isFloating(C->Operand->Type) &&
        (!isNarrowInteger(C->Type) ||
         holdsEveryValue(C->Type, C->Operand->Type)))
      return widenToLong(C->Operand);
  }
  return toLong(E);
}

static ExprPtr convert(isl_ast_expr *E, const ParamTypeFn &TypeOf);

static ExprPtr arg(isl_ast_expr *E, int I, const ParamTypeFn &TypeOf) {
  isl_ast_expr *A = isl_ast_expr_op_get_arg(E, I);
  ExprPtr R = convert(A, TypeOf);
  isl_ast_expr_free(A);
  return R;
}

/// C has no max/min for integers in expressions: a select.
static ExprPtr select(ExprPtr C, ExprPtr T, ExprPtr F) {
  if (!C || !T || !F)
    return nullptr;
  return std::make_shared<SelectExpr>(C, T, F, ScalarKind::Long);
}

static ExprPtr convert(isl_ast_expr *E, const ParamTypeFn &TypeOf) {
  switch (isl_ast_expr_get_type(E)) {
  case isl_ast_expr_int: {
    isl_val *V = isl_ast_expr_int_get_val(E);
    int64_t N = isl_val_get_num_si(V);
    isl_val_free(V);
    return longLit(N);
  }
  case isl_ast_expr_id: {
    isl_id *Id = isl_ast_expr_id_get_id(E);
    std::string Name = isl_id_get_name(Id);
    isl_id_free(Id);
    if (Name.rfind("p_", 0) != 0)
      return nullptr;
    Name = Name.substr(2);
    return toLong(std::make_shared<VarRef>(Name, TypeOf(Name)));
  }
  case isl_ast_expr_op:
    break;
  default:
    return nullptr;
  }
  isl_size N = isl_ast_expr_op_get_n_arg(E);
  auto Type = isl_ast_expr_op_get_type(E);
  auto A = [&](int I) { return arg(E, I, TypeOf); };
  switch (Type) {
  case isl_ast_expr_op_add:
    return bin(BinaryOpKind::Add, A(0), A(1));
  case isl_ast_expr_op_sub:
    return bin(BinaryOpKind::Sub, A(0), A(1));
  case isl_ast_expr_op_mul:
    return bin(BinaryOpKind::Mul, A(0), A(1));
  case isl_ast_expr_op_minus: {
    ExprPtr X = A(0);
    if (!X)
      return nullptr;
    return std::make_shared<UnaryExpr>(UnaryOpKind::Neg, X, ScalarKind::Long);
  }
  case isl_ast_expr_op_div:    // Exact.
  case isl_ast_expr_op_pdiv_q: // Dividend non-negative: C's / is floor.
    return bin(BinaryOpKind::Div, A(0), A(1));
  case isl_ast_expr_op_pdiv_r:
  case isl_ast_expr_op_zdiv_r:
    return bin(BinaryOpKind::Rem, A(0), A(1));
  case isl_ast_expr_op_fdiv_q: {
    // floor(a / d), d > 0: a >= 0 ? a / d : -((-a + d - 1) / d).
    ExprPtr X = A(0), D = A(1);
    if (!X || !D)
      return nullptr;
    ExprPtr NegX =
        std::make_shared<UnaryExpr>(UnaryOpKind::Neg, X, ScalarKind::Long);
    ExprPtr Up =
        bin(BinaryOpKind::Sub, bin(BinaryOpKind::Add, NegX, D), longLit(1));
    ExprPtr NegQ = std::make_shared<UnaryExpr>(
        UnaryOpKind::Neg, bin(BinaryOpKind::Div, Up, D), ScalarKind::Long);
    return select(bin(BinaryOpKind::GE, X, longLit(0), ScalarKind::Int),
                  bin(BinaryOpKind::Div, X, D), NegQ);
  }
  case isl_ast_expr_op_max:
  case isl_ast_expr_op_min: {
    ExprPtr R = A(0);
    for (int I = 1; I < N && R; ++I) {
      ExprPtr Y = A(I);
      BinaryOpKind Cmp =
          Type == isl_ast_expr_op_max ? BinaryOpKind::GE : BinaryOpKind::LE;
      R = select(bin(Cmp, R, Y, ScalarKind::Int), R, Y);
    }
    return R;
  }
  case isl_ast_expr_op_cond:
  case isl_ast_expr_op_select: {
    ExprPtr C = A(0), T = A(1), F = A(2);
    if (!C || !T || !F)
      return nullptr;
    return std::make_shared<SelectExpr>(C, T, F, T->Type);
  }
  case isl_ast_expr_op_and:
  case isl_ast_expr_op_and_then:
    return bin(BinaryOpKind::LAnd, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_or:
  case isl_ast_expr_op_or_else:
    return bin(BinaryOpKind::LOr, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_eq:
    return bin(BinaryOpKind::EQ, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_le:
    return bin(BinaryOpKind::LE, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_lt:
    return bin(BinaryOpKind::LT, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_ge:
    return bin(BinaryOpKind::GE, A(0), A(1), ScalarKind::Int);
  case isl_ast_expr_op_gt:
    return bin(BinaryOpKind::GT, A(0), A(1), ScalarKind::Int);
  default:
    return nullptr;
  }
}

ExprPtr pwAffToExpr(isl_pw_aff *PA, const ParamTypeFn &TypeOf) {
  if (!PA)
    return nullptr;
  isl_set *Ctx = isl_set_universe(isl_space_params(isl_pw_aff_get_space(PA)));
  isl_ast_build *Build = isl_ast_build_from_context(Ctx);
  isl_ast_expr *E = isl_ast_build_expr_from_pw_aff(Build, PA);
  ExprPtr R = E ? convert(E, TypeOf) : nullptr;
  isl_ast_expr_free(E);
  isl_ast_build_free(Build);
  return R;
}

ExprPtr paramSetToExpr(isl_set *Set, const ParamTypeFn &TypeOf) {
  if (!Set)
    return nullptr;
  if (isl_set_plain_is_universe(Set) == isl_bool_true) {
    isl_set_free(Set);
    return nullptr;
  }
  isl_set *Ctx = isl_set_universe(isl_set_get_space(Set));
  isl_ast_build *Build = isl_ast_build_from_context(Ctx);
  isl_ast_expr *E = isl_ast_build_expr_from_set(Build, Set);
  ExprPtr R = E ? convert(E, TypeOf) : nullptr;
  isl_ast_expr_free(E);
  isl_ast_build_free(Build);
  return R;
}

} // namespace analysis
} // namespace c2cuda
