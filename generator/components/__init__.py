"""Component kinds (cards, maps, counters, ...): each turns validated data into output jobs."""
