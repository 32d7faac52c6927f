//===- AnalysisNestTableTest.cpp - Loop classes of real nests, by file ----===//
//
// A table of C files with known answers, test/unit/nests/*.c, one test per
// file: each file is parsed with the frontend and analysed, and every loop
// of every nest must match one expectation written in the file itself:
//
//   // EXPECT: i parallel
//   // EXPECT: k reduction + acc
//   // EXPECT: j reduction + tmp[i] | + y[i]     (several targets)
//   // EXPECT: t sequential flow >= 1            (kind, then distance)
//
// Loops are named by their iterator; `i@2` is the second loop named i in
// the file (functions, nests and loops in source order). A loop without an
// expectation, or an expectation without a loop, fails the test.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "frontend/Frontend.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace c2cuda;
namespace fs = std::filesystem;

namespace {

fs::path tableDir() {
  return fs::path(C2CUDA_SOURCE_DIR) / "test" / "unit" / "nests";
}

std::vector<std::string> tableFiles() {
  std::vector<std::string> V;
  std::error_code EC;
  for (auto &E : fs::directory_iterator(tableDir(), EC))
    if (E.path().extension() == ".c")
      V.push_back(E.path().filename().string());
  std::sort(V.begin(), V.end());
  return V;
}

/// What the file expects of one loop, and the line that says so.
struct Expectation {
  std::string Text;
  unsigned Line;
};

std::map<std::string, Expectation> readExpectations(const fs::path &P) {
  std::map<std::string, Expectation> M;
  std::ifstream In(P);
  std::string L;
  const std::string Tag = "// EXPECT: ";
  for (unsigned N = 1; std::getline(In, L); ++N) {
    size_t At = L.find(Tag);
    if (At == std::string::npos)
      continue;
    std::string Rest = L.substr(At + Tag.size());
    size_t Sp = Rest.find(' ');
    std::string Name = Rest.substr(0, Sp);
    if (Name.find('@') == std::string::npos)
      Name += "@1";
    EXPECT_FALSE(M.count(Name))
        << P.filename() << ":" << N << ": " << Name << " expected twice";
    M[Name] = {Sp == std::string::npos ? "" : Rest.substr(Sp + 1), N};
  }
  return M;
}

/// The facts of a loop in the expectation syntax.
std::string describe(const LoopFacts &F) {
  switch (F.Class) {
  case LoopClass::Parallel:
    return "parallel";
  case LoopClass::Reduction: {
    std::string S = "reduction ";
    for (size_t I = 0; I < F.Reductions.size(); ++I)
      S += (I ? " | " : "") + F.Reductions[I].Op + " " + F.Reductions[I].Target;
    return S;
  }
  case LoopClass::Sequential:
    if (!F.Blocking)
      return "sequential (no blocking dependence)";
    return "sequential " + F.Blocking->Kind + " " + F.Blocking->Distance;
  }
  return "?";
}

/// Every ForStmt of L in source order.
void collectLoops(const StmtList &L, std::vector<const ForStmt *> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      Out.push_back(F);
      collectLoops(F->Body, Out);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      collectLoops(I->Then, Out);
      collectLoops(I->Else, Out);
    }
  }
}

void collectNests(const StmtList &L, std::vector<const NestStmt *> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get()))
      Out.push_back(N);
    else if (const auto *H = llvm::dyn_cast<HostRegion>(S.get()))
      collectNests(H->Body, Out);
  }
}

std::string diagText(const DiagnosticList &D) {
  std::string S;
  for (auto &X : D.all())
    S += X.Loc.str() + ": " + X.Message + "\n";
  return S;
}

class NestTable : public ::testing::TestWithParam<std::string> {};

TEST_P(NestTable, LoopClasses) {
  fs::path P = tableDir() / GetParam();
  auto Expected = readExpectations(P);
  ASSERT_FALSE(Expected.empty()) << P << " has no EXPECT lines";

  FrontendOptions Opts;
  Opts.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  Opts.Restructure.MoveLoops = false; // The loops as the table writes them.
  Module M;
  DiagnosticList Diags;
  ASSERT_TRUE(parseFile(P.string(), Opts, M, Diags)) << diagText(Diags);
  ASSERT_FALSE(M.Functions.empty());

  std::map<std::string, unsigned> Seen;
  for (const Function &F : M.Functions) {
    DiagnosticList AD;
    FunctionFacts Facts = analyzeFunction(F, AD);
    EXPECT_FALSE(AD.hasErrors()) << diagText(AD);
    std::vector<const NestStmt *> Nests;
    collectNests(F.Body, Nests);
    for (const NestStmt *N : Nests) {
      std::vector<const ForStmt *> Loops;
      collectLoops(N->Body, Loops);
      const NestFacts &NF = Facts.Nests.at(N);
      for (const ForStmt *L : Loops) {
        std::string Name = L->Iter + "@" + std::to_string(++Seen[L->Iter]);
        auto LF = NF.Loops.find(L);
        ASSERT_NE(LF, NF.Loops.end()) << Name << " has no facts";
        std::string Got = describe(LF->second);
        auto It = Expected.find(Name);
        if (It == Expected.end()) {
          ADD_FAILURE() << P.filename() << ": no EXPECT for loop " << Name
                        << " at " << L->Loc.str() << "; it is: " << Got;
          continue;
        }
        EXPECT_EQ(Got, It->second.Text)
            << P.filename() << ":" << It->second.Line << ": loop " << Name
            << " (" << LF->second.Reason << ")";
        // The class agrees with the parallel flag.
        EXPECT_EQ(LF->second.Parallel, LF->second.Class == LoopClass::Parallel);
        Expected.erase(It);
      }
    }
  }
  for (auto &[Name, E] : Expected)
    ADD_FAILURE() << P.filename() << ":" << E.Line << ": no loop " << Name;
}

INSTANTIATE_TEST_SUITE_P(Nests, NestTable, ::testing::ValuesIn(tableFiles()),
                         [](const ::testing::TestParamInfo<std::string> &I) {
                           std::string S = fs::path(I.param).stem().string();
                           for (char &C : S)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return S;
                         });

TEST(NestTableFiles, AtLeastFortyNests) {
  EXPECT_GE(tableFiles().size(), 40u) << tableDir();
}

} // namespace
