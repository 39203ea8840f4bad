// cupric's samplers of NumPy's distributions beyond the basic draws: device-portable templates on a
// bit source, the same numbers on host and GPU, and the registry's sampler structs over them.
// NumPy's parameter rules (host data) are in distributions/param_rules.hpp, included where the
// checks run (src/random/param_checks.cpp), so that editing a rule recompiles no kernel.
#pragma once
#include "cupric/random/distributions/base.hpp"               // uniforms, normal, exponential, log k!
#include "cupric/random/distributions/continuous.hpp"         // gamma family, beta, ..., vonmises
#include "cupric/random/distributions/discrete.hpp"           // poisson, binomial, ..., hypergeometric
#include "cupric/random/distributions/multivariate.hpp"       // dirichlet rows
#include "cupric/random/distributions/registry_samplers.hpp"  // the registry's sampler structs
