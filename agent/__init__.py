"""The language-model side of claim extraction: the agent factory and its output schema.

Nothing here decides validity or reads lifecycle records; `adapters/llm` runs the agent and
grounds what it proposes.
"""
