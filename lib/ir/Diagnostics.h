//===- Diagnostics.h - clang-style diagnostics without Clang ---*- C++ -*-===//
//
// Every stage reports problems as Diagnostic values; the tool prints them in
// clang's format (file:line:col: error: message, the source line, a caret,
// then a note saying what to do instead). Stages after the frontend have no
// Clang, so the printer reads the source line itself.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_DIAGNOSTICS_H
#define C2CUDA_IR_DIAGNOSTICS_H

#include "IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace c2cuda {

enum class DiagLevel { Error, Warning, Remark, Note };

struct Diagnostic {
  DiagLevel Level = DiagLevel::Error;
  SourceLoc Loc;
  std::string Message;
  /// Printed as a `note:` at the same location: what to do instead.
  std::string Hint;
  /// A remark of a group (diagnosticGroups()) that -W<group> turns into a
  /// warning and -Werror=<group> into an error; printed as `[-W<group>]`.
  std::string Group;
};

/// Collects diagnostics in order; hasErrors() decides the exit status.
class DiagnosticList {
public:
  void error(SourceLoc L, std::string Msg, std::string Hint = "");
  void warning(SourceLoc L, std::string Msg, std::string Hint = "");
  void remark(SourceLoc L, std::string Msg, std::string Hint = "");
  void add(Diagnostic D) { Diags.push_back(std::move(D)); }
  bool hasErrors() const;
  const std::vector<Diagnostic> &all() const { return Diags; }
  std::vector<Diagnostic> &all() { return Diags; }

private:
  std::vector<Diagnostic> Diags;
};

/// The groups of remarks that name a performance cliff: a kernel that runs
/// as a single thread ("serial-kernel"), a mapping under which no reference
/// is contiguous along threadIdx.x ("uncoalesced").
const std::vector<std::string> &diagnosticGroups();

/// Raises the remarks of the given groups to Level (Warning or Error).
void raiseGroups(DiagnosticList &L, const std::vector<std::string> &Groups,
                 DiagLevel Level);

/// Prints one diagnostic in clang's format, with the source line and a caret
/// when the location is known and the file can be read.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D);
void printDiagnostics(llvm::raw_ostream &OS, const DiagnosticList &L);

} // namespace c2cuda

#endif
