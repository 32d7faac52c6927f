//===- TextReport.cpp - `c2cuda analyze` as readable text ----------------===//
//
// Renders the JSON report; nothing here computes, so the text and --json
// outputs always agree.
//
//===----------------------------------------------------------------------===//

#include "report/AnalyzeReport.h"

#include "llvm/Support/Format.h"

using namespace c2cuda;
using nlohmann::json;

namespace {

std::string str(const json &J) {
  if (J.is_null())
    return "?";
  if (J.is_string())
    return J.get<std::string>();
  return J.dump();
}

std::string humanBytes(const json &B) {
  if (!B.is_number())
    return "";
  double V = B.get<double>();
  const char *Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int U = 0;
  while (V >= 1024 && U < 4) {
    V /= 1024;
    ++U;
  }
  char Buf[32];
  snprintf(Buf, sizeof Buf, U ? "%.1f %s" : "%.0f %s", V, Units[U]);
  return Buf;
}

void printLoops(llvm::raw_ostream &OS, const json &Nest) {
  OS << "    loops:\n";
  for (const json &L : Nest["loops"]) {
    std::string Indent(2 * L["depth"].get<unsigned>(), ' ');
    OS << "      " << Indent << L["iterator"].get<std::string>() << "  "
       << str(L["class"]);
    if (L["class"] == "reduction") {
      OS << " (";
      bool First = true;
      for (const json &R : L["reductions"]) {
        OS << (First ? "" : ", ") << str(R["op"]) << " into "
           << str(R["target"]);
        First = false;
      }
      OS << ")";
    } else if (L["class"] == "sequential") {
      OS << ": " << str(L["reason"]);
      if (!L["blocking"].is_null())
        OS << " [" << str(L["blocking"]["kind"]) << ", distance "
           << str(L["blocking"]["distance"]) << "]";
    }
    OS << "   (" << str(L["location"]) << ")\n";
  }
}

void printReferences(llvm::raw_ostream &OS, const json &Nest) {
  OS << "    references:\n";
  for (const json &R : Nest["references"]) {
    OS << "      " << str(R["text"]) << "  " << str(R["access"]);
    std::string Strides;
    for (auto &[Iter, S] : R["strides"].items())
      if (!S.is_null())
        Strides += (Strides.empty() ? "" : ", ") + Iter + ":" + S.dump();
    if (!Strides.empty())
      OS << "  strides " << Strides;
    if (!R["affine"].get<bool>())
      OS << "  not affine: " << str(R["non_affine_reason"]);
    OS << "\n";
  }
}

void printArrays(llvm::raw_ostream &OS, const json &Nest) {
  OS << "    arrays:\n";
  for (const json &A : Nest["arrays"]) {
    OS << "      " << str(A["name"]) << "  " << str(A["element_type"]) << "  "
       << (A["read"].get<bool>() ? "read" : "")
       << (A["read"].get<bool>() && A["written"].get<bool>() ? "/" : "")
       << (A["written"].get<bool>() ? "written" : "") << "  extent "
       << str(A["extent"]);
    if (A["elements"].is_number())
      OS << " = " << A["elements"].dump() << " elements ("
         << humanBytes(A["bytes"]) << ")";
    OS << "\n";
  }
}

void printKernel(llvm::raw_ostream &OS, const json &K) {
  OS << "  kernel " << str(K["name"]) << " (nest " << K["nest"].dump() << "): ";
  if (K.contains("blocks")) {
    OS << "tiled, grid";
    bool First = true;
    for (const json &B : K["blocks"]) {
      if (!First && str(B["count"]) == "1LL")
        continue; // An unused dimension.
      OS << (First ? " " : " x ") << "(" << str(B["count"]);
      if (B["value"].is_number())
        OS << " = " << B["value"].dump();
      OS << ")";
      First = false;
    }
    OS << " blocks; block " << K["block"][0].dump() << "x"
       << K["block"][1].dump() << "x" << K["block"][2].dump() << "\n";
  } else if (K["grid"].empty()) {
    OS << "single thread\n";
  } else {
    bool First = true;
    for (const json &G : K["grid"]) {
      OS << (First ? "" : ", ") << str(G["iterator"]) << " -> " << str(G["dim"])
         << " (" << str(G["trip_count"]);
      if (G["trips"].is_number())
        OS << " = " << G["trips"].dump();
      OS << ")";
      First = false;
    }
    OS << "; block " << K["block"][0].dump() << "x" << K["block"][1].dump()
       << "x" << K["block"][2].dump() << "\n";
  }
  OS << "    schedule: " << str(K["schedule"]) << "\n";
  for (const json &D : K["decisions"])
    OS << "    " << str(D) << "\n";
  if (K.contains("accesses")) {
    OS << "    warp requests"
       << (K.contains("mapping_basis")
               ? " (of the untiled mapping; the tile loads are in the "
                 "decisions above)"
               : "")
       << ":\n";
    for (const json &A : K["accesses"]) {
      OS << "      " << str(A["reference"]) << "  ";
      if (A["sectors"].is_number())
        OS << A["sectors"].dump() << " sectors (ideal "
           << A["ideal_sectors"].dump() << ")";
      else
        OS << "sectors unknown";
      if (A["stride_elements"].is_number())
        OS << ", stride " << A["stride_elements"].dump();
      if (A.value("broadcast", false))
        OS << ", broadcast";
      OS << "\n";
    }
  }
  if (K.contains("promotion") && !K["promotion"].empty()) {
    OS << "    promotion candidates:\n";
    for (const json &P : K["promotion"]) {
      OS << "      " << str(P["array"]) << " -> " << str(P["to"]);
      if (P.contains("footprint_elements"))
        OS << ", tile footprint " << str(P["footprint_elements"])
           << " elements";
      if (P.contains("traffic_saved"))
        OS << ", saves " << str(P["traffic_saved"]) << " of its loads";
      if (P.contains("why"))
        OS << " (" << str(P["why"]) << ")";
      OS << "\n";
    }
  }
  if (K.contains("occupancy") && !K["occupancy"].is_null()) {
    const json &O = K["occupancy"];
    OS << "    occupancy (compute capability " << str(O["compute_capability"])
       << "): " << str(O["registers_per_thread"]) << " registers/thread ("
       << str(O["registers_source"]) << "), " << str(O["shared_bytes"])
       << " B shared, " << str(O["active_blocks_per_sm"]) << " blocks/SM, "
       << str(O["active_warps_per_sm"]) << " warps/SM, ";
    if (O["occupancy"].is_number())
      OS << llvm::format("%.0f%%", 100 * O["occupancy"].get<double>());
    OS << ", limited by " << str(O["limited_by"]) << "\n";
  }
}

} // namespace

