// Histograms (NumPy's histogram, histogram_bin_edges, histogram2d, histogramdd). Bin edges are
// computed on the host exactly as NumPy computes them (from the data's range when none is given:
// host syncs for the minimum and maximum, and for the statistics of the str estimators); counts
// run on the device (a sort and a binary search of the edges; weighted: per-bin masked sums over
// chunks of bounded memory).
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

// NumPy's `bins`: a number of equal bins, the edges (1-d, increasing) or an estimator's name
// ("auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt").
struct HistogramBins {
  int64_t count = 10;
  ndarray edges;
  std::string estimator;
  HistogramBins(int64_t n = 10) : count(n) {}                      // NOLINT: implicit, as NumPy's bins=10
  HistogramBins(int n) : count(n) {}                               // NOLINT
  HistogramBins(ndarray e) : edges(std::move(e)) {}                // NOLINT
  HistogramBins(std::string name) : estimator(std::move(name)) {}  // NOLINT
  HistogramBins(const char* name) : estimator(name) {}             // NOLINT
};
using HistogramRange = std::optional<std::pair<double, double>>;

struct HistogramResult {
  ndarray hist, bin_edges;
};
HistogramResult histogram(const ndarray& a, const HistogramBins& bins = 10, HistogramRange range = std::nullopt,
                          bool density = false, const ndarray& weights = {});
ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins = 10, HistogramRange range = std::nullopt,
                            const ndarray& weights = {});

struct HistogramddResult {
  ndarray hist;
  std::vector<ndarray> edges;
};
// sample: the D coordinate arrays (numpy.histogramdd's sequence form); bins and range: one per
// dimension, or one for all (bins: counts or edges).
HistogramddResult histogramdd(const std::vector<ndarray>& sample, const std::vector<HistogramBins>& bins = {10},
                              const std::vector<HistogramRange>& range = {}, bool density = false,
                              const ndarray& weights = {});
struct Histogram2dResult {
  ndarray hist, xedges, yedges;
};
Histogram2dResult histogram2d(const ndarray& x, const ndarray& y, const std::vector<HistogramBins>& bins = {10},
                              const std::vector<HistogramRange>& range = {}, bool density = false,
                              const ndarray& weights = {});

}  // namespace cupric
