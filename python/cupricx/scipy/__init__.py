"""cupricx.scipy: SciPy's functions on cupric arrays (CuPy's cupyx.scipy); import the submodules."""
