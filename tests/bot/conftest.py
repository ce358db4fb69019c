"""Fixtures for the bot's tests; helpers live in tests/bot/helpers.py."""
