"""`python -m bench`: run every benchmark and print its figures."""

from bench import mcp_lookup, pipeline

if __name__ == "__main__":
    pipeline.main([])
    print()
    mcp_lookup.main([])
