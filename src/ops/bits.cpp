// numpy.packbits, numpy.unpackbits and ndarray.byteswap (cupric/ops/bits.hpp), as whole-array
// operations on uint8 views: a multiplication of uint64 words for packing (Note [Packing bits by
// multiplication]) and a spread by multiplication for unpacking (Note [Unpacking a byte by
// multiplication]), each one elementwise pass (kernels/bits_kernels.hpp); a reversed byte axis for
// byteswap.
#include "cupric/ops/bits.hpp"
#include <bit>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/copyto.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "engine/index/index_engine.hpp"
#include "kernels/bits_kernels.hpp"

namespace cupric {

namespace {

int64_t bits_axis(int64_t axis, int nd) {
  if (axis < -nd || axis >= nd) throw AxisError(axis, nd);
  return axis < 0 ? axis + nd : axis;
}

}  // namespace

// Note [Packing bits by multiplication]
// After `a != 0` every element is one byte holding 0 or 1, and eight of them, C-contiguous along
// the packed axis, are one little-endian uint64 x = sum_k b_k 2^(8k). The product x * M (mod 2^64)
// puts b_k at bit 8k + m for each bit m of M. With M = 0x8040201008040201 (bits 63 - 9j) b_k
// lands at bit 56 + (7 - k) for j = k, and every other (k, j) pair lands below bit 56 on a bit no
// other pair uses (8(k - k') = 9(j - j') has no other solution in 0..7), so nothing carries:
// the top byte is the big-endian packing. M = 0x0102040810204080 (bits 56 - 7j) gives the little
// one the same way. So packbits is one pass over a uint64 view, each word to its top byte after
// the multiplication (PackWordF), instead of a multiplication by bit weights and a sum over a
// length-8 axis. One-byte inputs (bool, int8, uint8) go straight in: the functor first makes
// each byte 0 or 1 (a bool view of other bytes counts as true, as NumPy's packbits tests != 0);
// wider integers are compared with 0 first.
ndarray packbits(const ndarray& a_arg, std::optional<int64_t> axis_arg, bool big) {
  static_assert(std::endian::native == std::endian::little, "packbits reads bytes of uint64 words");
  if (!a_arg.dtype().is_integer() && !a_arg.dtype().is_bool())
    throw TypeError("Expected an input array of integer or boolean data type");
  ndarray a = axis_arg ? a_arg : ravel(a_arg);
  const int64_t axis = axis_arg ? bits_axis(*axis_arg, a.ndim()) : 0;
  a = moveaxis(a, std::vector<int64_t>{axis}, std::vector<int64_t>{-1});
  if (a.itemsize() != 1) a = not_equal(a, 0);
  a = a.view(dtypes::bool_, a.shape(), a.strides(), 0);
  const int64_t n = a.shape().back(), nbytes = (n + 7) / 8;
  Dims pad_shape = a.shape();
  pad_shape.back() = nbytes * 8 - n;
  if (pad_shape.back() > 0) a = concatenate({a, zeros(pad_shape, dtypes::bool_)}, -1);
  if (!a.c_contiguous() || !detail::storage_aligned(a)) a = copy(a, Order::C);
  Dims packed_shape = a.shape();
  packed_shape.back() = nbytes;
  ndarray packed;
  if (a.size() == 0) {
    packed = zeros(packed_shape, dtypes::uint8);
  } else {
    const Dims word_strides = c_strides(packed_shape, 8);
    const ndarray words = a.view(dtypes::uint64, packed_shape, word_strides, 0);
    const PackWordF f{big ? 0x8040201008040201ULL : 0x0102040810204080ULL};
    const ndarray ops[2] = {ndarray::empty(packed_shape, dtypes::uint8, Order::C, &a.backend()), words};
    run_elementwise(pack_word_loops(), ops, 1, 1, &f);
    packed = ops[0];
  }
  return moveaxis(packed, std::vector<int64_t>{-1}, std::vector<int64_t>{axis});
}

ndarray unpackbits(const ndarray& a_arg, std::optional<int64_t> axis_arg, std::optional<int64_t> count, bool big) {
  if (a_arg.dtype() != dtypes::uint8) throw TypeError("Expected an input array of unsigned byte data type");
  ndarray a = axis_arg ? a_arg : ravel(a_arg);
  const int64_t axis = axis_arg ? bits_axis(*axis_arg, a.ndim()) : 0;
  a = moveaxis(a, std::vector<int64_t>{axis}, std::vector<int64_t>{-1});
  const UnpackByteF f{big ? 0x0102040810204080ULL : 0x8040201008040201ULL};
  const ndarray ops[2] = {ndarray::empty(a.shape(), dtypes::uint64, Order::C, &a.backend()), a};
  run_elementwise(unpack_byte_loops(), ops, 1, 1, &f);
  Dims flat = a.shape();
  const int64_t nbits = flat.back() * 8;
  flat.back() = nbits;
  ndarray r = ops[0].view(dtypes::uint8, flat, c_strides(flat, 1), 0);
  if (count) {
    int64_t keep = *count;
    if (keep < 0) {
      if (-keep > nbits) throw ValueError("-count larger than number of elements");
      keep += nbits;
    }
    if (keep <= nbits) {
      std::vector<Index> idx(static_cast<size_t>(r.ndim()), Index::slice());
      idx.back() = Index::slice(0, keep);
      r = basic_index(r, idx);
    } else {
      Dims pad = r.shape();
      pad.back() = keep - nbits;
      r = concatenate({r, zeros(pad, dtypes::uint8)}, -1);
    }
  }
  return moveaxis(r, std::vector<int64_t>{-1}, std::vector<int64_t>{axis});
}

ndarray byteswap(const ndarray& a, bool inplace) {
  const int64_t item = a.itemsize();
  const int64_t width = a.dtype().is_complex() ? item / 2 : item;
  if (width <= 1) return inplace ? a : copy(a);
  const ndarray src = copy(a, Order::C);
  ndarray res = ndarray::empty(a.shape(), a.dtype(), Order::C, &a.backend());
  const Dims bytes_shape{a.size(), item / width, width}, bytes_strides{item, width, 1};
  const ndarray from = src.view(dtypes::uint8, bytes_shape, bytes_strides, 0);
  const ndarray to = res.view(dtypes::uint8, bytes_shape, bytes_strides, 0);
  copyto(to, Operand(flip(from, std::vector<int64_t>{2})), Casting::No);
  if (!inplace) return res;
  copyto(a, Operand(res), Casting::No);
  return a;
}

}  // namespace cupric
