//===- Sensitivity.cpp - How much each parameter matters ------------------===//

#include "tuner/Sensitivity.h"

#include <algorithm>
#include <set>

namespace c2cuda {
namespace tuner {

static double medianOf(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

std::vector<ParamSensitivity> computeSensitivity(const Bundle &B,
                                                 const TuningRun &R) {
  // The Ok evaluations that are points of the space.
  std::vector<const Evaluation *> Ok;
  std::set<std::string> Seen;
  for (const Evaluation &E : R.Results) {
    if (E.Status != EvalStatus::Ok || E.Time.MedianMs <= 0)
      continue;
    if (E.Role != "candidate" && E.Role != "default")
      continue;
    if (!Seen.insert(E.VariantId).second)
      continue;
    Ok.push_back(&E);
  }

  std::vector<ParamSensitivity> Out;
  for (const Parameter &P : B.Params) {
    ParamSensitivity S;
    S.Name = P.Name;
    double Lo = 0, Hi = 0;
    for (const nlohmann::json &V : P.Values) {
      ValueStats VS;
      VS.Value = V;
      std::vector<double> Times;
      for (const Evaluation *E : Ok) {
        if (!E->Params.is_object())
          continue;
        auto It = E->Params.find(P.Name);
        if (It != E->Params.end() && *It == V)
          Times.push_back(E->Time.MedianMs);
      }
      VS.Ok = Times.size();
      if (!Times.empty()) {
        VS.MedianMs = medianOf(Times);
        VS.BestMs = *std::min_element(Times.begin(), Times.end());
        if (S.MeasuredValues == 0) {
          Lo = Hi = VS.BestMs;
        } else {
          Lo = std::min(Lo, VS.BestMs);
          Hi = std::max(Hi, VS.BestMs);
        }
        ++S.MeasuredValues;
      }
      S.Values.push_back(std::move(VS));
    }
    S.Factor = S.MeasuredValues >= 2 && Lo > 0 ? Hi / Lo : 1;
    Out.push_back(std::move(S));
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const ParamSensitivity &A, const ParamSensitivity &B) {
                     if (A.Factor != B.Factor)
                       return A.Factor > B.Factor;
                     return A.Name < B.Name;
                   });
  return Out;
}

nlohmann::json sensitivityToJson(const std::vector<ParamSensitivity> &S) {
  nlohmann::json Params = nlohmann::json::array();
  for (const ParamSensitivity &P : S) {
    nlohmann::json Values = nlohmann::json::array();
    for (const ValueStats &V : P.Values) {
      nlohmann::json J = {{"value", V.Value}, {"ok", V.Ok}};
      J["median_ms"] = V.Ok ? nlohmann::json(V.MedianMs) : nlohmann::json();
      J["best_ms"] = V.Ok ? nlohmann::json(V.BestMs) : nlohmann::json();
      Values.push_back(std::move(J));
    }
    Params.push_back({{"name", P.Name},
                      {"factor", P.Factor},
                      {"measured_values", P.MeasuredValues},
                      {"values", std::move(Values)}});
  }
  return {{"method",
           "per value of each parameter, over the Ok candidate and default "
           "variants: median of their median times, best time, count; "
           "factor = worst per-value best / best per-value best"},
          {"parameters", std::move(Params)}};
}

} // namespace tuner
} // namespace c2cuda
