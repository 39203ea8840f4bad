"""cupricx: what NumPy lacks (CuPy's cupyx), and cupricx.scipy for SciPy functions (V5-CUPRICX)."""
