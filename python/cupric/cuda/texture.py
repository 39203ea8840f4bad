"""cupric.cuda.texture: CUDA arrays, texture objects and surface objects (CuPy's
cupy.cuda.texture), for kernels that read through the texture units (``tex2D<float>(obj, x, y)``)
or write surfaces.

On the host backend a CUDAarray is a plain buffer and copy_from / copy_to work; texture and
surface objects need a GPU and raise RuntimeError saying so (Note [Texture memory] in
src/runtime/texture.cpp). Pass an object to a RawKernel as ``obj.ptr`` (the 64-bit handle).
"""
import numpy

from cupric._core import _runtime as _rt
from cupric.cuda import _runtime_constants as _c
from cupric.cuda.runtime import CUDARuntimeError  # noqa: F401 - CuPy names it here too

_tx = _rt.texture


class ChannelFormatDescriptor:
    """cudaChannelFormatDesc: bits of the x, y, z, w channels (0: absent) and the kind `f`
    (``runtime.cudaChannelFormatKindSigned``, ``Unsigned`` or ``Float``)."""

    def __init__(self, x, y, z, w, f):
        bits = [int(v) for v in (x, y, z, w)]
        if any(b < 0 for b in bits) or not any(bits):
            raise ValueError(f"channel bits must be non-negative with at least one channel, got {bits}")
        if f not in (_c.cudaChannelFormatKindSigned, _c.cudaChannelFormatKindUnsigned,
                     _c.cudaChannelFormatKindFloat):
            raise ValueError(f"unsupported channel format kind {f!r} (use runtime.cudaChannelFormatKind"
                             "Signed, Unsigned or Float)")
        self.x, self.y, self.z, self.w = bits
        self.f = int(f)

    def get_channel_format(self):
        """The descriptor as a dict with keys 'x', 'y', 'z', 'w', 'f'."""
        return {"x": self.x, "y": self.y, "z": self.z, "w": self.w, "f": self.f}

    def _tuple(self):
        return [self.x, self.y, self.z, self.w, self.f]

    @property
    def _num_channels(self):
        return sum(1 for b in (self.x, self.y, self.z, self.w) if b)

    def _dtype(self):
        bits = self.x
        kind = {_c.cudaChannelFormatKindSigned: "i", _c.cudaChannelFormatKindUnsigned: "u",
                _c.cudaChannelFormatKindFloat: "f"}[self.f]
        try:
            return numpy.dtype(f"{kind}{bits // 8}")
        except TypeError:
            raise ValueError(f"no dtype has {bits}-bit {kind} channels") from None


