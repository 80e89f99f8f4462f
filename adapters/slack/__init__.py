"""Slack Web API calls behind small ports: who the workspace is, channels' and people's facts."""
