"""The catalog: derived from the records, the example questions built from it, and the policy
checked against it.
"""
