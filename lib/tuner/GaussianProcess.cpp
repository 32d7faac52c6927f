//===- GaussianProcess.cpp - A small Gaussian-process regression ----------===//

#include "tuner/GaussianProcess.h"

#include <algorithm>
#include <cmath>

namespace c2cuda {
namespace tuner {

/// The ladders select() climbs: length scales in units of a feature's
/// range (0.125: only neighbouring values are alike; 16: the feature does
/// not matter), the noise ratio and the prior's slope.
static const double LengthLadder[] = {0.125, 0.25, 0.5, 1, 2, 4, 16};
static const double NoiseLadder[] = {1e-4, 1e-3, 1e-2, 1e-1};
static const double SlopeLadder[] = {0, 0.25, 0.5, 0.75, 1};
/// The prior on a length scale: ln(l / PriorLength) ~ N(0, PriorWidth^2),
/// half a feature's range, within a factor of 2 at one sigma.
static const double PriorLength = 0.5, PriorWidth = 0.7;

double GaussianProcess::correlation(const std::vector<double> &A,
                                    const std::vector<double> &B) const {
  double R2 = 0;
  for (size_t I = 0; I < A.size(); ++I) {
    double D = (A[I] - B[I]) / H.LengthScales[I];
    R2 += D * D;
  }
  double R = std::sqrt(5 * R2);
  return (1 + R + R * R / 3) * std::exp(-R);
}

void GaussianProcess::forward(std::vector<double> &B) const {
  size_t N = X.size();
  for (size_t I = 0; I < N; ++I) {
    double S = B[I];
    for (size_t J = 0; J < I; ++J)
      S -= L[I * N + J] * B[J];
    B[I] = S / L[I * N + I];
  }
}

bool GaussianProcess::fit(const std::vector<std::vector<double>> &Points,
                          const std::vector<double> &Prior,
                          const std::vector<double> &Y,
                          const GpHyperparameters &Hyper) {
  size_t N = Points.size();
  if (N == 0 || Y.size() != N || Prior.size() != N)
    return false;
  GaussianProcess G;
  G.H = Hyper;
  G.X = Points;
  G.L.assign(N * N, 0);
  // Cholesky of the correlation matrix plus the noise ratio.
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J <= I; ++J) {
      double S = G.correlation(Points[I], Points[J]) + (I == J ? G.H.Noise : 0);
      for (size_t K = 0; K < J; ++K)
        S -= G.L[I * N + K] * G.L[J * N + K];
      if (I == J) {
        if (!(S > 0))
          return false;
        G.L[I * N + I] = std::sqrt(S);
      } else {
        G.L[I * N + J] = S / G.L[J * N + J];
      }
    }
  for (size_t I = 0; I < N; ++I)
    G.Offset += (Y[I] - G.H.Slope * Prior[I]) / N;
  std::vector<double> Z(N);
  for (size_t I = 0; I < N; ++I)
    Z[I] = Y[I] - G.Offset - G.H.Slope * Prior[I];
  G.forward(Z);
  // Alpha = L^-T Z.
  G.Alpha = Z;
  for (size_t I = N; I-- > 0;) {
    double S = G.Alpha[I];
    for (size_t J = I + 1; J < N; ++J)
      S -= G.L[J * N + I] * G.Alpha[J];
    G.Alpha[I] = S / G.L[I * N + I];
  }
  double Quad = 0, LogDet = 0;
  for (size_t I = 0; I < N; ++I) {
    Quad += Z[I] * Z[I];
    LogDet += std::log(G.L[I * N + I]);
  }
  G.SignalVariance = std::max(Quad / N, 1e-12);
  G.LogLikelihood = -0.5 * N * std::log(G.SignalVariance) - LogDet;
  *this = std::move(G);
  return true;
}

void GaussianProcess::predict(const std::vector<double> &Point, double Prior,
                              double &Mean, double &Stddev) const {
  size_t N = X.size();
  std::vector<double> K(N);
  for (size_t I = 0; I < N; ++I)
    K[I] = correlation(Point, X[I]);
  Mean = Offset + H.Slope * Prior;
  for (size_t I = 0; I < N; ++I)
    Mean += K[I] * Alpha[I];
  forward(K);
  double Var = 1;
  for (double V : K)
    Var -= V * V;
  Stddev = std::sqrt(std::max(Var, 0.0) * SignalVariance);
}

/// The objective select() maximizes: the fit's likelihood plus the prior.
static double score(const GaussianProcess &G, const GpHyperparameters &H) {
  double S = G.logLikelihood();
  for (double Len : H.LengthScales) {
    double Z = std::log(Len / PriorLength) / PriorWidth;
    S -= 0.5 * Z * Z;
  }
  return S;
}

GpHyperparameters
GaussianProcess::select(const std::vector<std::vector<double>> &Points,
                        const std::vector<double> &Prior,
                        const std::vector<double> &Y,
                        const GpHyperparameters &Start) {
  GpHyperparameters Best = Start;
  GaussianProcess G;
  double BestScore = G.fit(Points, Prior, Y, Best) ? score(G, Best) : -HUGE_VAL;
  auto Try = [&](const GpHyperparameters &H) {
    if (G.fit(Points, Prior, Y, H) && score(G, H) > BestScore) {
      BestScore = score(G, H);
      Best = H;
    }
  };
  for (int Pass = 0; Pass < 2; ++Pass) {
    for (size_t F = 0; F < Start.LengthScales.size(); ++F)
      for (double Len : LengthLadder) {
        GpHyperparameters H = Best;
        H.LengthScales[F] = Len;
        Try(H);
      }
    for (double Slope : SlopeLadder) {
      GpHyperparameters H = Best;
      H.Slope = Slope;
      Try(H);
    }
    for (double Noise : NoiseLadder) {
      GpHyperparameters H = Best;
      H.Noise = Noise;
      Try(H);
    }
  }
  return Best;
}

} // namespace tuner
} // namespace c2cuda
