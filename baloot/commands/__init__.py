"""The subcommands of the ``baloot`` command line, one module each with ``register(subparsers)``."""
