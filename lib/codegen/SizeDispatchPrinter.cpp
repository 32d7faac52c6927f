//===- SizeDispatchPrinter.cpp - Entry points choosing by size ------------===//

#include "SizeDispatchPrinter.h"

#include "HostWrapperPrinter.h"

#include "llvm/ADT/StringExtras.h"

namespace c2cuda {
namespace codegen {

namespace {

/// The entry's arguments passed on, in order (global arrays are none).
std::string forwardedArguments(const Function &F) {
  std::vector<std::string> Names;
  for (const Param &P : F.Params)
    if (!P.IsGlobal)
      Names.push_back(P.Name);
  return llvm::join(Names, ", ");
}

void printEntry(llvm::raw_ostream &OS, const SizeDispatch &D,
                const std::string &Suffix, const EmitContext &Ctx) {
  const Function &F = *D.Entry;
  std::string Args = forwardedArguments(F);
  std::vector<std::string> Sets;
  for (const SizeDispatch::SizeClass &C : D.Classes) {
    std::vector<std::string> Given;
    for (size_t P = 0; P < D.Params.size(); ++P)
      Given.push_back(D.Params[P] + "=" + std::to_string(C.Sizes[P]));
    Sets.push_back(llvm::join(Given, ","));
  }
  printComment(OS,
               (Suffix.empty() ? "Drop-in replacement for " + F.Name + " in " +
                                     Ctx.sourceName()
                               : "Entry point for data already on the GPU, "
                                 "like " +
                                     F.Name) +
                   ": runs the lowering tuned at the nearest of the size "
                   "sets " +
                   llvm::join(Sets, "; ") +
                   " within a factor of 2 of every size, else the default "
                   "schedule's.",
               0);
  printEntrySignature(OS, F, F.Name + Suffix);
  OS << "  static const long long c2c_classes[] = {";
  bool First = true;
  for (const SizeDispatch::SizeClass &C : D.Classes)
    for (long long V : C.Sizes) {
      OS << (First ? "" : ", ") << V << "LL";
      First = false;
    }
  OS << "};\n";
  OS << "  const long long c2c_call[] = {";
  for (size_t P = 0; P < D.Params.size(); ++P)
    OS << (P ? ", " : "") << "(long long)" << D.Params[P];
  OS << "};\n";
  OS << "  switch (c2c_size_class(c2c_classes, " << D.Classes.size() << ", "
     << D.Params.size() << ", c2c_call)) {\n";
  for (size_t C = 0; C < D.Classes.size(); ++C)
    OS << "  case " << C << ":\n    return " << D.Classes[C].Lowering << Suffix
       << "(" << Args << ");\n";
  OS << "  default:\n    return " << D.Fallback << Suffix << "(" << Args
     << ");\n";
  OS << "  }\n}\n\n";
}

} // namespace

void printSizeDispatch(llvm::raw_ostream &OS, const SizeDispatch &D,
                       const EmitContext &Ctx) {
  OS << "\n";
  printComment(OS, "===== " + D.Entry->Name + ", by size =====", 0);
  OS << "\n";
  printEntry(OS, D, "", Ctx);
  if (!D.Entry->usesGlobals())
    printEntry(OS, D, "_device", Ctx);
}

} // namespace codegen
} // namespace c2cuda
