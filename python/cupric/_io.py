"""Input and output through NumPy, as CuPy does it: files and buffers are read into NumPy on the
host, then copied to the device (load, loadtxt, genfromtxt, fromfile, frombuffer, fromiter,
fromstring); arrays are copied to the host and written by NumPy (save, savez, savez_compressed,
savetxt, ndarray.tofile/tobytes/dump/dumps)."""
import pickle

import numpy


def _cupric():
    import cupric
    return cupric


def _host(a):
    cp = _cupric()
    return a.get() if isinstance(a, cp.ndarray) else a


class NpzFile:
    """numpy.load's NpzFile with each array read into a cupric array (as cupy.load's)."""

    def __init__(self, npz_file):
        self.npz_file = npz_file

    def __enter__(self):
        self.npz_file.__enter__()
        return self

    def __exit__(self, typ, val, traceback):
        self.npz_file.__exit__(typ, val, traceback)

    def __getitem__(self, key):
        return _cupric().array(self.npz_file[key])

    def __contains__(self, key):
        return key in self.npz_file

    def __iter__(self):
        return iter(self.npz_file)

    def __len__(self):
        return len(self.npz_file)

    def keys(self):
        return self.npz_file.keys()

    @property
    def files(self):
        return self.npz_file.files

    def close(self):
        self.npz_file.close()


def load(file, mmap_mode=None, allow_pickle=None):
    """Arrays (or an NpzFile of them) from a .npy/.npz file (numpy.load), on the device."""
    kwargs = {} if allow_pickle is None else {'allow_pickle': allow_pickle}
    obj = numpy.load(file, mmap_mode, **kwargs)
    if isinstance(obj, numpy.ndarray):
        return _cupric().array(obj)
    if isinstance(obj, numpy.lib.npyio.NpzFile):
        return NpzFile(obj)
    return obj


def save(file, arr, allow_pickle=None):
    """Writes arr to a .npy file (numpy.save of its host copy)."""
    kwargs = {} if allow_pickle is None else {'allow_pickle': allow_pickle}
    numpy.save(file, _host(arr), **kwargs)


def savez(file, *args, **kwds):
    """Writes arrays to an uncompressed .npz file (numpy.savez of host copies)."""
    numpy.savez(file, *[_host(a) for a in args], **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, **kwds):
    """Writes arrays to a compressed .npz file (numpy.savez_compressed of host copies)."""
    numpy.savez_compressed(file, *[_host(a) for a in args], **{k: _host(v) for k, v in kwds.items()})


def savetxt(fname, X, *args, **kwargs):
    """Writes a 1-d or 2-d array to a text file (numpy.savetxt of its host copy)."""
    numpy.savetxt(fname, _host(X), *args, **kwargs)


def _reader(np_func):
    def read(*args, **kwargs):
        return _cupric().array(np_func(*args, **kwargs))
    read.__name__ = np_func.__name__
    read.__doc__ = f"numpy.{np_func.__name__}, the result copied to the device."
    return read


loadtxt = _reader(numpy.loadtxt)
genfromtxt = _reader(numpy.genfromtxt)
fromfile = _reader(numpy.fromfile)
frombuffer = _reader(numpy.frombuffer)
fromiter = _reader(numpy.fromiter)
fromstring = _reader(numpy.fromstring)


# ndarray methods (attached in cupric/_ndarray.py).
def ndarray_tofile(self, fid, sep="", format="%s"):  # noqa: A002
    """Writes the array to a file as text or binary (numpy.ndarray.tofile of the host copy)."""
    self.get().tofile(fid, sep, format)


def ndarray_tobytes(self, order='C'):
    """The raw bytes of the array's data (numpy.ndarray.tobytes of the host copy)."""
    return self.get().tobytes(order)


def ndarray_dump(self, file):
    """Pickles the array into file (a path or an open binary file)."""
    if isinstance(file, str):
        with open(file, 'wb') as f:
            pickle.dump(self, f, -1)
    else:
        pickle.dump(self, file, -1)


def ndarray_dumps(self):
    """The pickle of the array, as bytes."""
    return pickle.dumps(self, -1)

