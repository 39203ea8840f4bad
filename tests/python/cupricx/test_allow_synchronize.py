"""cupricx.allow_synchronize and cupricx.DeviceSynchronized (Note [Sync detection] in
python/cupric/_syncdetect.py), as CuPy's syncdetect."""
import threading
import warnings

import numpy
import pytest

import cupric
import cupricx


@pytest.fixture(autouse=True)
def _quiet_experimental():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', FutureWarning)
        yield


def test_disallowed_get_raises_and_leaves_the_array():
    a = cupric.array([2, 3])
    with cupricx.allow_synchronize(False):
        with pytest.raises(cupricx.DeviceSynchronized, match='Device synchronization was detected while disallowed'):
            a.get()
        for sync in (lambda: cupric.asnumpy(a), lambda: a[0].item(), lambda: float(a[1]), lambda: a.tolist(),
                     lambda: cupric.cuda.Device().synchronize()):
            with pytest.raises(cupricx.DeviceSynchronized):
                sync()
        b = a * 2  # work that does not wait for the device runs
    numpy.testing.assert_array_equal(b.get(), [4, 6])
    numpy.testing.assert_array_equal(a.get(), [2, 3])


def test_allowed_and_nested():
    a = cupric.array([2, 3])
    with cupricx.allow_synchronize(True):
        a.get()
    with cupricx.allow_synchronize(False):
        with cupricx.allow_synchronize(True):
            a.get()
        with pytest.raises(cupricx.DeviceSynchronized):
            a.get()
    a.get()  # restored after the block


def test_restored_after_an_exception_and_per_thread():
    a = cupric.array([1.0])
    with pytest.raises(KeyError):
        with cupricx.allow_synchronize(False):
            raise KeyError('x')
    a.get()
    seen = []
    with cupricx.allow_synchronize(False):
        t = threading.Thread(target=lambda: seen.append(a.get()[0]))  # another thread is not affected
        t.start()
        t.join()
    assert seen == [1.0]


def test_device_synchronized_class():
    assert issubclass(cupricx.DeviceSynchronized, RuntimeError)
    assert str(cupricx.DeviceSynchronized()) == 'Device synchronization was detected while disallowed.'
    assert str(cupricx.DeviceSynchronized('m')) == 'm'


def test_experimental_warning_and_switch():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        with cupricx.allow_synchronize(True):
            pass
    assert any(issubclass(x.category, FutureWarning) and 'cupyx.allow_synchronize is experimental' in str(x.message)
               for x in w)
    assert cupric.disable_experimental_feature_warning is False
    cupric.disable_experimental_feature_warning = True
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            with cupricx.allow_synchronize(True):
                pass
    finally:
        cupric.disable_experimental_feature_warning = False
