//===- GaussianProcess.h - A small Gaussian-process regression -*- C++ -*-===//
//
// Regression of y on points x of the unit box [0,1]^d, for the few dozen
// evaluations a search makes. Each point also carries a prior value p (a
// search passes the cost model's log predicted time), and the model is
//
//   y = c + b p + f(x) + noise,
//
// with c the mean of y - b p over the data, b the prior's slope (0: the
// prior says nothing, 1: it is right up to a constant) and f a Gaussian
// process with the Matern 5/2 kernel
//
//   k(x, x') = s2 (1 + sqrt(5) r + 5/3 r^2) exp(-sqrt(5) r),
//   r^2 = sum_i ((x_i - x'_i) / l_i)^2,
//
// one length scale l_i per feature (a long one says that the feature does
// not matter), and noise of variance Noise * s2. Given the rest, the signal
// variance s2 that maximizes the likelihood has a closed form; the length
// scales, Noise and b are chosen from fixed ladders by coordinate ascent on
// the log marginal likelihood plus a log-normal prior on each length scale
// (which keeps a fit to five points from calling every feature decisive).
// The linear algebra is a Cholesky factorization of the n x n kernel
// matrix, by hand.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_GAUSSIANPROCESS_H
#define C2CUDA_TUNER_GAUSSIANPROCESS_H

#include <cstddef>
#include <vector>

namespace c2cuda {
namespace tuner {

struct GpHyperparameters {
  std::vector<double> LengthScales; ///< One per feature.
  double Noise = 1e-3;              ///< Noise variance / signal variance.
  double Slope = 1;                 ///< b, of the prior mean on p.
};

class GaussianProcess {
public:
  /// Fits the process to X (n points of d features), their prior values
  /// and Y (n values each) with H; false (and the fit unchanged) when the
  /// kernel matrix is not positive definite or there is no point.
  bool fit(const std::vector<std::vector<double>> &X,
           const std::vector<double> &Prior, const std::vector<double> &Y,
           const GpHyperparameters &H);

  /// The log marginal likelihood of the fit (s2 at its optimum, constants
  /// dropped); comparable between fits to the same Y.
  double logLikelihood() const { return LogLikelihood; }

  /// The posterior mean and standard deviation at X with prior value
  /// Prior, without the noise (the value a search cares about).
  void predict(const std::vector<double> &X, double Prior, double &Mean,
               double &Stddev) const;

  /// The hyperparameters chosen from the ladders by coordinate ascent (two
  /// passes), starting from Start; Start itself when nothing fits better.
  static GpHyperparameters select(const std::vector<std::vector<double>> &X,
                                  const std::vector<double> &Prior,
                                  const std::vector<double> &Y,
                                  const GpHyperparameters &Start);

private:
  GpHyperparameters H;
  std::vector<std::vector<double>> X;
  double Offset = 0, SignalVariance = 1, LogLikelihood = 0;
  std::vector<double> L;     ///< Cholesky factor, row-major lower, n x n.
  std::vector<double> Alpha; ///< (K / s2)^-1 (Y - the prior mean).

  double correlation(const std::vector<double> &A,
                     const std::vector<double> &B) const;
  /// Solves L z = B in place.
  void forward(std::vector<double> &B) const;
};

} // namespace tuner
} // namespace c2cuda

#endif
