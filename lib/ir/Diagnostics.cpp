//===- Diagnostics.cpp - clang-style diagnostic printing -----------------===//

#include "Diagnostics.h"

#include <algorithm>

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <map>

namespace c2cuda {

void DiagnosticList::error(SourceLoc L, std::string Msg, std::string Hint) {
  Diags.push_back(
      {DiagLevel::Error, std::move(L), std::move(Msg), std::move(Hint), ""});
}
void DiagnosticList::warning(SourceLoc L, std::string Msg, std::string Hint) {
  Diags.push_back(
      {DiagLevel::Warning, std::move(L), std::move(Msg), std::move(Hint), ""});
}
void DiagnosticList::remark(SourceLoc L, std::string Msg, std::string Hint) {
  Diags.push_back(
      {DiagLevel::Remark, std::move(L), std::move(Msg), std::move(Hint), ""});
}

bool DiagnosticList::hasErrors() const {
  for (const Diagnostic &D : Diags)
    if (D.Level == DiagLevel::Error)
      return true;
  return false;
}

/// The text of line Line of File, without its newline; empty if unreadable.
/// Files are read once per process: a run prints few diagnostics.
static std::string sourceLine(const std::string &File, unsigned Line) {
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Cache;
  auto It = Cache.find(File);
  if (It == Cache.end()) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    It = Cache.emplace(File, Buf ? std::move(*Buf) : nullptr).first;
  }
  if (!It->second)
    return "";
  llvm::StringRef Text = It->second->getBuffer();
  for (unsigned L = 1; L < Line; ++L) {
    size_t NL = Text.find('\n');
    if (NL == llvm::StringRef::npos)
      return "";
    Text = Text.drop_front(NL + 1);
  }
  return Text.take_until([](char C) { return C == '\n' || C == '\r'; }).str();
}

static const char *levelName(DiagLevel L) {
  switch (L) {
  case DiagLevel::Error:
    return "error";
  case DiagLevel::Warning:
    return "warning";
  case DiagLevel::Remark:
    return "remark";
  case DiagLevel::Note:
    return "note";
  }
  return "";
}

static void printOne(llvm::raw_ostream &OS, DiagLevel Level,
                     const SourceLoc &Loc, const std::string &Msg) {
  if (Loc.valid())
    OS << Loc.str() << ": ";
  else
    OS << "c2cuda: ";
  OS << levelName(Level) << ": " << Msg << "\n";
  if (!Loc.valid() || Level == DiagLevel::Note)
    return;
  std::string Line = sourceLine(Loc.File, Loc.Line);
  if (Line.empty())
    return;
  // Same layout as clang 19: a gutter with the line number, then the caret
  // under the column (tabs kept so the caret lines up).
  std::string Num = std::to_string(Loc.Line);
  std::string Gutter(Num.size() < 5 ? 5 - Num.size() : 0, ' ');
  OS << Gutter << Num << " | " << Line << "\n";
  OS << std::string(Gutter.size() + Num.size(), ' ') << " | ";
  for (unsigned C = 1; C < Loc.Col && C - 1 < Line.size(); ++C)
    OS << (Line[C - 1] == '\t' ? '\t' : ' ');
  OS << "^\n";
}

const std::vector<std::string> &diagnosticGroups() {
  static const std::vector<std::string> Groups = {"serial-kernel",
                                                  "uncoalesced"};
  return Groups;
}

void raiseGroups(DiagnosticList &L, const std::vector<std::string> &Groups,
                 DiagLevel Level) {
  for (Diagnostic &D : L.all())
    if (!D.Group.empty() && D.Level == DiagLevel::Remark &&
        std::find(Groups.begin(), Groups.end(), D.Group) != Groups.end())
      D.Level = Level;
}

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D) {
  if (!D.Group.empty() && D.Level != DiagLevel::Remark) {
    printOne(OS, D.Level, D.Loc,
             D.Message + (D.Level == DiagLevel::Error ? " [-Werror=" : " [-W") +
                 D.Group + "]");
    if (!D.Hint.empty())
      printOne(OS, DiagLevel::Note, D.Loc, D.Hint);
    return;
  }
  printOne(OS, D.Level, D.Loc, D.Message);
  if (!D.Hint.empty())
    printOne(OS, DiagLevel::Note, D.Loc, D.Hint);
}

void printDiagnostics(llvm::raw_ostream &OS, const DiagnosticList &L) {
  for (const Diagnostic &D : L.all())
    printDiagnostic(OS, D);
}

} // namespace c2cuda