class CUDAarray:
    """A CUDA array (cudaArray) of ``width`` [x ``height`` [x ``depth``]] elements of format
    `desc`: ``CUDAarray(desc, width, height=0, depth=0, flags=0)`` (flags: cudaArray* flags, e.g.
    ``runtime.cudaArraySurfaceLoadStore`` for surfaces). Fill and read it with copy_from /
    copy_to from C-contiguous arrays of shape (depth, height, width * channels) (fewer
    dimensions for 2-D / 1-D) and the channel's dtype."""

    def __init__(self, desc, width, height=0, depth=0, flags=0):
        if not isinstance(desc, ChannelFormatDescriptor):
            raise TypeError(f"desc must be a ChannelFormatDescriptor, not {type(desc).__name__}")
        self.desc = desc
        self.width, self.height, self.depth, self.flags = int(width), int(height), int(depth), int(flags)
        self._a = _tx.CudaArray(desc._tuple(), self.width, self.height, self.depth, self.flags)

    @property
    def ptr(self):
        """The cudaArray_t handle (on the host backend: the buffer's address)."""
        return self._a.handle

    @property
    def ndim(self):
        return 1 if self.height == 0 else 2 if self.depth == 0 else 3

    def _shape(self):
        row = self.width * self.desc._num_channels
        return {1: (row,), 2: (self.height, row), 3: (self.depth, self.height, row)}[self.ndim]

    def _pointer(self, arr, what):
        import cupric
        if not isinstance(arr, (cupric.ndarray, numpy.ndarray)):
            raise TypeError(f"{what} needs a cupric.ndarray or a numpy.ndarray, not {type(arr).__name__}")
        shape = self._shape()
        if tuple(arr.shape) != shape:
            raise ValueError(f"{what}: the array's shape {tuple(arr.shape)} does not match the CUDA array's "
                             f"{shape} ((depth, height, width * channels))")
        dt = self.desc._dtype()
        if arr.dtype != dt:
            raise ValueError(f"{what}: the array's dtype {arr.dtype} does not match the channel format's {dt}")
        if not arr.flags.c_contiguous:
            raise ValueError(f"{what}: only C-contiguous arrays are supported")
        if isinstance(arr, cupric.ndarray):
            return arr.data.ptr
        return arr.__array_interface__["data"][0]

    def copy_from(self, in_arr, stream=None):
        """Copies all of `in_arr` (cupric or NumPy) into this array, on `stream` (default: the
        current one)."""
        if isinstance(in_arr, numpy.ndarray) and not in_arr.flags.writeable:
            in_arr = in_arr.copy()
        ptr = self._pointer(in_arr, "copy_from")
        self._a.copy_from(ptr, None if stream is None else stream)
        if isinstance(in_arr, numpy.ndarray):
            self._sync(stream)  # the NumPy memory must stay valid until the copy is done

    def copy_to(self, out_arr, stream=None):
        """Copies this array into all of `out_arr` (cupric or NumPy), on `stream`."""
        ptr = self._pointer(out_arr, "copy_to")
        self._a.copy_to(ptr, None if stream is None else stream)
        if isinstance(out_arr, numpy.ndarray):
            self._sync(stream)  # the caller reads the NumPy array next

    @staticmethod
    def _sync(stream):
        from cupric.cuda.stream import get_current_stream
        (stream if stream is not None else get_current_stream()).synchronize()


class ResourceDescriptor:
    """cudaResourceDesc: ``restype`` ``runtime.cudaResourceTypeArray`` (with `cuArr`),
    ``cudaResourceTypeLinear`` (`arr`, `chDesc`, `sizeInBytes`) or ``cudaResourceTypePitch2D``
    (`arr`, `chDesc`, `width`, `height`, `pitchInBytes`)."""

    def __init__(self, restype, cuArr=None, arr=None, chDesc=None, sizeInBytes=0, width=0, height=0,
                 pitchInBytes=0):
        if restype == _c.cudaResourceTypeArray:
            if not isinstance(cuArr, CUDAarray):
                raise ValueError("an array resource needs cuArr (a CUDAarray)")
        elif restype in (_c.cudaResourceTypeLinear, _c.cudaResourceTypePitch2D):
            if arr is None or chDesc is None:
                raise ValueError("a linear or pitch-2D resource needs arr and chDesc")
        else:
            raise ValueError(f"unsupported resource type {restype!r} (use runtime.cudaResourceTypeArray, "
                             "Linear or Pitch2D)")
        self.restype = int(restype)
        self.cuArr, self.arr, self.chDesc = cuArr, arr, chDesc
        self.sizeInBytes, self.width, self.height, self.pitchInBytes = (int(sizeInBytes), int(width), int(height),
                                                                        int(pitchInBytes))

    def get_resource_desc(self):
        """The descriptor as a dict (keys: resType and those of its kind)."""
        d = {"resType": self.restype}
        if self.restype == _c.cudaResourceTypeArray:
            d["array"] = {"array": self.cuArr.ptr}
        elif self.restype == _c.cudaResourceTypeLinear:
            d["linear"] = {"devPtr": self.arr.data.ptr, "desc": self.chDesc.get_channel_format(),
                           "sizeInBytes": self.sizeInBytes}
        else:
            d["pitch2D"] = {"devPtr": self.arr.data.ptr, "desc": self.chDesc.get_channel_format(),
                            "width": self.width, "height": self.height, "pitchInBytes": self.pitchInBytes}
        return d

    def _args(self):
        fmt = self.chDesc._tuple() if self.chDesc is not None else [0, 0, 0, 0, 0]
        ptr = self.arr.data.ptr if self.arr is not None else 0
        return (self.restype, self.cuArr._a if self.cuArr is not None else None, ptr, fmt, self.sizeInBytes,
                self.width, self.height, self.pitchInBytes)


