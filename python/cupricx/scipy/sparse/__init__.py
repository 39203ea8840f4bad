"""cupricx.scipy.sparse: SciPy's sparse matrices and arrays on cupric (CuPy's cupyx.scipy.sparse)."""
