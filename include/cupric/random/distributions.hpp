// cupric's samplers of NumPy's distributions beyond the basic draws: device-portable templates on a
// bit source, the same numbers on host and GPU, plus NumPy's parameter rules as data.
#pragma once
#include "cupric/random/distributions/base.hpp"        // uniforms, normal, exponential, log k!
#include "cupric/random/distributions/continuous.hpp"  // gamma family, beta, ..., vonmises
#include "cupric/random/distributions/discrete.hpp"    // poisson, binomial, ..., hypergeometric
#include "cupric/random/distributions/multivariate.hpp"  // dirichlet rows
#include "cupric/random/distributions/param_rules.hpp"  // NumPy's checks and ValueError messages
#include "cupric/random/distributions/registry_samplers.hpp"  // the registry's sampler structs
