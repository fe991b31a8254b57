"""The board build: hand-edited areas and features + Natural Earth -> maps/<id>.json and a preview.

Run from the repository root with the ``mapbuild`` extra installed::

    python -m maps.build            # writes maps/oikoumene.json and maps/oikoumene-preview.png

The game never imports this package; it reads only the JSON map.
"""
