"""ClauseFlow services, one package each."""
