//===- HostWrapperPrinter.cpp - Drop-in host entry points ----------------===//

#include "HostWrapperPrinter.h"

#include "CStmtPrinter.h"
#include "KernelPrinter.h"
#include "SharedLayout.h"

#include "ir/IRWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

#include <map>
#include <set>

namespace c2cuda {
namespace codegen {

namespace {

[[noreturn]] void internalError(const Function &F, const llvm::Twine &Msg) {
  llvm::report_fatal_error("c2cuda codegen: function '" + llvm::Twine(F.Name) +
                           "': " + Msg);
}

bool isVla(const Param &P) {
  return P.ParamForm == Param::Form::Array && P.Dims.size() > 1 &&
         !hasConstantInnerDims(P);
}

/// The C ABI spelling: arrays are adjusted to pointers, as C does.
std::string abiParamDecl(const Param &P) {
  if (!P.isArray())
    return std::string(P.IsConst ? "const " : "") + elemSpelling(P) + " " +
           P.Name;
  if (!P.RecordType.empty())
    return std::string(P.IsConst ? "const " : "") + P.RecordType + " *" +
           P.Name;
  return elemType(P) + " *" + P.Name;
}

/// The body helper's spelling, in which host code indexes the array as C
/// did: `float (*A)[1024]` for constant inner sizes, a c2c_vla view for VLA
/// parameters (C++ has no variably modified types).
std::string bodyParamDecl(const Param &P) {
  if (!P.RecordType.empty())
    return elemType(P) + " *" + P.Name; // The fields, one after another.
  if (P.ParamForm != Param::Form::Array || P.Dims.size() < 2)
    return abiParamDecl(P);
  if (isVla(P))
    return "c2c_vla<" + elemType(P) + ", " + std::to_string(P.Dims.size() - 1) +
           "> " + P.Name;
  std::string S = elemType(P) + " (*" + P.Name + ")";
  for (size_t D = 1; D < P.Dims.size(); ++D)
    S += "[" + exprToString(*P.Dims[D]) + "]";
  return S;
}

/// The argument for bodyParamDecl(P) made from a flat pointer Ptr.
std::string bodyArg(const Param &P, const std::string &Ptr) {
  if (!P.RecordType.empty())
    return "(" + elemType(P) + " *)" + Ptr;
  if (P.ParamForm != Param::Form::Array || P.Dims.size() < 2)
    return Ptr;
  if (isVla(P)) {
    std::string S = "c2c_vla<" + elemType(P) + ", " +
                    std::to_string(P.Dims.size() - 1) + ">{" + Ptr + ", {";
    for (size_t D = 1; D < P.Dims.size(); ++D)
      S += std::string(D > 1 ? ", " : "") + "(long long)(" +
           exprToString(*P.Dims[D]) + ")";
    return S + "}}";
  }
  std::string S = "(" + elemType(P) + " (*)";
  for (size_t D = 1; D < P.Dims.size(); ++D)
    S += "[" + exprToString(*P.Dims[D]) + "]";
  return S + ")(" + Ptr + ")";
}

/// Inside the body helper: the host address of array P's elements.
std::string bodyData(const Param &P) {
  return "(void *)" + P.Name + (isVla(P) ? ".data" : "");
}

std::string sizeOf(const ArrayPlan &A) {
  return std::string("sizeof(") + spelling(A.Elem) + ")";
}

class FunctionPrinter;

/// Prints the host body: host code, regions and loops, launches, and the
/// copies around host statements that touch device-resident arrays.
class HostBodyPrinter : public CStmtPrinter {
public:
  HostBodyPrinter(llvm::raw_ostream &OS, const FunctionPrinter &FP)
      : CStmtPrinter(OS, nullptr), FP(FP) {}

protected:
  void printOther(const Stmt &S, unsigned Indent) override;
  void beforeStmt(const Stmt &S, unsigned Indent) override;
  void afterStmt(const Stmt &S, unsigned Indent) override;
  bool foldsBreakGuard(const IfStmt &Guard) const override;

private:
  void printLaunch(unsigned KernelIndex, unsigned Indent);
  void toHost(const std::set<std::string> &Arrays, const SourceLoc &Loc,
              unsigned Indent);
  void toDevice(const std::set<std::string> &Arrays, const SourceLoc &Loc,
                unsigned Indent);
  /// Resident scalars (KernelScalar::Resident) among Names that a kernel
  /// wrote since the host last had them: copied to the host.
  void scalarsToHost(const std::set<std::string> &Names,
                     const std::set<std::string> &InScope, const SourceLoc &Loc,
                     unsigned Indent);
  /// After host code wrote these resident scalars: the next kernel to use
  /// one copies it to its slot first.
  void hostWroteScalars(const std::set<std::string> &Names,
                        const std::set<std::string> &InScope, unsigned Indent);
  /// The copy of resident scalar N between its variable and its slot,
  /// when the other side wrote it last (flag c2c_dd_N or c2c_hd_N); Where
  /// and From are C strings naming the function or kernel and the source.
  void copyScalar(const std::string &N, ScalarKind T, bool ToHost,
                  const std::string &Where, const std::string &From,
                  unsigned Indent);

