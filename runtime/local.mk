## runtime/local.mk -- libarcov (filled in by the runtime work).
