//===- HarnessEmitter.cpp - The tuning harness of a function --------------===//
//
// harness.cu is a fixed runtime (runtime/harness-runtime.cuh, after the
// includes and helpers of runtime/harness-prefix.cuh) around a few generated
// definitions that describe the function: its arrays (element kind, read,
// written, on the device or host-only), its scalars at both sizes, the
// element counts as C expressions over the scalars, and one call of each
// of the three implementations. Keeping the logic in the fixed text keeps
// the generated part small enough to check with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "HarnessEmitter.h"

#include "ir/IRPrinter.h"
#include "ir/IRUses.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

namespace c2cuda {

namespace {

// The fixed text of harness.cu lives in ordinary files (runtime/*.cuh, seen
// by editors and formatters), embedded at build time (cmake/EmbedText.cmake).
#include "harness-prefix.cuh.inc"
#include "harness-runtime.cuh.inc"

/// Includes and helpers the generated definitions use.
const char *const Prefix = HarnessPrefix;

/// main() and everything it needs; uses the generated definitions.
const char *const Runtime = HarnessRuntime;

const char *kindName(ScalarKind K) {
  switch (K) {
  case ScalarKind::Int:
    return "C2C_INT";
  case ScalarKind::UInt:
    return "C2C_UINT";
  case ScalarKind::Long:
    return "C2C_LONG";
  case ScalarKind::ULong:
    return "C2C_ULONG";
  case ScalarKind::Float:
    return "C2C_FLOAT";
  case ScalarKind::Double:
    return "C2C_DOUBLE";
  case ScalarKind::Char:
    return "C2C_CHAR";
  case ScalarKind::SChar:
    return "C2C_SCHAR";
  case ScalarKind::UChar:
    return "C2C_UCHAR";
  case ScalarKind::Short:
    return "C2C_SHORT";
  case ScalarKind::UShort:
    return "C2C_USHORT";
  }
  return "C2C_INT";
}

/// The C type as the reference sees it: float spelt double.
std::string refType(ScalarKind K) {
  return K == ScalarKind::Float ? "double" : spelling(K);
}

/// "float" replaced by "double" as whole words in a C type spelling.
std::string refReturnType(const std::string &T) {
  std::string R;
  llvm::SmallVector<llvm::StringRef, 4> Words;
  llvm::StringRef(T).split(Words, ' ', -1, false);
  for (llvm::StringRef W : Words)
    R += (R.empty() ? "" : " ") +
         (W == "float" ? std::string("double") : W.str());
  return R;
}

/// An array parameter's place in the harness.
struct HarnessArray {
  const Param *P = nullptr;
  const ArrayPlan *Plan = nullptr; ///< Null: used by host code only.
  std::string Count;               ///< C expression, elements.
  bool Read = false, Written = false;
};

std::string prototype(const Function &F, const std::string &Name, bool Ref) {
  std::string S = "extern \"C\" " +
                  (Ref ? refReturnType(F.ReturnType) : F.ReturnType) + " " +
                  Name + "(";
  for (size_t I = 0; I < F.Params.size(); ++I) {
    const Param &P = F.Params[I];
    S += I ? ", " : "";
    std::string T = Ref ? refType(P.Elem) : elemSpelling(P);
    if (P.isArray())
      S += std::string(P.IsConst ? "const " : "") + T + " *" + P.Name;
    else
      S += T + " " + P.Name;
  }
  return S + (F.Params.empty() ? "void);" : ");");
}

/// `c2c_call(which, s, p)`'s case for one implementation.
std::string callOf(const Function &F, const std::string &Name, bool Ref,
                   const std::map<std::string, size_t> &Index) {
  std::string S = Name + "(";
  for (size_t I = 0; I < F.Params.size(); ++I) {
    const Param &P = F.Params[I];
    S += I ? ", " : "";
    if (!P.isArray()) {
      S += "c2c_s." + P.Name;
      continue;
    }
    std::string T = std::string(P.IsConst ? "const " : "") +
                    (Ref ? refType(P.Elem) : elemSpelling(P)) + " *";
    auto It = Index.find(P.Name);
    S += "(" + T + ")" +
         (It == Index.end() ? std::string("nullptr")
                            : "c2c_p[" + std::to_string(It->second) + "]");
  }
  S += ")";
  if (F.ReturnType == "void")
    return S + ";\n    return 0;";
  return "return (double)" + S + ";";
}

} // namespace

double defaultTolerance(const Function &F) {
  bool UsesFloat = llvm::StringRef(F.ReturnType).contains("float");
  for (const Param &P : F.Params)
    UsesFloat |= P.Elem == ScalarKind::Float;
  std::map<std::string, ScalarKind> Vars;
  collectVars(F.Body, Vars);
  for (auto &[Name, K] : Vars)
    UsesFloat |= K == ScalarKind::Float;
  return UsesFloat ? 1e-4 : 1e-10;
}

std::string emitHarness(const Function &F, const LoweredFunction &Plain,
                        HarnessOptions &Opts, std::string &Err) {
  if (Opts.Tolerance <= 0)
    Opts.Tolerance = defaultTolerance(F);

  // Scalars at both sizes.
  std::string Setters;
  llvm::raw_string_ostream SS(Setters);
  std::string Fields, Locals;
  for (const Param &P : F.Params) {
    if (P.isArray())
      continue;
    Fields += std::string("  ") + spelling(P.Elem) + " " + P.Name + ";\n";
    Locals += std::string("  const ") + spelling(P.Elem) + " " + P.Name +
              " = c2c_s." + P.Name + ";\n  (void)" + P.Name + ";\n";
    auto T = Opts.Sizes.find(P.Name), V = Opts.VerifySizes.find(P.Name);
    if (isFloating(P.Elem) &&
        (T == Opts.Sizes.end() || V == Opts.VerifySizes.end())) {
      SS << "  c2c_s." << P.Name << " = (" << spelling(P.Elem)
         << ")c2c_uniform(0.5, 1.5);\n";
      continue;
    }
    for (auto [It, Map, What] :
         {std::make_tuple(T, &Opts.Sizes, "tuning"),
          std::make_tuple(V, &Opts.VerifySizes, "verification")})
      if (It == Map->end()) {
        Err =
            "no value for parameter '" + P.Name + "' at the " + What + " size";
        return "";
      }
    SS << "  c2c_s." << P.Name << " = c2c_small ? (" << spelling(P.Elem) << ")"
       << V->second << "LL : (" << spelling(P.Elem) << ")" << T->second
       << "LL;\n";
  }

  // Arrays: those a kernel uses (with their plans) and those only host
  // code uses (counted from their declared dimensions).
  std::map<std::string, const ArrayPlan *> Plans;
  for (const ArrayPlan &A : Plain.Arrays)
    Plans[A.Name] = &A;
  ArrayAccesses HostAcc;
  collectArrays(F.Body, HostAcc);
  std::vector<HarnessArray> Arrays;
  std::map<std::string, size_t> Index;
  for (const Param &P : F.Params) {
    if (!P.isArray())
      continue;
    HarnessArray H;
    H.P = &P;
    auto It = Plans.find(P.Name);
    if (It != Plans.end()) {
      const ArrayPlan &A = *It->second;
      if (!A.Extent) {
        Err = "array '" + P.Name + "' has no known extent";
        return "";
      }
      H.Plan = &A;
      H.Count = exprToString(*A.Extent);
      H.Read = A.ReadOnDevice || A.ReadOnHost;
      H.Written = A.WrittenOnDevice || A.WrittenOnHost;
    } else {
      H.Read = HostAcc.Read.count(P.Name);
      H.Written = HostAcc.Written.count(P.Name);
      if (!H.Read && !H.Written)
        continue; // Unused: passed as a null pointer.
      bool Known = P.ParamForm == Param::Form::Array && !P.Dims.empty();
      for (const ExprPtr &D : P.Dims)
        Known &= D != nullptr;
      if (!Known) {
        Err = "array '" + P.Name +
              "' is used by host code only and its size is unknown (declare "
              "it with its dimensions, e.g. float " +
              P.Name + "[N][M])";
        return "";
      }
      for (const ExprPtr &D : P.Dims)
        H.Count += (H.Count.empty() ? "" : " * ") +
                   ("(long long)(" + exprToString(*D) + ")");
    }
    Index[P.Name] = Arrays.size();
    Arrays.push_back(H);
  }

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// Tuning harness for " << F.Name << " (" << Opts.SourceFileName
     << "), generated by c2cuda: see docs/tuning.md for the protocol.\n"
     << "// Links with ref64.o (c2c_ref64_" << F.Name
     << "), the plain mapping (c2c_plain_*) and one variant (c2c_var_*).\n\n";
  OS << Prefix << "\n";
  OS << "// What " << F.Name << " takes.\n";
  char Tol[32];
  std::snprintf(Tol, sizeof Tol, "%g", Opts.Tolerance);
  OS << "static const double c2c_tolerance = " << Tol << ";\n";
  OS << "static const char *const c2c_function = " << cString(F.Name) << ";\n";
  OS << "static const char *const c2c_plain_name = "
     << cString("c2c_plain_" + F.Name + "_device") << ";\n";
  OS << "static const char *const c2c_var_name = "
     << cString("c2c_var_" + F.Name + "_device") << ";\n";
  OS << "static const bool c2c_returns = "
     << (F.ReturnType == "void" ? "false" : "true") << ";\n";
  OS << "static const int c2c_narrays = " << Arrays.size() << ";\n";
  OS << "static const c2c_array_desc c2c_arrays[] = {\n";
  for (const HarnessArray &H : Arrays) {
    InputDistribution D;
    auto In = Opts.Inputs.find(H.P->Name);
    if (In != Opts.Inputs.end())
      D = In->second;
    char AB[80];
    std::snprintf(AB, sizeof AB, "%.17g, %.17g", D.A, D.B);
    OS << "    {" << cString(H.P->Name) << ", " << kindName(H.P->Elem)
       << ", /*read=*/" << (H.Read ? "true" : "false") << ", /*written=*/"
       << (H.Written ? "true" : "false") << ", /*on_device=*/"
       << (H.Plan ? "true" : "false") << ", /*dist=*/" << static_cast<int>(D.K)
       << ", " << AB << "},";
    if (D.K != InputDistribution::Kind::Default)
      OS << " // " << D.str();
    OS << "\n";
  }
  if (Arrays.empty())
    OS << "    {\"\", C2C_INT, false, false, false, 0, 0, 0},\n";
  OS << "};\n\n";

  OS << "struct c2c_scalars {\n"
     << (Fields.empty() ? std::string("  int c2c_none;\n") : Fields)
     << "};\n\n";
  OS << "// Tuning size, or the small size verified against the C.\n"
     << "static void c2c_set_scalars(c2c_scalars &c2c_s, bool c2c_small) {\n"
     << "  (void)c2c_small;\n"
     << SS.str() << "}\n\n";
  OS << "// Elements of each array.\n"
     << "static void c2c_counts(const c2c_scalars &c2c_s, long long "
        "*c2c_n) {\n"
     << Locals;
  for (size_t I = 0; I < Arrays.size(); ++I)
    OS << "  c2c_n[" << I << "] = (long long)(" << Arrays[I].Count << ");\n";
  OS << "  (void)c2c_s;\n  (void)c2c_n;\n}\n\n";

  OS << prototype(F, "c2c_ref64_" + F.Name, true) << "\n";
  OS << prototype(F, "c2c_plain_" + F.Name + "_device", false) << "\n";
  OS << prototype(F, "c2c_var_" + F.Name + "_device", false) << "\n\n";
  OS << "// 0: the float64 reference, 1: the plain mapping, 2: the variant.\n"
     << "static double c2c_call(int c2c_which, const c2c_scalars &c2c_s,\n"
     << "                       void *const *c2c_p) {\n"
     << "  (void)c2c_s;\n  (void)c2c_p;\n"
     << "  switch (c2c_which) {\n"
     << "  case 0:\n    " << callOf(F, "c2c_ref64_" + F.Name, true, Index)
     << "\n  case 1:\n    "
     << callOf(F, "c2c_plain_" + F.Name + "_device", false, Index)
     << "\n  default:\n    "
     << callOf(F, "c2c_var_" + F.Name + "_device", false, Index)
     << "\n  }\n}\n";
  OS << "\n" << Runtime;
  OS.flush();
  return Out;
}

std::string emitRef64(const Function &F, const std::string &SourceFileName) {
  std::string S;
  S += "/* The float64 reference of " + F.Name +
       ", generated by c2cuda: " + SourceFileName +
       " with float spelt double.\n"
       " * The standard headers come first, so that the #define reaches only "
       "the source. */\n";
  for (const char *H :
       {"math.h", "stdlib.h", "string.h", "stdio.h", "stdint.h"})
    S += std::string("#include <") + H + ">\n";
  S += "\n#define float double\n";
  S += "#define " + F.Name + " c2c_ref64_" + F.Name + "\n";
  S += "/* A main() in the source must not clash with the harness's. */\n";
  S += "#define main c2c_ref64_unused_main\n";
  S += "#include " + cString(SourceFileName) + "\n";
  return S;
}

std::vector<std::string> harnessSymbols(const LoweredFunction &LF) {
  std::vector<std::string> Syms;
  if (!LF.Source)
    return Syms;
  Syms.push_back(LF.Source->Name);
  Syms.push_back(LF.Source->Name + "_device");
  for (const Kernel &K : LF.Kernels)
    Syms.push_back(K.Name);
  return Syms;
}

} // namespace c2cuda