  const FunctionPrinter &FP;
};

class FunctionPrinter {
public:
  FunctionPrinter(llvm::raw_ostream &OS, const LoweredFunction &LF,
                  const EmitContext &Ctx)
      : OS(OS), LF(LF), F(*LF.Source), Ctx(Ctx) {
    for (const ArrayPlan &A : LF.Arrays) {
      const Param *P = F.findParam(A.Name);
      if (!P || !P->isArray())
        internalError(F, "array plan for '" + A.Name +
                             "', which is not an array parameter");
      if (!A.Extent)
        internalError(F, "array '" + A.Name + "' has no extent");
      Plans[A.Name] = &A;
    }
    ArrayAccesses Acc;
    collectArrays(LF.HostBody, Acc);
    for (const std::string &A : Acc.all())
      if (Plans.count(A))
        HostTouched.insert(A);
    for (const Kernel &K : LF.Kernels)
      for (const KernelScalar &S : K.Scalars)
        if (S.Resident && !Resident.count(S.Name)) {
          unsigned Slot = Resident.size();
          Resident[S.Name] = {Slot, S.Type};
        }
    // Scalars kernels write that stay on the host between launches: a slot
    // each after the resident ones, copied in and out around each launch
    // (a cudaMalloc and cudaFree per launch synchronized the device: a
    // solver's host loop spent most of its time there).
    for (const Kernel &K : LF.Kernels)
      for (const KernelScalar &S : K.Scalars)
        if (!S.Resident && S.Written && !OutSlots.count(S.Name)) {
          unsigned Slot = OutSlots.size();
          OutSlots[S.Name] = Slot;
        }
    for (auto &[N, Slot] : OutSlots)
      Slot += Resident.size();
    if (!Resident.empty())
      forEachHostStmtInScope(LF.HostBody,
                             [&](const Stmt &S, const HostScope &In) {
                               for (const std::string &N : In.Declared)
                                 if (Resident.count(N))
                                   ResidentScope[&S].insert(N);
                             });
  }

  /// The resident scalars whose declarations are in scope at host
  /// statement S (the same name elsewhere is another variable).
  std::set<std::string> residentInScope(const Stmt &S) const {
    auto It = ResidentScope.find(&S);
    return It == ResidentScope.end() ? std::set<std::string>() : It->second;
  }

  /// The slot of each scalar a kernel writes that is not resident.
  unsigned outSlot(const std::string &N) const { return OutSlots.at(N); }
  /// The slot and type of each resident scalar (KernelScalar::Resident).
  const std::map<std::string, std::pair<unsigned, ScalarKind>> &
  residentScalars() const {
    return Resident;
  }

  void print() {
    printGlobalDeclarations();
    printBody();
    printWrapper();
    if (F.usesGlobals())
      // Its arrays live in host globals: there is no device-pointer form.
      printComment(OS,
                   "No " + F.Name +
                       "_device: the function uses global arrays, which "
                       "the drop-in entry copies itself.",
                   0);
    else
      printDeviceEntry();
  }

  const ArrayPlan *plan(const std::string &A) const {
    auto It = Plans.find(A);
    return It == Plans.end() ? nullptr : It->second;
  }
  const Function &function() const { return F; }
  const LoweredFunction &lowered() const { return LF; }
  const EmitContext &context() const { return Ctx; }

private:
  std::string bodyName() const { return "c2c_" + F.Name + "_body"; }
  bool returnsValue() const { return F.ReturnType != "void"; }

  void printBody() {
    OS << "static " << F.ReturnType << ' ' << bodyName() << '(';
    bool First = true;
    auto Sep = [&]() -> llvm::raw_ostream & {
      if (!First)
        OS << ", ";
      First = false;
      return OS;
    };
    for (const Param &P : F.Params)
      Sep() << bodyParamDecl(P);
    for (const ArrayPlan &A : LF.Arrays) {
      Sep() << arrayType(A) << " *" << deviceName(A.Name);
      Sep() << "long long " << countName(A.Name);
    }
    if (First)
      OS << "void";
    OS << ") {\n";
    if (!Resident.empty() || !OutSlots.empty())
      // Freed when the call returns, whichever way.
      OS << "  c2c_scalar_slots c2c_slots(" << Resident.size() + OutSlots.size()
         << ", " << cString(F.Name) << ");\n";
    printPrescaleBuffers();
    printCheckerboardPacks();
    HostBodyPrinter(OS, *this).printStmts(LF.HostBody, 1);
    printCheckerboardUnpacks();
    if (returnsValue())
      // Falling off the end is undefined in C if the value is used; this
      // keeps C++ from warning about it and returns a defined value.
      OS << "  return " << F.ReturnType << "();\n";
    OS << "}\n\n";
  }

  /// A buffer per array some kernel gets multiplied by a scalar
  /// (Kernel::Prescaled), kept between calls by each host thread.
  void printPrescaleBuffers() {
    std::set<std::string> Arrays;
    for (const Kernel &K : LF.Kernels)
      for (const Kernel::PrescaledArray &S : K.Prescaled)
        Arrays.insert(S.Array);
    if (Arrays.empty())
      return;
    printComment(OS,
                 "Arrays kernels read multiplied by a scalar, scaled before "
                 "their launches (PrescaleOperands).",
                 1);
    for (const std::string &A : Arrays)
      OS << "  static thread_local c2c_prescale_buffer "
         << prescaleBufferName(A) << ";\n";
  }

  /// Arrays the kernels index in the packed checkerboard layout
  /// (LoweredFunction::Checkerboards): the device pointer the body was given
  /// is kept aside and replaced by a packed copy until the end.
  void printCheckerboardPacks() {
    for (const LoweredFunction::Checkerboard &C : LF.Checkerboards) {
      std::string D = deviceName(C.Array);
      OS << "  // The kernels index '" << C.Array
         << "' one colour after the other (PackCheckerboards).\n";
      OS << "  " << spelling(checkerboardPlan(C).Elem) << " *"
         << callerName(C.Array) << " = " << D << ";\n";
      OS << "  " << D << " = c2c_pack_checkerboard(" << callerName(C.Array);
      printCheckerboardArgs(C, "cudaMalloc");
    }
  }

