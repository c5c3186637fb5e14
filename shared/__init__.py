"""What every ClauseFlow service uses: settings, bus, events, state, telemetry, messages."""