void c2cuda::printAnalyzeReport(llvm::raw_ostream &OS, const json &Report) {
  OS << "c2cuda analyze: " << str(Report["source"]);
  if (!Report["sizes"].empty()) {
    OS << " with";
    for (auto &[Name, V] : Report["sizes"].items())
      OS << " " << Name << "=" << V.dump();
  }
  OS << ", compute capability " << str(Report["compute_capability"]) << "\n";
  for (const json &F : Report["functions"]) {
    OS << "\nfunction " << str(F["name"]) << " (" << str(F["location"])
       << ")\n";
    for (const json &N : F["nests"]) {
      OS << "  nest " << N["id"].dump() << " at " << str(N["location"]) << "\n";
      printLoops(OS, N);
      printReferences(OS, N);
      printArrays(OS, N);
    }
    for (const json &K : F["kernels"])
      printKernel(OS, K);
    if (!F["remarks"].empty()) {
      OS << "  remarks:\n";
      for (const json &R : F["remarks"]) {
        OS << "    " << str(R["location"]) << ": " << str(R["kind"]) << ": "
           << str(R["message"]) << "\n";
        if (R["hint"].is_string() && !R["hint"].get<std::string>().empty())
          OS << "      hint: " << str(R["hint"]) << "\n";
      }
    }
  }
}