  /// Back into the caller's buffer where a kernel writes the array (null:
  /// only freed).
  void printCheckerboardUnpacks() {
    for (const LoweredFunction::Checkerboard &C : LF.Checkerboards) {
      std::string Elem = spelling(checkerboardPlan(C).Elem);
      OS << "  c2c_unpack_checkerboard(" << deviceName(C.Array) << ", "
         << (C.Written ? callerName(C.Array) : "(" + Elem + " *)nullptr");
      printCheckerboardArgs(C, "cudaFree");
    }
  }

  /// The kernels of a packed array use it, so it has a plan.
  const ArrayPlan &checkerboardPlan(const LoweredFunction::Checkerboard &C) {
    const ArrayPlan *A = plan(C.Array);
    if (!A)
      internalError(F, "checkerboard layout of '" + C.Array +
                           "', which no kernel uses");
    return *A;
  }

  /// The rest of a pack or unpack call: sizes, what the CUDA call is for
  /// messages, and where.
  void printCheckerboardArgs(const LoweredFunction::Checkerboard &C,
                             const std::string &Call) {
    OS << ", (long long)(" << exprToString(*C.Rows) << "), (long long)("
       << exprToString(*C.Cols) << "), "
       << cString(Call + " of the checkerboard layout of '" + C.Array + "'")
       << ", " << cString(F.Name) << ", " << cString(Ctx.from(F.Loc)) << ");\n";
  }

  /// The C spelling of an array's elements (`bool` for C's _Bool).
  std::string arrayType(const ArrayPlan &A) const {
    const Param *P = F.findParam(A.Name);
    return P ? elemSpelling(*P) : std::string(spelling(A.Elem));
  }

  static std::string callerName(const std::string &A) {
    return "c2c_caller_" + A;
  }

  /// Global arrays the function uses: declared here, unless the .cu holds
  /// the whole input file and so their definitions.
  void printGlobalDeclarations() {
    if (Ctx.Opts.WholeFile || !F.usesGlobals())
      return;
    for (const Param &P : F.Params) {
      if (!P.IsGlobal)
        continue;
      OS << "extern " << (P.IsConst ? "const " : "") << elemSpelling(P) << ' '
         << P.Name;
      for (const ExprPtr &D : P.Dims)
        OS << '[' << exprToString(*D) << ']';
      OS << ";\n";
    }
    OS << "\n";
  }

  void printSignature(const std::string &Name) {
    printEntrySignature(OS, F, Name);
  }

  void printExtents() {
    for (const ArrayPlan &A : LF.Arrays)
      OS << "  const long long " << countName(A.Name) << " = "
         << exprToString(*A.Extent) << ";\n";
  }

  /// The conditions the kernels were built under (LoweredFunction::
  /// Assumptions), checked before anything is copied.
  void printAssumptionChecks(const std::string &Entry) {
    for (const LoweredFunction::Assumption &A : LF.Assumptions) {
      OS << "  c2c_check_assumption(" << exprToString(*A.Holds) << ", "
         << cString(exprToString(*A.Shown)) << ", " << cString(A.Array) << ", "
         << cString(Entry) << ", " << cString(Ctx.from(A.Loc)) << ");\n";
    }
  }

  /// Distinct arrays where one is written on the device must not overlap:
  /// the kernels declare them __restrict__ and the copies assume it.
  void printOverlapChecks(const std::string &Entry) {
    for (size_t I = 0; I < LF.Arrays.size(); ++I)
      for (size_t J = I + 1; J < LF.Arrays.size(); ++J) {
        const ArrayPlan &A = LF.Arrays[I], &B = LF.Arrays[J];
        if (!A.WrittenOnDevice && !B.WrittenOnDevice)
          continue;
        OS << "  c2c_check_overlap(" << A.Name << ", " << countName(A.Name)
           << ", " << sizeOf(A) << ", " << B.Name << ", " << countName(B.Name)
           << ", " << sizeOf(B) << ", " << cString(A.Name) << ", "
           << cString(B.Name) << ", " << cString(Entry) << ");\n";
      }
  }

  /// `[R c2c_ret = ]c2c_f_body(args);`
  void printBodyCall(const std::map<std::string, std::string> &HostPtr,
                     const std::map<std::string, std::string> &DevPtr) {
    OS << "  ";
    if (returnsValue())
      OS << F.ReturnType << " c2c_ret = ";
    OS << bodyName() << '(';
    bool First = true;
    for (const Param &P : F.Params) {
      OS << (First ? "" : ", ");
      First = false;
      if (!P.isArray()) {
        OS << P.Name;
        continue;
      }
      auto It = HostPtr.find(P.Name);
      OS << bodyArg(P, It == HostPtr.end() ? P.Name : It->second);
    }
    for (const ArrayPlan &A : LF.Arrays) {
      OS << (First ? "" : ", ") << DevPtr.at(A.Name) << ", "
         << countName(A.Name);
      First = false;
    }
    OS << ");\n";
  }

  static constexpr bool CopyToDevice = true, CopyToHost = false;

  /// One cudaMemcpy of A between the caller's array and the device.
  void printCopy(const ArrayPlan &A, bool ToDevice) {
    std::string Where = cString(F.Name), From = cString(Ctx.from(F.Loc));
    std::string Host = (ToDevice ? "" : "(void *)") + A.Name;
    OS << "  c2c_copy(" << (ToDevice ? deviceName(A.Name) : Host) << ", "
       << (ToDevice ? Host : deviceName(A.Name)) << ", " << countName(A.Name)
       << ", " << sizeOf(A) << ", "
       << (ToDevice ? "cudaMemcpyHostToDevice" : "cudaMemcpyDeviceToHost")
       << ", "
       << cString("cudaMemcpy of '" + A.Name + "' to the " +
                  (ToDevice ? "device" : "host"))
       << ", " << Where << ", " << From << ");\n";
  }

