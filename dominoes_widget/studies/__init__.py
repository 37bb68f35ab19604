"""Players and studies: the bots, simulation, analysis and the jobs they run on any
``concurrent.futures`` executor. They take seat views and return moves, estimates and tables."""
