// The cupric C++ API: `#include <cupric/cupric.hpp>` gives ndarray, dtypes, creation, views,
// shape manipulation, casts, reductions and host transfers (namespace cupric; routine names and argument
// order follow NumPy).
#pragma once
#include "cupric/config.hpp"
#include "cupric/dtype.hpp"
#include "cupric/error.hpp"
#include "cupric/memory.hpp"
#include "cupric/ndarray.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/isclose.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/ufunc_funcs.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/cuda_info.hpp"
#include "cupric/runtime/stream.hpp"
#include "cupric/scalar.hpp"
#include "cupric/shape.hpp"