  /// The copies of Arrays in one direction together (c2c_copy_all in
  /// runtime/staged-transfers.cuh: large pageable ones through pinned
  /// staging buffers, several arrays' chunks in parallel).
  void printCopyAll(const std::vector<const ArrayPlan *> &Arrays,
                    bool ToDevice) {
    if (Arrays.empty())
      return;
    std::string Table = ToDevice ? "c2c_to_device" : "c2c_to_host";
    OS << "  const c2c_transfer " << Table << "[] = {";
    for (const ArrayPlan *A : Arrays)
      OS << (A == Arrays.front() ? "" : ", ") << "{" << cString(A->Name)
         << ", (void *)" << A->Name << ", " << deviceName(A->Name) << ", "
         << countName(A->Name) << ", " << sizeOf(*A) << "}";
    OS << "};\n";
    OS << "  c2c_copy_all(" << Table << ", " << Arrays.size() << ", "
       << (ToDevice ? "cudaMemcpyHostToDevice" : "cudaMemcpyDeviceToHost")
       << ", " << cString(F.Name) << ", " << cString(Ctx.from(F.Loc)) << ");\n";
  }

  /// The function's first `if (c) return;` statements (HostCode::
  /// EntryGuard), before anything is sized or copied: `if (!x) return;`
  /// copies nothing from a null x.
  void printEntryGuards() {
    for (const StmtPtr &S : F.Body)
      if (const auto *H = llvm::dyn_cast<HostCode>(S.get()); H && H->EntryGuard)
        OS << "  " << H->Text << "\n";
  }

  void printWrapper() {
    std::string Where = cString(F.Name), From = cString(Ctx.from(F.Loc));
    printComment(OS,
                 "Drop-in replacement for " + F.Name + " in " +
                     Ctx.sourceName() +
                     ": takes host arrays, runs the nests on the GPU.",
                 0);
    printSignature(F.Name);
    printEntryGuards();
    printExtents();
    printAssumptionChecks(F.Name);
    printOverlapChecks(F.Name);
    std::map<std::string, std::string> HostPtr, DevPtr;
    for (const ArrayPlan &A : LF.Arrays) {
      std::string D = deviceName(A.Name);
      DevPtr[A.Name] = D;
      OS << "  " << arrayType(A) << " *" << D << " = nullptr;\n";
      OS << "  c2c_alloc((void **)&" << D << ", " << countName(A.Name) << ", "
         << sizeOf(A) << ", " << cString("cudaMalloc of '" + A.Name + "'")
         << ", " << Where << ", " << From << ");\n";
      if (!Ctx.Opts.StagedTransfers)
        printCopy(A, CopyToDevice);
    }
    // Arrays the device only writes are copied in too: elements it does
    // not write must keep the caller's values when copied back.
    std::vector<const ArrayPlan *> In, Out;
    for (const ArrayPlan &A : LF.Arrays) {
      In.push_back(&A);
      if (A.WrittenOnDevice)
        Out.push_back(&A);
    }
    if (Ctx.Opts.StagedTransfers)
      printCopyAll(In, CopyToDevice);
    printBodyCall(HostPtr, DevPtr);
    if (Ctx.Opts.StagedTransfers)
      printCopyAll(Out, CopyToHost);
    else
      for (const ArrayPlan *A : Out)
        printCopy(*A, CopyToHost);
    for (const ArrayPlan &A : LF.Arrays)
      OS << "  c2c_check(cudaFree(" << deviceName(A.Name) << "), "
         << cString("cudaFree of '" + A.Name + "'") << ", " << Where << ", "
         << From << ");\n";
    if (returnsValue())
      OS << "  return c2c_ret;\n";
    OS << "}\n\n";
  }

  void printDeviceEntry() {
    std::string Name = F.Name + "_device";
    std::string Where = cString(Name), From = cString(Ctx.from(F.Loc));
    std::vector<std::string> Dev, HostOnly;
    for (const Param &P : F.Params) {
      if (!P.isArray())
        continue;
      (plan(P.Name) ? Dev : HostOnly).push_back(P.Name);
    }
    std::string Doc =
        "Entry point for data already on the GPU: like " + F.Name + ", but ";
    Doc += Dev.empty() ? "no array is used by a kernel."
                       : llvm::join(Dev, ", ") +
                             (Dev.size() == 1 ? " is a device pointer."
                                              : " are device pointers.");
    if (!HostOnly.empty())
      Doc +=
          " " + llvm::join(HostOnly, ", ") + " (used by host code only) " +
          (HostOnly.size() == 1 ? "is a host pointer." : "are host pointers.");
    std::vector<const ArrayPlan *> Unstageable;
    for (const ArrayPlan &A : LF.Arrays)
      if (A.HostBeyondExtent)
        Unstageable.push_back(&A);
    if (!Unstageable.empty())
      Doc += " It cannot run: host statements touch elements of " +
             Unstageable.front()->Name +
             " that c2cuda cannot bound; it stops with an error.";
    printComment(OS, Doc, 0);
    printSignature(Name);
    printEntryGuards();
    for (const ArrayPlan *A : Unstageable)
      OS << "  c2c_unstageable(" << cString(A->Name) << ", "
         << cString(Ctx.from(A->HostBeyondLoc)) << ", " << Where << ", " << From
         << ");\n";
    printExtents();
    printAssumptionChecks(Name);
    printOverlapChecks(Name);
    std::map<std::string, std::string> HostPtr, DevPtr;
    for (const ArrayPlan &A : LF.Arrays) {
      const Param &P = *F.findParam(A.Name);
      DevPtr[A.Name] = "(" + arrayType(A) + " *)" + A.Name;
      if (!HostTouched.count(A.Name)) {
        // Host code touches no element: no host copy exists, and the device
        // pointer stands in for a test of whether it is null (`if (!x)`).
        HostPtr[A.Name] = "(" + elemType(P) + " *)" + A.Name;
        continue;
      }
      // Host code reads or writes it: a host buffer of its own, filled once
      // here and kept current around every host statement that uses it.
      std::string H = stagingName(A.Name);
      HostPtr[A.Name] = H;
      OS << "  " << arrayType(A) << " *" << H << " = (" << arrayType(A)
         << " *)c2c_host_alloc(" << countName(A.Name) << ", " << sizeOf(A)
         << ", " << cString("host staging buffer for '" + A.Name + "'") << ", "
         << Where << ", " << From << ");\n";
      OS << "  c2c_copy(" << H << ", " << A.Name << ", " << countName(A.Name)
         << ", " << sizeOf(A) << ", cudaMemcpyDeviceToHost, "
         << cString("cudaMemcpy of '" + A.Name + "' to the host") << ", "
         << Where << ", " << From << ");\n";
    }
    printBodyCall(HostPtr, DevPtr);
    for (const ArrayPlan &A : LF.Arrays)
      if (HostTouched.count(A.Name))
        OS << "  free(" << stagingName(A.Name) << ");\n";
    if (returnsValue())
      OS << "  return c2c_ret;\n";
    OS << "}\n\n";
  }

