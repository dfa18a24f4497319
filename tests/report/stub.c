/* Stands in for libdevtrace.so in the tests of `devtrace run`: a library
   that loads and does nothing, so those tests need no working shim. */
int devtrace_stub_loaded = 1;
