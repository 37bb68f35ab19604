"""The rules engine, the bottom floor: tiles, rules, moves, the mask core, hands, matches, seat
views, records and errors. Pure Python; it imports nothing above it (tests/test_floors.py)."""