  llvm::raw_ostream &OS;
  const LoweredFunction &LF;
  const Function &F;
  const EmitContext &Ctx;
  std::map<std::string, std::pair<unsigned, ScalarKind>> Resident;
  std::map<std::string, unsigned> OutSlots;
  /// The resident scalars declared in scope at each host statement.
  std::map<const Stmt *, std::set<std::string>> ResidentScope;
  std::map<std::string, const ArrayPlan *> Plans;
  /// Arrays with a plan that host statements touch.
  std::set<std::string> HostTouched;
};

void HostBodyPrinter::toHost(const std::set<std::string> &Arrays,
                             const SourceLoc &Loc, unsigned Indent) {
  const EmitContext &Ctx = FP.context();
  for (const std::string &Name : Arrays) {
    const ArrayPlan *A = FP.plan(Name);
    // Only the device changes device-resident arrays behind the host's back;
    // the host copy of an array the device never writes is always current.
    if (!A || !A->WrittenOnDevice)
      continue;
    indent(OS, Indent);
    OS << "c2c_copy(" << bodyData(*FP.function().findParam(Name)) << ", "
       << deviceName(Name) << ", " << countName(Name) << ", " << sizeOf(*A)
       << ", cudaMemcpyDeviceToHost, "
       << cString("cudaMemcpy of '" + Name + "' to the host") << ", "
       << cString(FP.function().Name) << ", " << cString(Ctx.from(Loc))
       << ");\n";
  }
}

void HostBodyPrinter::toDevice(const std::set<std::string> &Arrays,
                               const SourceLoc &Loc, unsigned Indent) {
  const EmitContext &Ctx = FP.context();
  for (const std::string &Name : Arrays) {
    const ArrayPlan *A = FP.plan(Name);
    if (!A)
      continue;
    indent(OS, Indent);
    OS << "c2c_copy(" << deviceName(Name) << ", "
       << bodyData(*FP.function().findParam(Name)) << ", " << countName(Name)
       << ", " << sizeOf(*A) << ", cudaMemcpyHostToDevice, "
       << cString("cudaMemcpy of '" + Name + "' to the device") << ", "
       << cString(FP.function().Name) << ", " << cString(Ctx.from(Loc))
       << ");\n";
  }
}

void HostBodyPrinter::scalarsToHost(const std::set<std::string> &Names,
                                    const std::set<std::string> &InScope,
                                    const SourceLoc &Loc, unsigned Indent) {
  for (const std::string &N : Names) {
    auto It = FP.residentScalars().find(N);
    if (It != FP.residentScalars().end() && InScope.count(N))
      copyScalar(N, It->second.second, true, cString(FP.function().Name),
                 cString(FP.context().from(Loc)), Indent);
  }
}

void HostBodyPrinter::copyScalar(const std::string &N, ScalarKind T,
                                 bool ToHost, const std::string &Where,
                                 const std::string &From, unsigned Indent) {
  std::string Flag = (ToHost ? "c2c_dd_" : "c2c_hd_") + N;
  std::string Host = "&" + N, Slot = scalarBufferName(N);
  indent(OS, Indent);
  OS << "if (" << Flag << ") {\n";
  indent(OS, Indent + 1);
  OS << "c2c_check(cudaMemcpy(" << (ToHost ? Host : Slot) << ", "
     << (ToHost ? Slot : Host) << ", sizeof(" << spelling(T) << "), "
     << (ToHost ? "cudaMemcpyDeviceToHost" : "cudaMemcpyHostToDevice") << "), "
     << cString("cudaMemcpy of scalar '" + N + "' to the " +
                (ToHost ? "host" : "device"))
     << ", " << Where << ", " << From << ");\n";
  indent(OS, Indent + 1);
  OS << Flag << " = false;\n";
  indent(OS, Indent);
  OS << "}\n";
}

void HostBodyPrinter::hostWroteScalars(const std::set<std::string> &Names,
                                       const std::set<std::string> &InScope,
                                       unsigned Indent) {
  for (const std::string &N : Names)
    if (FP.residentScalars().count(N) && InScope.count(N)) {
      indent(OS, Indent);
      OS << "c2c_hd_" << N << " = true;\n";
    }
}

/// Names of the scalars E reads.
static std::set<std::string> namesIn(const Expr &E) {
  std::map<std::string, ScalarKind> Vars;
  collectVars(E, Vars);
  std::set<std::string> Out;
  for (const auto &[N, T] : Vars)
    Out.insert(N);
  return Out;
}

bool HostBodyPrinter::foldsBreakGuard(const IfStmt &Guard) const {
  std::set<std::string> Names = namesIn(*Guard.Cond);
  return std::none_of(Names.begin(), Names.end(), [&](const std::string &N) {
    return FP.residentScalars().count(N) > 0;
  });
}

void HostBodyPrinter::beforeStmt(const Stmt &S, unsigned Indent) {
  // Host loops, ifs and assignments around launches: bring what their
  // expressions read (headers only for loops and ifs; bodies are statements
  // of their own).
  ArrayAccesses Acc;
  std::set<std::string> Read;
  auto Reads = [&](const Expr &E) {
    collectArrays(E, Acc);
    std::set<std::string> N = namesIn(E);
    Read.insert(N.begin(), N.end());
  };
  if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
    // The target too: a partial write must not push stale elements.
    Reads(*A->LHS);
    Reads(*A->RHS);
  } else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
    if (D->Init)
      Reads(*D->Init);
  } else if (const auto *I = llvm::dyn_cast<IfStmt>(&S)) {
    Reads(*I->Cond);
  } else if (const auto *F = llvm::dyn_cast<ForStmt>(&S)) {
    Reads(*F->Lower);
    Reads(*F->Upper);
  }
  toHost(Acc.all(), S.Loc, Indent);
  scalarsToHost(Read, FP.residentInScope(S), S.Loc, Indent);
}

void HostBodyPrinter::afterStmt(const Stmt &S, unsigned Indent) {
  if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
    if (const auto *R = llvm::dyn_cast<ArrayRef>(A->LHS.get()))
      toDevice({R->Array}, S.Loc, Indent);
    else if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get()))
      hostWroteScalars({V->Name}, FP.residentInScope(S), Indent);
  } else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
    // A resident scalar's slot, in its variable's scope. Host and slot are
    // both as good as uninitialized until one is written.
    auto It = FP.residentScalars().find(D->Name);
    if (It == FP.residentScalars().end())
      return;
    std::string T = spelling(It->second.second), N = D->Name;
    indent(OS, Indent);
    OS << T << " *" << scalarBufferName(N) << " = (" << T << " *)c2c_slots.at("
       << It->second.first << ");\n";
    indent(OS, Indent);
    OS << "[[maybe_unused]] bool c2c_hd_" << N << " = "
       << (D->Init ? "true" : "false") << ", c2c_dd_" << N << " = false;\n";
  }
}

