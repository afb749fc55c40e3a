"""The search package: determinization (sampling the hidden cards), solver, pimc."""
