"""python -m kanalyze: the same as the kanalyze entry point."""
from kanalyze import main

main()