void HostBodyPrinter::printOther(const Stmt &S, unsigned Indent) {
  switch (S.getKind()) {
  case Stmt::Kind::HostCode: {
    const auto &H = llvm::cast<HostCode>(S);
    // Each entry point ran it first, with the caller's pointers (the body's
    // host pointers may be null: _device's where host code touches none).
    if (H.EntryGuard)
      return;
    std::set<std::string> Touched = H.ArraysRead;
    Touched.insert(H.ArraysWritten.begin(), H.ArraysWritten.end());
    // A statement that writes some elements must not push stale values of
    // the others, so written arrays come to the host first too.
    toHost(Touched, H.Loc, Indent);
    // Resident scalars only appear in statements lowering moved here
    // (their Body); a conditional assignment keeps the old value, so its
    // target comes to the host too.
    std::set<std::string> Names;
    for (const StmtPtr &B : H.Body) {
      const auto *A = llvm::dyn_cast<AssignStmt>(B.get());
      std::map<std::string, ScalarKind> Named;
      if (A && A->Op == AssignOpKind::Set && llvm::isa<VarRef>(*A->LHS))
        collectVars(*A->RHS, Named);
      else
        collectVars(StmtList{B}, Named);
      for (const auto &[N, T] : Named)
        Names.insert(N);
    }
    scalarsToHost(Names, FP.residentInScope(S), H.Loc, Indent);
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    llvm::StringRef(H.Text).rtrim().split(Lines, '\n');
    for (llvm::StringRef L : Lines) {
      indent(OS, Indent);
      OS << L.rtrim() << '\n';
    }
    toDevice(H.ArraysWritten, H.Loc, Indent);
    hostWroteScalars(H.ScalarsWritten, FP.residentInScope(S), Indent);
    return;
  }
  case Stmt::Kind::HostRegion: {
    const auto &R = llvm::cast<HostRegion>(S);
    // Nothing may stand between "}" and "else": the if's header already
    // brought what the else region's header would read.
    if (R.RegionForm != HostRegion::Form::Else)
      toHost(R.HeaderArraysRead, R.Loc, Indent);
    indent(OS, Indent);
    OS << llvm::StringRef(R.Open).trim() << '\n';
    printStmts(R.Body, Indent + 1);
    // The header is evaluated again after each pass (loop conditions).
    toHost(R.HeaderArraysRead, R.Loc, Indent + 1);
    indent(OS, Indent);
    OS << llvm::StringRef(R.Close).trim() << '\n';
    return;
  }
  case Stmt::Kind::Launch:
    printLaunch(llvm::cast<LaunchStmt>(S).KernelIndex, Indent);
    return;
  default:
    internalError(FP.function(), "unexpected statement in the host body");
  }
}

/// Blocks of K along dimension D, as a long long expression.
std::string blockCountText(const Kernel &K, unsigned D) {
  const Expr *E = K.GridDims[D].get();
  if (!E)
    return "1LL";
  if (E->Type == ScalarKind::Long)
    return exprToString(*E);
  return "(long long)(" + exprToString(*E) + ")";
}

/// The time one block of K takes (Kernel::BlockTime), as a double
/// expression.
std::string blockTimeText(const Kernel &K) {
  if (K.BlockTimeExpr)
    return exprToString(*K.BlockTimeExpr);
  return std::to_string(K.BlockTime);
}

