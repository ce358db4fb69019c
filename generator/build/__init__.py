"""The build: plan every file, reuse what has not changed, render the rest, commit it whole."""
