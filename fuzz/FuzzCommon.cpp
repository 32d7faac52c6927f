//===- FuzzCommon.cpp - Shared code of the libFuzzer targets --------------===//
//
// The frontend parses files only, so each input is written to one file in a
// directory of its own (under /dev/shm where there is one, else the
// temporary directory), made once per process: parallel fuzzing jobs do not
// share it, and a relative `#include "x"` finds nothing beside it.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "analysis/NestFacts.h"
#include "codegen/CudaEmitter.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRPrinter.h"
#include "transforms/Pipeline.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace c2cuda {
namespace fuzz {

namespace {

/// The directory holding the input file, removed when the process exits
/// normally (a crash leaves it for the reproducer's sake; it is small).
class InputDir {
public:
  InputDir() {
    llvm::SmallString<128> Model;
    if (llvm::sys::fs::is_directory("/dev/shm") &&
        llvm::sys::fs::can_write("/dev/shm"))
      Model = "/dev/shm";
    else
      llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
    llvm::sys::path::append(Model, "c2cuda-fuzz-%%%%%%%%");
    if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(Model, Dir)) {
      llvm::errs() << "c2cuda-fuzz: cannot create a directory from '" << Model
                   << "': " << EC.message() << "\n";
      std::abort();
    }
    File = Dir;
    llvm::sys::path::append(File, "input.c");
  }
  ~InputDir() {
    llvm::sys::fs::remove(File);
    llvm::sys::fs::remove(Dir);
  }
  std::string path() const { return std::string(File); }

private:
  llvm::SmallString<128> Dir;
  llvm::SmallString<128> File;
};

void writeInput(const std::string &Path, llvm::StringRef Source) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Source;
    OS.close();
    EC = OS.error();
  }
  if (EC) {
    llvm::errs() << "c2cuda-fuzz: cannot write '" << Path
                 << "': " << EC.message() << "\n";
    std::abort();
  }
}

} // namespace

bool mayReadDevices(llvm::StringRef Source) {
  // Any path into /dev or /proc has the directory as a component, "/dev"
  // or "dev/", unless it is pasted together by macros.
  for (llvm::StringRef Dir : {"dev", "proc"})
    for (size_t Pos = Source.find(Dir); Pos != llvm::StringRef::npos;
         Pos = Source.find(Dir, Pos + 1)) {
      bool SlashBefore = Pos > 0 && Source[Pos - 1] == '/';
      bool SlashAfter =
          Pos + Dir.size() < Source.size() && Source[Pos + Dir.size()] == '/';
      if (SlashBefore || SlashAfter)
        return true;
    }
  return false;
}

void compileSource(llvm::StringRef Source) {
  static InputDir Dir;
  std::string Path = Dir.path();
  writeInput(Path, Source);

  FrontendOptions FOpts;
  FOpts.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  DiagnosticList Diags;
  Module M;
  llvm::raw_null_ostream Null;
  bool Parsed = parseFile(Path, FOpts, M, Diags);
  if (Parsed && !M.Functions.empty()) {
    printModule(Null, M);
    // As tools/c2cuda/c2cuda.cpp does without options.
    PipelineOptions POpts;
    POpts.Log = &Null;
    POpts.TileByDefault = true;
    std::vector<LoweredFunction> Lowered = lowerModule(M, POpts, Diags);
    if (!Diags.hasErrors()) {
      CudaEmitOptions COpts;
      COpts.SourceName = "input.c";
      COpts.WholeFile = M.HasOtherCode;
      emitCuda(Null, M, Lowered, COpts);
    }
  }
  printDiagnostics(Null, Diags);
}

} // namespace fuzz
} // namespace c2cuda
