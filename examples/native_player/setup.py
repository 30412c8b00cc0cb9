"""Builds the example player in place: python setup.py build_ext --inplace"""

from Cython.Build import cythonize
from setuptools import Extension, setup

import baloot

setup(ext_modules=cythonize([Extension("highest_card", ["highest_card.pyx"], include_dirs=[baloot.get_include()])],
                            include_path=[baloot.get_include()], language_level=3))