void HostBodyPrinter::printLaunch(unsigned KernelIndex, unsigned Indent) {
  const LoweredFunction &LF = FP.lowered();
  if (KernelIndex >= LF.Kernels.size())
    internalError(FP.function(), "launch of a kernel that does not exist");
  const Kernel &K = LF.Kernels[KernelIndex];
  // A split reduction's blocks add into the zeros its first kernel sets.
  if (K.LaunchFirst >= 0)
    printLaunch(static_cast<unsigned>(K.LaunchFirst), Indent);
  std::vector<KernelParam> Params = kernelParams(K, FP.function());
  std::string Name = cString(K.Name), From = cString(FP.context().from(K.Loc));

  // Resident scalars: the host's grid arithmetic may read one a kernel
  // wrote; the kernel reads its slot, which must hold what the host wrote.
  std::set<std::string> GridReads;
  for (const GridLoop &G : K.Grid) {
    std::set<std::string> N = namesIn(*G.TripCount);
    GridReads.insert(N.begin(), N.end());
  }
  for (const ExprPtr &D : K.GridDims)
    if (D) {
      std::set<std::string> N = namesIn(*D);
      GridReads.insert(N.begin(), N.end());
    }
  std::set<std::string> KernelResident;
  for (const KernelScalar &KS : K.Scalars)
    if (KS.Resident)
      KernelResident.insert(KS.Name);
  scalarsToHost(GridReads, KernelResident, K.Loc, Indent);
  for (const KernelParam &P : Params)
    if (P.Resident)
      copyScalar(P.Name, P.Type, false, Name, From, Indent);

  indent(OS, Indent);
  OS << "{\n";
  unsigned In = Indent + 1;
  printComment(OS, "Launch " + K.Name + " (" + FP.context().from(K.Loc) + ").",
               In);
  for (const GridLoop &G : K.Grid) {
    indent(OS, In);
    OS << "const long long " << tripName(G.Dim) << " = "
       << exprToString(*G.TripCount) << ";\n";
  }
  static const char *Max[] = {"2147483647LL", "65535LL", "65535LL"};
  // An explicit-threads kernel: the lowering gives the blocks per
  // dimension; the kernel loops over its tiles with a grid stride, so
  // clamping to the hardware limits is safe.
  bool Guarded = !K.Grid.empty() || K.ExplicitThreads;
  if (K.ExplicitThreads) {
    for (unsigned D = 0; D < 3; ++D) {
      indent(OS, In);
      OS << "const long long " << blocksName(D) << " = " << blockCountText(K, D)
         << ";\n";
    }
    // Too few tiles for the GPU and a reduction that may be split: the
    // split kernel (after its zeroing kernel) where it splits in two or
    // more (SplitReductions.h).
    bool Split = K.SplitAlternative >= 0;
    if (Split) {
      const Kernel &S = LF.Kernels[K.SplitAlternative];
      indent(OS, In);
      OS << "if (" << blockCountText(S, 1) << " >= 2LL) {\n";
      printLaunch(static_cast<unsigned>(K.SplitAlternative), In + 1);
      indent(OS, In);
      OS << "} else ";
    }
    // Too few blocks for the GPU: the same computation in smaller tiles,
    // where one of them takes less time (the alternative launched then
    // picks among itself and those after it).
    int Alt = K.FewBlocksAlternative;
    if (Alt >= 0) {
      std::string Fastest;
      for (int I = Alt; I >= 0; I = LF.Kernels[I].FewBlocksAlternative) {
        const Kernel &A = LF.Kernels[I];
        std::string T = "c2c_grid_time((" + blockCountText(A, 0) + ") * (" +
                        blockCountText(A, 1) + ") * (" + blockCountText(A, 2) +
                        "), " + blockTimeText(A) + ")";
        // A fused shape that does not fit is never the fastest.
        if (A.FitsWhen)
          T = "(" + exprToString(*A.FitsWhen) + " ? " + T + " : HUGE_VAL)";
        Fastest = Fastest.empty() ? T : "fmin(" + Fastest + ", " + T + ")";
      }
      if (!Split)
        indent(OS, In);
      OS << "if (";
      if (K.MinBlocksPerSm)
        OS << blocksName(0) << " * " << blocksName(1) << " * " << blocksName(2)
           << " < " << K.MinBlocksPerSm << "LL * c2c_sm_count() || ";
      OS << Fastest << " < c2c_grid_time(" << blocksName(0) << " * "
         << blocksName(1) << " * " << blocksName(2) << ", " << blockTimeText(K)
         << ")) {\n";
      printLaunch(static_cast<unsigned>(Alt), In + 1);
      indent(OS, In);
      OS << "} else ";
    }
    // No tile (or a bad count) launches nothing; a 0-sized grid would be a
    // launch error.
    if (Alt < 0 && !Split)
      indent(OS, In);
    OS << "if (" << blocksName(0) << " > 0 && " << blocksName(1) << " > 0 && "
       << blocksName(2) << " > 0) {\n";
    ++In;
    indent(OS, In);
    OS << "const dim3 c2c_grid(";
    for (unsigned D = 0; D < 3; ++D)
      OS << (D ? ", " : "") << "c2c_clamp_blocks(" << blocksName(D) << ", "
         << Max[D] << ")";
    OS << ");\n";
    indent(OS, In);
    OS << "const dim3 c2c_block(" << blockDim(K, 0) << "u, " << blockDim(K, 1)
       << "u, " << blockDim(K, 2) << "u);\n";
  } else if (!K.Grid.empty()) {
    // An empty iteration space launches nothing (and a 0-sized grid would
    // be a launch error).
    indent(OS, In);
    OS << "if (";
    for (size_t I = 0; I < K.Grid.size(); ++I)
      OS << (I ? " && " : "") << tripName(K.Grid[I].Dim) << " > 0";
    OS << ") {\n";
    ++In;
    bool Fit = K.FitBlockToTrip && K.Grid.size() == 1 && K.Grid[0].Dim == 0;
    if (Fit) {
      indent(OS, In);
      OS << "const unsigned c2c_bx = c2c_fit_block(" << tripName(0) << ", "
         << blockDim(K, 0) << "u);\n";
    }
    indent(OS, In);
    OS << "const dim3 c2c_grid(";
    for (unsigned D = 0; D < 3; ++D) {
      OS << (D ? ", " : "");
      bool Mapped = false;
      for (const GridLoop &G : K.Grid)
        Mapped |= G.Dim == D;
      if (Mapped && Fit)
        OS << "c2c_grid_dim(" << tripName(D) << ", c2c_bx, " << Max[D] << ")";
      else if (Mapped)
        OS << "c2c_grid_dim(" << tripName(D) << ", " << blockDim(K, D)
           << (coarsening(K, D) > 1
                   ? "u * " + std::to_string(coarsening(K, D)) + "u"
                   : std::string())
           << ", " << Max[D] << ")";
      else
        OS << "1u";
    }
    OS << ");\n";
    indent(OS, In);
    if (Fit)
      OS << "const dim3 c2c_block(c2c_bx, 1u, 1u);\n";
    else
      OS << "const dim3 c2c_block(" << blockDim(K, 0) << "u, " << blockDim(K, 1)
         << "u, " << blockDim(K, 2) << "u);\n";
  }
  // The kernel reads these arrays scaled: their scaled copies take their
  // place in its arguments.
  for (const Kernel::PrescaledArray &S : K.Prescaled) {
    const ArrayPlan *A = FP.plan(S.Array);
    if (!A)
      internalError(FP.function(),
                    "scaled copy of '" + S.Array + "', which no kernel uses");
    std::string T = spelling(A->Elem), Scaled = scaledCopyName(S.Array);
    indent(OS, In);
    // Read-only in the kernel, so its parameter is a pointer to const.
    OS << "const " << T << " *" << Scaled << " = c2c_prescale<" << T << ">("
       << prescaleBufferName(S.Array) << ", (const " << T << " *)"
       << deviceName(S.Array) << ", (" << T << ")(" << exprToString(*S.Scale)
       << "), " << countName(S.Array) << ", " << Name << ", " << From << ");\n";
    for (KernelParam &P : Params)
      if (P.K == KernelParam::Kind::Array && P.Name == S.Array)
        P.Arg = Scaled;
  }
  for (const KernelParam &P : Params) {
    if (P.K != KernelParam::Kind::ScalarOut || P.Resident)
      continue;
    std::string B = scalarBufferName(P.Name), T = spelling(P.Type);
    indent(OS, In);
    OS << T << " *" << B << " = (" << T << " *)c2c_slots.at("
       << FP.outSlot(P.Name) << ");\n";
    indent(OS, In);
    OS << "c2c_check(cudaMemcpy(" << B << ", &" << P.Name << ", sizeof(" << T
       << "), cudaMemcpyHostToDevice), "
       << cString("cudaMemcpy of scalar '" + P.Name + "' to the device") << ", "
       << Name << ", " << From << ");\n";
  }
  SharedLayout Shared = sharedLayout(K);
  if (Shared.dynamic()) {
    indent(OS, In);
    OS << "c2c_allow_shared((const void *)" << K.Name << ", " << Shared.Bytes
       << "LL, " << Name << ", " << From << ");\n";
  }
  indent(OS, In);
  OS << K.Name << "<<<" << (Guarded ? "c2c_grid, c2c_block" : "1, 1");
  if (Shared.dynamic())
    OS << ", " << Shared.Bytes;
  OS << ">>>(";
  for (size_t I = 0; I < Params.size(); ++I)
    OS << (I ? ", " : "") << Params[I].Arg;
  OS << ");\n";
  indent(OS, In);
  OS << "c2c_check_launch(" << Name << ", " << From << ");\n";
  for (const KernelParam &P : Params) {
    if (P.K != KernelParam::Kind::ScalarOut || P.Resident)
      continue;
    std::string B = scalarBufferName(P.Name), T = spelling(P.Type);
    indent(OS, In);
    OS << "c2c_check(cudaMemcpy(&" << P.Name << ", " << B << ", sizeof(" << T
       << "), cudaMemcpyDeviceToHost), "
       << cString("cudaMemcpy of scalar '" + P.Name + "' to the host") << ", "
       << Name << ", " << From << ");\n";
  }
  if (Guarded) {
    indent(OS, Indent + 1);
    OS << "}\n";
  }
  indent(OS, Indent);
  OS << "}\n";
  for (const KernelParam &P : Params)
    if (P.K == KernelParam::Kind::ScalarOut && P.Resident) {
      indent(OS, Indent);
      OS << "c2c_dd_" << P.Name << " = true;\n";
    }
}

} // namespace

bool needsVlaView(const Function &F) {
  for (const Param &P : F.Params)
    if (isVla(P))
      return true;
  return false;
}

void printEntrySignature(llvm::raw_ostream &OS, const Function &F,
                         const std::string &Name) {
  OS << (F.IsStatic ? "[[maybe_unused]] static " : "extern \"C\" ")
     << F.ReturnType << ' ' << Name << '(';
  bool First = true;
  for (const Param &P : F.Params) {
    if (P.IsGlobal)
      continue;
    OS << (First ? "" : ", ") << abiParamDecl(P);
    First = false;
  }
  if (First)
    OS << "void";
  OS << ") {\n";
}

void printHostEntries(llvm::raw_ostream &OS, const LoweredFunction &LF,
                      const EmitContext &Ctx) {
  if (!LF.Source)
    llvm::report_fatal_error("c2cuda codegen: lowered function without "
                             "source");
  FunctionPrinter(OS, LF, Ctx).print();
}

} // namespace codegen
} // namespace c2cuda
