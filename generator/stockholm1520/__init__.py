"""Stockholm 1520: its card data and card designs (the map lives in generator.hexmap)."""
