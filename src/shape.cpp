// Shape arithmetic shared by every layer (see include/cupric/shape.hpp).
#include "cupric/shape.hpp"
#include "cupric/error.hpp"

namespace cupric {

int64_t shape_size(const Dims& shape) {
  int64_t n = 1;
  bool zero = false;
  for (int64_t d : shape) {
    if (d == 0) zero = true;
  }
  if (zero) return 0;
  for (int64_t d : shape) {
    if (__builtin_mul_overflow(n, d, &n))
      throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  }
  return n;
}

Dims c_strides(const Dims& shape, int64_t itemsize) {
  Dims s(shape.size());
  int64_t acc = itemsize;
  for (size_t i = shape.size(); i-- > 0;) {
    s[i] = acc;
    acc *= std::max<int64_t>(shape[i], 1);
  }
  return s;
}

Dims f_strides(const Dims& shape, int64_t itemsize) {
  Dims s(shape.size());
  int64_t acc = itemsize;
  for (size_t i = 0; i < shape.size(); ++i) {
    s[i] = acc;
    acc *= std::max<int64_t>(shape[i], 1);
  }
  return s;
}

// NumPy's rule: dimensions of length 1 may have any stride; a zero-size array is contiguous.
bool is_c_contiguous(const Dims& shape, const Dims& strides, int64_t itemsize) {
  int64_t acc = itemsize;
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] == 0) return true;
  }
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] == 1) continue;
    if (strides[i] != acc) return false;
    acc *= shape[i];
  }
  return true;
}

bool is_f_contiguous(const Dims& shape, const Dims& strides, int64_t itemsize) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return true;
  }
  int64_t acc = itemsize;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (strides[i] != acc) return false;
    acc *= shape[i];
  }
  return true;
}

std::string shape_str(const Dims& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Dims broadcast_shapes(const std::vector<Dims>& shapes) {
  size_t nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  Dims out(nd, 1);
  for (const auto& s : shapes) {
    size_t off = nd - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t d = s[i];
      int64_t& o = out[off + i];
      if (d == o || d == 1) continue;
      if (o == 1) {
        o = d;
        continue;
      }
      std::string list;
      for (size_t k = 0; k < shapes.size(); ++k) {
        std::string t = shape_str(shapes[k]);
        t.erase(std::remove(t.begin(), t.end(), ' '), t.end());  // NumPy prints (2,3) here
        list += (k ? " " : "") + t;
      }
      throw ValueError("operands could not be broadcast together with shapes " + list);
    }
  }
  return out;
}

Dims broadcast_shapes(const Dims& a, const Dims& b) { return broadcast_shapes(std::vector<Dims>{a, b}); }

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim) throw AxisError(static_cast<long>(axis), ndim);
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

int64_t check_new_shape(const Dims& shape) {
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently " + std::to_string(kMaxDims) +
                     ", found " + std::to_string(shape.size()));
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  return shape_size(shape);
}

}  // namespace cupric