class TextureDescriptor:
    """cudaTextureDesc: `addressModes` (up to 3 ``runtime.cudaAddressMode*``), `filterMode`,
    `readMode`, `sRGB`, `borderColors` (up to 4 floats), `normalizedCoords`, `maxAnisotropy`."""

    def __init__(self, addressModes=None, filterMode=0, readMode=0, sRGB=None, borderColors=None,
                 normalizedCoords=None, maxAnisotropy=None):
        modes = list(addressModes or ())
        if len(modes) > 3:
            raise ValueError("addressModes takes at most 3 modes")
        colors = [float(c) for c in (borderColors or ())]
        if len(colors) > 4:
            raise ValueError("borderColors takes at most 4 values")
        self.addressModes = [int(m) for m in modes] + [0] * (3 - len(modes))
        self.filterMode, self.readMode = int(filterMode), int(readMode)
        self.sRGB = int(sRGB or 0)
        self.borderColors = colors + [0.0] * (4 - len(colors))
        self.normalizedCoords = int(normalizedCoords or 0)
        self.maxAnisotropy = int(maxAnisotropy or 0)

    def get_texture_desc(self):
        """The descriptor as a dict of cudaTextureDesc's fields."""
        return {"addressMode": tuple(self.addressModes), "filterMode": self.filterMode,
                "readMode": self.readMode, "sRGB": self.sRGB, "borderColor": tuple(self.borderColors),
                "normalizedCoords": self.normalizedCoords, "maxAnisotropy": self.maxAnisotropy}

    def _args(self):
        return (self.addressModes, self.filterMode, self.readMode, self.sRGB, self.borderColors,
                self.normalizedCoords, self.maxAnisotropy)


class TextureObject:
    """A texture object over a resource (cudaCreateTextureObject); ``ptr`` is the handle a
    kernel takes as ``cudaTextureObject_t``. Needs a GPU."""

    def __init__(self, ResDesc, TexDesc):
        if not isinstance(ResDesc, ResourceDescriptor) or not isinstance(TexDesc, TextureDescriptor):
            raise TypeError("TextureObject(ResDesc, TexDesc) takes a ResourceDescriptor and a TextureDescriptor")
        self.ResDesc, self.TexDesc = ResDesc, TexDesc
        self.ptr = 0
        self.ptr = _tx.create_texture_object(*ResDesc._args(), *TexDesc._args())

    def __del__(self):
        if getattr(self, "ptr", 0):
            _tx.destroy_texture_object(self.ptr)
            self.ptr = 0


class SurfaceObject:
    """A surface object over an array resource (cudaCreateSurfaceObject; the array needs
    ``runtime.cudaArraySurfaceLoadStore``); ``ptr`` is the ``cudaSurfaceObject_t``. Needs a GPU."""

    def __init__(self, ResDesc):
        if not isinstance(ResDesc, ResourceDescriptor):
            raise TypeError("SurfaceObject(ResDesc) takes a ResourceDescriptor")
        self.ResDesc = ResDesc
        self.ptr = 0
        self.ptr = _tx.create_surface_object(*ResDesc._args())

    def __del__(self):
        if getattr(self, "ptr", 0):
            _tx.destroy_surface_object(self.ptr)
            self.ptr = 0


def _resource_args(res):
    if not isinstance(res, ResourceDescriptor):
        raise TypeError(f"expected a cupric.cuda.texture.ResourceDescriptor, not {type(res).__name__}")
    return res._args()


def _texture_args(tex):
    if not isinstance(tex, TextureDescriptor):
        raise TypeError(f"expected a cupric.cuda.texture.TextureDescriptor, not {type(tex).__name__}")
    return tex._args()
