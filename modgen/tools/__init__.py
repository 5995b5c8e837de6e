"""Tools for module maintainers and players, one module per subcommand (issue 12).

* ``diff`` — ``modgen diff A B``: two modules (``.vmod`` or a bare ``buildFile.xml``) or two
  saves/logs, compared by component, piece, trait, prototype, image and set-up;
* ``import_setup`` — ``modgen import-setup SAVE``: a save's unit positions as a scenario's
  set-up list in the project's YAML;
* ``calibrate`` — ``modgen calibrate SCAN hex=x,y…``: a scanned map's hex grid from three or
  more hex centres, written into the map YAML, with an overlay to look at;
* ``dice`` — ``modgen dice LOG…``: dice statistics per player and die button.

Each ``*_cli`` module is the thin command line (``add_arguments``/``run``); the work is in the
module of the same name and returns data that text, JSON and HTML are rendered from. Nothing is
printed or written until everything was read: bad input is one error line and exit 2.
"""
