# The extension as its author builds it: pip install . (or setup.py build_ext).
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(name="first_element",
      ext_modules=[CppExtension("first_element", ["first_element.cpp"])],
      cmdclass={"build_ext": BuildExtension})
