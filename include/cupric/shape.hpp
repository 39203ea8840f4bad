// Dims (a small vector for shapes and strides) and the shape arithmetic every layer shares:
// sizes, contiguous strides, contiguity tests, broadcasting, axis normalisation.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>
#include "cupric/config.hpp"

namespace cupric {

// A vector of int64 with room for 8 entries inline: shapes and strides of almost every array
// fit, so making a view allocates nothing for them.
class Dims {
 public:
  static constexpr int kInline = 8;
  Dims() = default;
  explicit Dims(size_t n, int64_t v = 0) { resize(n, v); }
  Dims(std::initializer_list<int64_t> il) { assign(il.begin(), il.end()); }
  Dims(const std::vector<int64_t>& v) { assign(v.data(), v.data() + v.size()); }
  Dims(const int64_t* b, const int64_t* e) { assign(b, e); }
  // (Copies and moves of inline dims copy the whole fixed-size buffer: no size-dependent memcpy
  // call; an array's shape and strides are copied several times per operation.)
  Dims(const Dims& o) {
    if (o.heap_)
      assign(o.begin(), o.end());
    else
      copy_inline(o);
  }
  Dims(Dims&& o) noexcept { move_from(o); }
  Dims& operator=(const Dims& o) {
    if (this == &o) return *this;
    if (!heap_ && !o.heap_) {
      copy_inline(o);
    } else {
      size_ = 0;
      assign(o.begin(), o.end());
    }
    return *this;
  }
  Dims& operator=(Dims&& o) noexcept {
    if (this != &o) {
      release();
      move_from(o);
    }
    return *this;
  }
  ~Dims() {
    if (heap_) delete[] heap_;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t* data() { return ptr(); }
  const int64_t* data() const { return ptr(); }
  int64_t* begin() { return ptr(); }
  int64_t* end() { return ptr() + size_; }
  const int64_t* begin() const { return ptr(); }
  const int64_t* end() const { return ptr() + size_; }
  int64_t& operator[](size_t i) { return ptr()[i]; }
  int64_t operator[](size_t i) const { return ptr()[i]; }
  int64_t& back() { return ptr()[size_ - 1]; }
  int64_t back() const { return ptr()[size_ - 1]; }

  void reserve(size_t n) {
    if (n <= cap_) return;
    auto* p = new int64_t[n];
    std::memcpy(p, ptr(), size_ * sizeof(int64_t));
    release_heap();
    heap_ = p;
    cap_ = n;
  }
  void resize(size_t n, int64_t v = 0) {
    reserve(n);
    for (size_t i = size_; i < n; ++i) ptr()[i] = v;
    size_ = n;
  }
  void push_back(int64_t v) {
    if (size_ == cap_) reserve(cap_ * 2);
    ptr()[size_++] = v;
  }
  void insert(size_t pos, int64_t v) {
    push_back(0);
    for (size_t i = size_ - 1; i > pos; --i) ptr()[i] = ptr()[i - 1];
    ptr()[pos] = v;
  }
  void erase(size_t pos) {
    for (size_t i = pos; i + 1 < size_; ++i) ptr()[i] = ptr()[i + 1];
    --size_;
  }
  void clear() { size_ = 0; }
  std::vector<int64_t> to_vector() const { return std::vector<int64_t>(begin(), end()); }

  friend bool operator==(const Dims& a, const Dims& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const Dims& a, const Dims& b) { return !(a == b); }

 private:
  int64_t* ptr() { return heap_ ? heap_ : inline_; }
  const int64_t* ptr() const { return heap_ ? heap_ : inline_; }
  void assign(const int64_t* b, const int64_t* e) {
    size_t n = static_cast<size_t>(e - b);
    reserve(n);
    std::memmove(ptr(), b, n * sizeof(int64_t));
    size_ = n;
  }
  void release_heap() {
    if (heap_) {
      delete[] heap_;
      heap_ = nullptr;
    }
  }
  void copy_inline(const Dims& o) {  // o and *this hold their elements inline
    std::memcpy(inline_, o.inline_, sizeof(inline_));
    size_ = o.size_;
  }
  void release() {
    release_heap();
    cap_ = kInline;
    size_ = 0;
  }
  void move_from(Dims& o) {
    if (o.heap_) {
      heap_ = o.heap_;
      cap_ = o.cap_;
      size_ = o.size_;
      o.heap_ = nullptr;
      o.cap_ = kInline;
      o.size_ = 0;
    } else {
      heap_ = nullptr;
      cap_ = kInline;
      copy_inline(o);
    }
  }
  // Not initialised: copies take the whole buffer with memcpy, a byte copy, which may copy
  // the unused tail's indeterminate bytes (well defined for memcpy).
  int64_t inline_[kInline];
  int64_t* heap_ = nullptr;
  size_t size_ = 0;
  size_t cap_ = kInline;
};

int64_t shape_size(const Dims& shape);  // product; throws ValueError on int64 overflow
Dims c_strides(const Dims& shape, int64_t itemsize);
Dims f_strides(const Dims& shape, int64_t itemsize);
bool is_c_contiguous(const Dims& shape, const Dims& strides, int64_t itemsize);
bool is_f_contiguous(const Dims& shape, const Dims& strides, int64_t itemsize);
// NumPy broadcasting of two or more shapes; throws ValueError naming the shapes.
Dims broadcast_shapes(const Dims& a, const Dims& b);
Dims broadcast_shapes(const std::vector<Dims>& shapes);
// Axis in [-ndim, ndim) to [0, ndim); throws AxisError.
int normalize_axis(int64_t axis, int ndim);
// "(2, 3)" like Python's tuple repr.
std::string shape_str(const Dims& shape);
// Validates a requested shape (non-negative, <= kMaxDims, size fits) and returns its size.
int64_t check_new_shape(const Dims& shape);

}  // namespace cupric
