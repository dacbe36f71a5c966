## plugin/local.mk -- the GCC plugin arcov.so (filled in by the plugin work).
