"""`python -m bench`: run every benchmark and print its figures."""

from bench import pipeline

if __name__ == "__main__":
    pipeline.main()
